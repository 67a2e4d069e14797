/**
 * The pure route generator: expands the resource table over a release into every prebuilt
 * response (every page × order × format of every list, every format of every detail).
 * No I/O; tests count its output.
 */
import { orderValues, parseOrder, sortBy as sortItems } from '../api/order.js';
import { FORMATS, type FormatName } from '../formats/table.js';
import type { ReleaseIndex } from './release-index.js';
import { RESOURCES, type DetailResource, type ListFilter, type ListResource, type Resource } from './resources.js';
import { effectivePageSize, MAX_PAGE_SIZE, type DetailRoute, type ListRoute, type PageRef, type Params } from './route.js';

export interface RouteOptions {
  /** Formats to prebuild (default: all in the format table). */
  readonly formats: readonly FormatName[];
  /**
   * Explicit `page_size` values to prebuild besides the default (no `page_size`). Values over
   * {@link MAX_PAGE_SIZE} are prebuilt as JASPAR clamps them (1000 records per page).
   */
  readonly pageSizes: readonly number[];
  /** Order fields to prebuild (each ascending and descending); null = every field. */
  readonly orderFields: readonly string[] | null;
  /** Filter keys to prebuild on lists that have filters; null = every filter. */
  readonly filterKeys: readonly string[] | null;
  /** Whether filtered lists are prebuilt in every order too (else only in the default order). */
  readonly filterOrders: boolean;
  /** Whether the release ships binding sites (so `format=bed` and /api/v1/sites/ exist). */
  readonly withSites: boolean;
}

/** `page_size` values prebuilt by default (larger values are clamped to 1000 where the host can). */
export const DEFAULT_PAGE_SIZES: readonly number[] = [10, 100, 1000];

export const defaultRouteOptions = (): RouteOptions => ({
  formats: FORMATS.map((f) => f.name),
  pageSizes: DEFAULT_PAGE_SIZES,
  orderFields: null,
  filterKeys: null,
  filterOrders: false,
  withSites: false,
});

/** The order values (`name`, `-name`) of a list that the options keep, for filtered selections or not. */
export function orderChoices(resource: ListResource<unknown>, options: RouteOptions, filtered = false): string[] {
  if (filtered && !options.filterOrders) return [];
  const fields = options.orderFields === null ? resource.orders : resource.orders.filter((f) => options.orderFields?.includes(f.name));
  return orderValues(fields);
}

/** The filters of a list that the options keep, in application order. */
export function filterChoices(resource: ListResource<unknown>, options: RouteOptions): ListFilter<unknown>[] {
  return resource.filters.filter((f) => options.filterKeys === null || options.filterKeys.includes(f.key));
}

/** Every subset of `xs`, each in the order of `xs`, largest first (the empty set last). */
export function subsets<T>(xs: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let mask = (1 << xs.length) - 1; mask >= 0; mask--) out.push(xs.filter((_, i) => mask & (1 << i)));
  return out.sort((a, b) => b.length - a.length);
}

/** A format as a response variant: named in the query, or served by default (JSON only). */
export interface FormatVariant {
  readonly format: FormatName;
  readonly formatInQuery: boolean;
}

/** Formats that apply to a resource, each as `?format=` variant, plus the implicit default. */
export function formatVariants(resource: Resource, options: RouteOptions): FormatVariant[] {
  const applies = (needs: string) => needs === 'data' || (resource.hasMatrices && (needs === 'matrices' || (needs === 'sites' && options.withSites)));
  const applicable = FORMATS.filter((f) => options.formats.includes(f.name) && applies(f.needs));
  const out: FormatVariant[] = applicable.map((f) => ({ format: f.name, formatInQuery: true }));
  if (resource.kind === 'list') out.push({ format: 'json', formatInQuery: false });
  return out;
}

/** Number of pages of a list of `count` records (page 1 exists even when empty). */
export const pageCount = (count: number, size: number): number => Math.max(1, Math.ceil(count / size));

