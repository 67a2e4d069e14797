/**
 * The records of a list (contract §3, §8, §8.1), the one authority on list semantics for the
 * build and the runtime: filters AND-ed (the matrix filters on matrix lists, `search` and
 * `tax_group` on the TFFM list), then `version=latest` within them, then ordering by the
 * index's ranks (ties keep the default order), then pagination as DRF's PageNumberPagination.
 * Runtime-safe subset (docs/runtime.md).
 */
import type { ListDescriptor, MatrixFilter } from '../api/resources.js';
import { asciiLower, asciiUpper } from './request.js';
import type { IndexData, MatrixAttributes, TffmAttributes } from './site-data.js';
import { rowIndex, rowSlice, type Rows } from './rows.js';
import { searchCandidates, trigramIndex, type Trigrams } from './search-index.js';

/** A filter the request sets (src/routes/params.ts reads them). */
export interface FilterValue {
  readonly key: MatrixFilter;
  readonly value: string;
}

/** One ordering term: a field and its direction. */
export interface OrderTerm {
  readonly field: string;
  readonly descending: boolean;
}

/**
 * The text the substring filters read (`search`, `class`, `family`, `type` and the TFFM
 * `search`), lower-cased once per index rather than once per record per request. Hosts that
 * keep the index across requests keep this beside it (src/runtime/data.ts, `foldedIndex`).
 */
export interface FoldedIndex {
  readonly name: Rows<string>;
  readonly baseId: Rows<string>;
  readonly collection: Rows<string>;
  readonly classes: Rows<Rows<string>>;
  readonly families: Rows<Rows<string>>;
  readonly types: Rows<Rows<string>>;
  readonly tffmName: Rows<string>;
  readonly tffmId: Rows<string>;
  readonly tffmMatrixId: Rows<string>;
  /**
   * Every matrix's name, base id and collection, lower-cased, joined by NUL: one string `search`
   * scans once. Matrix `i` owns `[searchStarts[i], searchStarts[i + 1])`.
   */
  readonly searchText: string;
  readonly searchStarts: Rows<number>;
  /** Per matrix, its position in the unfiltered matrix list's default order: a search's hits put in order without a pass over every matrix. */
  readonly listPosition: Rows<number>;
  /**
   * The `search` index of name, base id and collection (search-index.ts), in that list's order;
   * null where the index is folded per isolate (edge hosts, the dev server), whose first filtered
   * request would pay for making it (2.5–4 ms of JASPAR2018's, past Cloudflare's free CPU budget
   * on a cold isolate): those scan, and keep repeated answers (src/runtime/answer-cache.ts).
   */
  readonly trigrams: Trigrams | null;
}

function lowerAll(values: Rows<string>): string[] {
  const out: string[] = [];
  for (let i = 0; i < values.length; i++) out.push(asciiLower(values[i]!));
  return out;
}

function lowerEach(values: Rows<Rows<string>>): string[][] {
  const out: string[][] = [];
  for (let i = 0; i < values.length; i++) out.push(lowerAll(values[i]!));
  return out;
}

/** The index's filtered text, lower-cased (ASCII only, as the filters fold). */
export function foldIndex(index: IndexData, withTrigrams: boolean): FoldedIndex {
  const m = index.matrices;
  const t = index.tffms;
  const name = lowerAll(m.name);
  const baseId = lowerAll(m.baseId);
  const collection = lowerAll(m.collection);
  const parts: string[] = [];
  const searchStarts: number[] = [];
  let at = 0;
  for (let i = 0; i < name.length; i++) {
    const part = `${name[i]}${SEP}${baseId[i]}${SEP}${collection[i]}${SEP}`;
    searchStarts.push(at);
    parts.push(part);
    at += part.length;
  }
  searchStarts.push(at);
  const all = index.lists['matrix-list'][''];
  const listPosition: number[] = [];
  for (let i = 0; i < name.length; i++) listPosition.push(-1);
  if (all !== undefined) for (let k = 0; k < all.length; k++) listPosition[all[k]!] = k;
  const searched: string[][] = [];
  if (withTrigrams) for (let i = 0; i < name.length; i++) searched.push([name[i]!, baseId[i]!, collection[i]!]);
  return {
    name,
    baseId,
    collection,
    classes: lowerEach(m.classes),
    families: lowerEach(m.families),
    types: lowerEach(m.types),
    tffmName: lowerAll(t.name),
    tffmId: lowerAll(t.tffmId),
    tffmMatrixId: lowerAll(t.matrixId),
    searchText: parts.join(''),
    searchStarts,
    listPosition,
    trigrams: withTrigrams ? trigramIndex(searched, all ?? []) : null,
  };
}

