/**
 * One page of a list, from the index and the records' fragments: the selection (select.ts),
 * the envelope with DRF's links (links.ts) and the format's assembly (assemble.ts). The build
 * writes every prebuilt page with this function and the runtime answers every other page with
 * it, so the two agree byte for byte. Runtime-safe subset.
 */
import { rowSlice, type Rows } from '../routes/rows.js';
import { formatSpec, fragmentFormat, type FormatName } from '../api/formats.js';
import type { ListDescriptor } from '../api/resources.js';
import type { Envelope } from '../formats/list-frames.js';
import { listPath } from '../routes/paths.js';
import type { ListRoute } from '../routes/route.js';
import { assembleList } from './assemble.js';
import { pageLinks } from '../routes/links.js';
import type { RequestParams } from '../routes/params.js';
import { effectivePageSize } from '../routes/route.js';
import {
  filterItems,
  orderItems,
  pageCount,
  resolvePage,
  type FilterValue,
  type FoldedIndex,
  type OrderTerm,
  type SortedLists,
} from '../routes/select.js';
import type { IndexData, ReleaseConfig, SiteConfig } from '../routes/site-data.js';

/** What selects and shapes one list page. */
export interface PageRequest {
  readonly site: SiteConfig;
  readonly release: ReleaseConfig;
  readonly index: IndexData;
  /** The index's filtered text lower-cased, when the host keeps it (src/runtime/data.ts). */
  readonly folded?: FoldedIndex;
  /** Each list's unfiltered items in each single order, when the host keeps them (src/runtime/data.ts). */
  readonly sorted?: SortedLists;
  readonly list: ListDescriptor;
  /** The instance's `:id`, '' for lists without one. */
  readonly id: string;
  readonly format: FormatName;
  /** The request's parameters (src/routes/params.ts): filters, order, page, page size, the pairs links keep. */
  readonly params: RequestParams;
  /** The prebuilt route this page is, or null when no file holds it. */
  readonly route: ListRoute | null;
}

/** Fragments of `items` of a kind in a format, or null while they are not loaded. */
export type FragmentSource = (kind: string, format: FormatName, items: readonly number[]) => string[] | null;

export type PageResult =
  | { readonly kind: 'body'; readonly body: string }
  | { readonly kind: 'not-found' }
  | { readonly kind: 'invalid-page' }
  | { readonly kind: 'loading' };

/** The items of a list instance as a request selects and orders them; null when the instance does not exist. */
export function selectedItems(
  index: IndexData,
  list: ListDescriptor,
  id: string,
  filters: readonly FilterValue[],
  order: readonly OrderTerm[],
  folded?: FoldedIndex,
  sorted?: SortedLists,
): Rows<number> | null {
  const instances = index.lists[list.name as keyof IndexData['lists']];
  const base = instances ? instances[id] : undefined;
  if (base === undefined) return null;
  // The unfiltered list in one order: made once per index where the host keeps it.
  const term = order.length === 1 ? order[0]! : null;
  const ready =
    term !== null && filters.length === 0 && id === '' && sorted !== undefined
      ? sorted[list.name]?.[`${term.descending ? '-' : ''}${term.field}`]
      : undefined;
  if (ready !== undefined) return ready;
  return orderItems(index, list, filterItems(index, list, base, filters, folded), order);
}

/** The body of one list page. */
export function listPageBody(req: PageRequest, source: FragmentSource): PageResult {
  const selected = selectedItems(
    req.index,
    req.list,
    req.id,
    req.params.filters,
    req.params.order,
    req.folded,
    req.sorted,
  );
  return selected === null ? { kind: 'not-found' } : pageBody(req, selected, source);
}

/**
 * What the build keeps between the pages it writes (the runtime keeps nothing): many prebuilt
 * pages are the same bytes (page `last` is page N; a selection that fits in one page is that
 * page at every page size, format variant and order that leaves its items in place), so a body
 * is made once by everything it is made of. Only for frames whose bytes do not depend on the
 * page's own file (not the HTML page, whose links are relative to it), and only a selection's last
 * page.
 */