/** Every page reference of a list: 1..N, then `last`. */
export function pageRefs(count: number, size: number): PageRef[] {
  const n = pageCount(count, size);
  return [...Array.from({ length: n }, (_, i) => i + 1), 'last'];
}

/** One ordering of one list instance at one page size, items sorted. */
export interface ListVariant {
  readonly resource: ListResource<unknown>;
  readonly params: Params;
  /** Filter query values selecting the items (empty when unfiltered). */
  readonly filters: Params;
  /** The `order` query value or null for the default order. */
  readonly order: string | null;
  readonly pageSize: number | null;
  readonly items: readonly unknown[];
}

/** Each filtered selection of `items`: every subset of the filters × every value that selects something. */
function* filtered(filters: readonly ListFilter<unknown>[], items: readonly unknown[]): Generator<{ filters: Params; items: readonly unknown[] }> {
  for (const subset of subsets(filters)) {
    let groups: { filters: Record<string, string>; items: readonly unknown[] }[] = [{ filters: {}, items }];
    for (const filter of subset) {
      groups = groups.flatMap((g) => [...filter.split(g.items)].filter(([, sel]) => sel.length > 0).map(([value, sel]) => ({ filters: { ...g.filters, [filter.key]: value }, items: sel })));
    }
    yield* groups;
  }
}

/** Every list instance × filter selection × order (default first) × page size, items sorted. */
export function* listVariants(index: ReleaseIndex, options: RouteOptions): Generator<ListVariant> {
  for (const resource of RESOURCES) {
    if (resource.kind !== 'list') continue;
    for (const { params, items: all } of resource.instances(index)) {
      for (const { filters, items } of filtered(filterChoices(resource, options), all)) {
        for (const order of [null, ...orderChoices(resource, options, Object.keys(filters).length > 0)]) {
          const sorted = order === null ? items : sortedFor(resource, items, order);
          for (const pageSize of [null, ...options.pageSizes]) yield { resource, params, filters, order, pageSize, items: sorted };
        }
      }
    }
  }
}

function sortedFor(resource: ListResource<unknown>, items: readonly unknown[], order: string): readonly unknown[] {
  const parsed = parseOrder(resource.orders, order);
  if (!parsed) throw new Error(`unknown order ${order}`);
  return sortItems(items, parsed.field, parsed.descending);
}

/** The routes of one list variant: every page × format variant. */
export function* listRoutes(variant: ListVariant, options: RouteOptions): Generator<ListRoute> {
  const size = effectivePageSize(variant.pageSize);
  for (const page of pageRefs(variant.items.length, size)) {
    for (const f of formatVariants(variant.resource, options)) {
      yield { kind: 'list', resource: variant.resource.name, params: variant.params, filters: variant.filters, order: variant.order, page, pageSize: variant.pageSize, ...f };
    }
  }
}

/** Every detail instance of every detail resource with its item. */
export function* detailInstances(index: ReleaseIndex): Generator<{ resource: DetailResource<unknown>; params: Params; item: unknown }> {
  for (const resource of RESOURCES) {
    if (resource.kind !== 'detail') continue;
    for (const { params, item } of resource.instances(index)) yield { resource, params, item };
  }
}

/** The routes of one detail instance: one per applicable format. */
export function* detailRoutes(resource: DetailResource<unknown>, params: Params, options: RouteOptions): Generator<DetailRoute> {
  for (const f of formatVariants(resource, options)) yield { kind: 'detail', resource: resource.name, params, format: f.format };
}

/** Every route of a release, lists first (for counting and URL tables). */
export function* allRoutes(index: ReleaseIndex, options: RouteOptions): Generator<ListRoute | DetailRoute> {
  for (const v of listVariants(index, options)) yield* listRoutes(v, options);
  for (const d of detailInstances(index)) yield* detailRoutes(d.resource, d.params, options);
}