/** What separates the fields in {@link FoldedIndex.searchText}; a needle holding it is searched field by field. */
const SEP = '\u0000';

/** The matrix owning position `p` of the search text. */
function ownerOf(starts: Rows<number>, p: number): number {
  let lo = 0;
  let hi = starts.length - 2;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= p) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** The matrices whose name, base id or collection contains `needle` (lower-cased, no NUL), by a scan of the joined text: ascending. */
function scanMatches(folded: FoldedIndex, needle: string): number[] {
  const starts = folded.searchStarts;
  const out: number[] = [];
  const end = starts[starts.length - 1]!;
  let p = folded.searchText.indexOf(needle);
  while (p !== -1 && p < end) {
    const i = ownerOf(starts, p);
    out.push(i);
    p = folded.searchText.indexOf(needle, starts[i + 1]!);
  }
  return out;
}

/** A search's matches, and whether they are in the unfiltered matrix list's order (from the index) or ascending (a scan). */
interface SearchHits {
  readonly items: Rows<number>;
  readonly listOrder: boolean;
}

/** The matrices whose name, base id or collection contains `needle` (lower-cased, no NUL): from the index where it can answer. */
function searchMatches(folded: FoldedIndex, needle: string): SearchHits {
  const found = folded.trigrams === null ? null : searchCandidates(folded.trigrams, needle);
  if (found === null) return { items: scanMatches(folded, needle), listOrder: false };
  if (found.exact) return { items: found.items, listOrder: true };
  const out: number[] = [];
  for (let k = 0; k < found.items.length; k++) {
    const i = found.items[k]!;
    if (
      contains(folded.name[i]!, needle) ||
      contains(folded.baseId[i]!, needle) ||
      contains(folded.collection[i]!, needle)
    )
      out.push(i);
  }
  return { items: out, listOrder: true };
}

/** Per item, 1 when it is among `matches`. */
function marks(count: number, matches: Rows<number>): number[] {
  const out: number[] = [];
  for (let i = 0; i < count; i++) out.push(0);
  for (let k = 0; k < matches.length; k++) out[matches[k]!] = 1;
  return out;
}

/**
 * Matrices of the unfiltered list in its order: by their positions, sorted (few hits) or marked
 * (many). The list holds every matrix, so a handful of hits needs no pass over it.
 */
function inListOrder(folded: FoldedIndex, all: Rows<number>, hits: SearchHits): number[] {
  const matches = hits.items;
  const out: number[] = [];
  // From the index: already in the list's order, the matrices outside the list (none in a built index) left out.
  if (hits.listOrder) {
    for (let k = 0; k < matches.length; k++) if (folded.listPosition[matches[k]!] !== -1) out.push(matches[k]!);
    return out;
  }
  const positions: number[] = [];
  for (let k = 0; k < matches.length; k++) positions.push(folded.listPosition[matches[k]!]!);
  if (matches.length * 16 < all.length) {
    positions.sort((a, b) => a - b);
    for (let k = 0; k < positions.length; k++) out.push(all[positions[k]!]!);
    return out;
  }
  const marked = marks(all.length, positions);
  for (let k = 0; k < marked.length; k++) if (marked[k] === 1) out.push(all[k]!);
  return out;
}

const contains = (folded: string, needle: string): boolean => folded.indexOf(needle) !== -1;

function anyContains(values: Rows<string>, needle: string): boolean {
  for (let i = 0; i < values.length; i++) if (contains(values[i]!, needle)) return true;
  return false;
}

/** A filter with its value folded once for the whole list (not once per record). */
interface PreparedFilter {
  readonly key: MatrixFilter;
  readonly value: string;
  readonly upper: string;
  readonly lower: string;
}

const prepare = (f: FilterValue): PreparedFilter => ({
  key: f.key,
  value: f.value,
  upper: asciiUpper(f.value),
  lower: asciiLower(f.value),
});