export interface PageMemo {
  get(key: string): MemoPage | undefined;
  /** Keep the page just made (its body is the result's: the memo keeps what it needs of it). */
  set(key: string, items: readonly number[], body: string): void;
  /** The links of a list's pages ({@link pageLinks}), made once for the pages that share `pairs`. */
  links(url: string, pairs: RequestParams['pairs']): (page: number | null) => string;
}

/**
 * A page kept by {@link PageMemo}: the items it holds (its key names them only by a hash) and
 * its body's length. Not the body: the build writes a page of the same bytes as a link of the
 * first one's file, and bodies kept for that lived long enough for the collector to copy them
 * into the old generation, a third of what it moved there (issue 46).
 */
export interface MemoPage {
  readonly items: readonly number[];
  readonly length: number;
}

/** A page the memo says is the same bytes as the kept one (only when a memo is given). */
export interface SamePage {
  readonly kind: 'same';
  readonly page: MemoPage;
}

/** FNV-1a over the items' numbers: cheaper than a key spelling them out, a page of 1000 items at most. */
function itemsHash(items: readonly number[]): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < items.length; i++) h = Math.imul(h ^ items[i]!, 0x01000193);
  return h >>> 0;
}

function sameItems(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * The body of one page of `selected` (the list's items as the request selects and orders them);
 * with a memo, a page it kept the same bytes of is that page ({@link SamePage}), not made again.
 */
export function pageBody(req: Omit<PageRequest, 'index'>, selected: Rows<number>, source: FragmentSource): PageResult;
export function pageBody(
  req: Omit<PageRequest, 'index'>,
  selected: Rows<number>,
  source: FragmentSource,
  memo: PageMemo,
): PageResult | SamePage;
export function pageBody(
  req: Omit<PageRequest, 'index'>,
  selected: Rows<number>,
  source: FragmentSource,
  memo?: PageMemo,
): PageResult | SamePage {
  const pageSize = effectivePageSize(req.params.pageSize);
  const page = resolvePage(req.params.page, selected.length, pageSize);
  if (page === null) return { kind: 'invalid-page' };
  const pages = pageCount(selected.length, pageSize);
  const items = rowSlice(selected, (page - 1) * pageSize, page * pageSize);
  const url = `${req.site.baseUrl}${listPath(req.list.name as ListRoute['resource'], req.list.segments.length > 1 ? { id: req.id } : {})}`;
  const link =
    page < pages || page > 1
      ? memo === undefined
        ? pageLinks(url, req.params.pairs)
        : memo.links(url, req.params.pairs)
      : null;
  const env: Envelope = {
    count: selected.length,
    next: link !== null && page < pages ? link(page + 1) : null,
    previous: link !== null && page > 1 ? link(page - 1 === 1 ? null : page - 1) : null,
  };
  // Everything a body of another frame than HTML is made of (a build's pages take the default
  // callback). A text or BED body is its records alone: any page recurs wherever the same items
  // do (another list, page size or order). Of the others only a selection's last page recurs (as
  // `last`, or as the one page at another page size, order or format variant): the rest are not
  // kept, which would make the collector copy them.
  const frame = formatSpec(req.format).frame;
  const bare = frame === 'text' || frame === 'bed';
  const key =
    memo === undefined || (page !== pages && !bare) || frame === 'html' || req.params.callback !== null
      ? null
      : bare
        ? `${req.format}\n${req.list.items}\n${items.length}\n${itemsHash(items)}`
        : `${req.format}\n${env.count}\n${env.next}\n${env.previous}\n${req.list.items}\n${items.length}\n${itemsHash(items)}`;
  const kept = key === null || memo === undefined ? undefined : memo.get(key);
  if (kept !== undefined && sameItems(kept.items, items)) return { kind: 'same', page: kept };
  const fragments = source(req.list.items, fragmentFormat(req.format), items);
  if (fragments === null) return { kind: 'loading' };
  const body = assembleList(env, fragments, {
    site: req.site,
    release: req.release,
    list: req.list,
    id: req.id,
    format: req.format,
    params: req.params,
    page,
    pages,
    pageSize,
    route: req.route,
  });
  if (body === null) return { kind: 'not-found' };
  if (key !== null && memo !== undefined) memo.set(key, items, body);
  return { kind: 'body', body };
}