/** Whether matrix `i` passes one filter (every filter but `version`). */
function passes(
  m: MatrixAttributes,
  folded: FoldedIndex,
  hits: readonly number[] | null,
  i: number,
  f: PreparedFilter,
): boolean {
  switch (f.key) {
    case 'collection':
      return m.collection[i] === f.upper;
    case 'tax_group':
      return rowIndex(m.taxGroups[i]!, f.lower) !== -1;
    case 'tax_id':
      return rowIndex(m.taxIds[i]!, f.value) !== -1;
    case 'name':
      return m.name[i] === f.value;
    // The 2018 API's names read the same annotations (contract §8.1).
    case 'tf_class':
    case 'class':
      return anyContains(folded.classes[i]!, f.lower);
    case 'tf_family':
    case 'family':
      return anyContains(folded.families[i]!, f.lower);
    case 'data_type':
    case 'type':
      return anyContains(folded.types[i]!, f.lower);
    case 'search':
      if (hits !== null) return hits[i] === 1;
      return (
        contains(folded.name[i]!, f.lower) ||
        contains(folded.baseId[i]!, f.lower) ||
        contains(folded.collection[i]!, f.lower)
      );
    case 'version':
      return true;
  }
}

/**
 * Whether TFFM `i` passes one of the TFFM list's filters (contract §8.1): `search` in its name,
 * tffm_id or matrix_id (case-insensitive), `tax_group` of its matrix (equal after lower-casing;
 * a TFFM whose matrix the release lacks has none). Other names are no TFFM filter.
 */
function tffmPasses(
  t: TffmAttributes,
  m: MatrixAttributes,
  folded: FoldedIndex,
  i: number,
  f: PreparedFilter,
): boolean {
  if (f.key === 'search')
    return (
      contains(folded.tffmName[i]!, f.lower) ||
      contains(folded.tffmId[i]!, f.lower) ||
      contains(folded.tffmMatrixId[i]!, f.lower)
    );
  if (f.key === 'tax_group') return t.matrix[i]! !== -1 && rowIndex(m.taxGroups[t.matrix[i]!]!, f.lower) !== -1;
  return true;
}

/** Per base id, only its highest version among `items` (kept in their order). */
function latestOnly(m: MatrixAttributes, items: Rows<number>): number[] {
  const best: { [baseId: string]: number } = Object.create(null);
  for (let k = 0; k < items.length; k++) {
    const i = items[k]!;
    const b = m.baseId[i]!;
    const seen = best[b];
    if (seen === undefined || m.version[i]! > m.version[seen]!) best[b] = i;
  }
  const out: number[] = [];
  for (let k = 0; k < items.length; k++) if (best[m.baseId[items[k]!]!] === items[k]) out.push(items[k]!);
  return out;
}

/** The TFFMs among `items` that pass every filter, in their order. */
function filterTffms(
  index: IndexData,
  folded: FoldedIndex,
  items: Rows<number>,
  filters: readonly FilterValue[],
): number[] {
  const prepared: PreparedFilter[] = [];
  for (let f = 0; f < filters.length; f++) prepared.push(prepare(filters[f]!));
  const out: number[] = [];
  for (let k = 0; k < items.length; k++) {
    let ok = true;
    for (let f = 0; f < prepared.length && ok; f++)
      ok = tffmPasses(index.tffms, index.matrices, folded, items[k]!, prepared[f]!);
    if (ok) out.push(items[k]!);
  }
  return out;
}

/**
 * The items of a list instance that pass `filters`, in default order. `folded` is the index's
 * {@link foldIndex}, when the caller keeps one; otherwise it is made for this call.
 */
export function filterItems(
  index: IndexData,
  list: ListDescriptor,
  items: Rows<number>,
  filters: readonly FilterValue[],
  folded?: FoldedIndex,
): Rows<number> {
  if (filters.length === 0) return items;
  const text = folded ?? foldIndex(index, false);
  if (list.items === 'tffm') return filterTffms(index, text, items, filters);
  if (list.items !== 'matrix') return items;
  const m = index.matrices;
  let latest = false;
  const prepared: PreparedFilter[] = [];
  for (let f = 0; f < filters.length; f++) {
    if (filters[f]!.key === 'version') latest = true;
    else prepared.push(prepare(filters[f]!));
  }
  // A `search` scans the joined text once (an empty needle or one holding NUL: field by field).
  const scans: (SearchHits | null)[] = [];
  for (let f = 0; f < prepared.length; f++) {
    const needle = prepared[f]!.lower;
    const scan = prepared[f]!.key === 'search' && needle !== '' && needle.indexOf(SEP) === -1;
    scans.push(scan ? searchMatches(text, needle) : null);
  }
  // A search alone on the unfiltered list: its hits in the list's order, without a pass over every matrix.
  const only = scans[0];
  if (prepared.length === 1 && only && items === index.lists['matrix-list']['']) {
    const found = inListOrder(text, items, only);
    return latest ? latestOnly(m, found) : found;
  }
  const hits: (number[] | null)[] = [];
  for (let f = 0; f < scans.length; f++) {
    const scan = scans[f];
    hits.push(scan ? marks(m.name.length, scan.items) : null);
  }
  const out: number[] = [];
  for (let k = 0; k < items.length; k++) {
    const i = items[k]!;
    let ok = true;
    // A scanned search is one lookup (no call per record: this loop is most of a search on njs).
    for (let f = 0; f < prepared.length && ok; f++) {
      const h = hits[f];
      ok = h !== null && h !== undefined ? h[i] === 1 : passes(m, text, null, i, prepared[f]!);
    }
    if (ok) out.push(i);
  }
  return latest ? latestOnly(m, out) : out;
}

/** `items` ordered by `terms` (ranks of the list's item table), ties in default order. */
export function orderItems(
  index: IndexData,
  list: ListDescriptor,
  items: Rows<number>,
  terms: readonly OrderTerm[],
): Rows<number> {
  if (terms.length === 0) return items;
  const table = index.tables[list.items];
  // Ranks are small integers (1 to at most the count, src/api/order.ts ranksOf): a stable
  // counting pass per term, last term first, orders by every term with ties in the items' order
  // (a radix sort: no comparator calls, which cost most of an ordered page on njs).
  let out: number[] = rowSlice(items, 0, items.length);
  for (let t = terms.length - 1; t >= 0; t--) {
    const r = table.ranks[terms[t]!.field]!;
    const starts: number[] = [];
    for (let b = 0; b <= table.count; b++) starts.push(0);
    for (let k = 0; k < out.length; k++) starts[r[out[k]!]!]!++;
    let at = 0;
    for (let b = 0; b <= table.count; b++) {
      const rank = terms[t]!.descending ? table.count - b : b;
      const n = starts[rank]!;
      starts[rank] = at;
      at += n;
    }
    const next: number[] = [];
    for (let k = 0; k < out.length; k++) next.push(0);
    for (let k = 0; k < out.length; k++) next[starts[r[out[k]!]!]!++] = out[k]!;
    out = next;
  }
  return out;
}

/** Each list's unfiltered items in every single order, by list and order value (`-name`): made once per index. */
export type SortedLists = { readonly [list: string]: { readonly [order: string]: Rows<number> } };

/** {@link SortedLists} of an index: the unfiltered instance of each list, in each order its items' table ranks. */
export function sortLists(index: IndexData, lists: readonly ListDescriptor[]): SortedLists {
  const out: { [list: string]: { [order: string]: Rows<number> } } = {};
  for (let l = 0; l < lists.length; l++) {
    const list = lists[l]!;
    const base = index.lists[list.name as keyof IndexData['lists']]?.[''];
    if (base === undefined || list.orders.length === 0) continue;
    const orders: { [order: string]: Rows<number> } = {};
    const fields = Object.keys(index.tables[list.items].ranks);
    for (let f = 0; f < fields.length; f++)
      for (let d = 0; d < 2; d++)
        orders[`${d === 1 ? '-' : ''}${fields[f]}`] = orderItems(index, list, base, [
          { field: fields[f]!, descending: d === 1 },
        ]);
    out[list.name] = orders;
  }
  return out;
}

/** Number of pages of a list (page 1 exists even when empty). */
export const pageCount = (count: number, size: number): number => Math.max(1, Math.ceil(count / size));

/** The 1-based page to answer, or null for DRF's `Invalid page.`. */
export function resolvePage(page: number | 'last' | null, count: number, size: number): number | null {
  const pages = pageCount(count, size);
  if (page === 'last') return pages;
  if (page === null || page < 1 || page > pages) return null;
  return page;
}
