/**
 * The pure route generator: expands the resource table over a release into every prebuilt
 * response (every page × order × format of every list, every format of every detail).
 * No I/O; tests count its output.
 */
import { orderValues, parseOrder, sortBy as sortItems } from '../api/order.js';
import { FORMATS, type FormatName } from '../formats/table.js';
import type { ReleaseIndex } from './release-index.js';
import { RESOURCES, type DetailResource, type ListResource, type Resource } from './resources.js';
import { DEFAULT_PAGE_SIZE, type DetailRoute, type ListRoute, type PageRef, type Params } from './route.js';

export interface RouteOptions {
  /** Formats to prebuild (default: all in the format table). */
  readonly formats: readonly FormatName[];
}

export const defaultRouteOptions = (): RouteOptions => ({ formats: FORMATS.map((f) => f.name) });

/** A format as a response variant: named in the query, or served by default (JSON only). */
export interface FormatVariant {
  readonly format: FormatName;
  readonly formatInQuery: boolean;
}

/** Formats that apply to a resource, each as `?format=` variant, plus the implicit default. */
export function formatVariants(resource: Resource, options: RouteOptions): FormatVariant[] {
  const applicable = FORMATS.filter((f) => options.formats.includes(f.name) && (f.needs === 'data' || resource.hasMatrices));
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

/** One ordering of one list instance, items sorted. */
export interface ListVariant {
  readonly resource: ListResource<unknown>;
  readonly params: Params;
  /** The `order` query value or null for the default order. */
  readonly order: string | null;
  readonly pageSize: number | null;
  readonly items: readonly unknown[];
}

/** Every list instance × order (default first) × page size, items sorted accordingly. */
export function* listVariants(index: ReleaseIndex): Generator<ListVariant> {
  for (const resource of RESOURCES) {
    if (resource.kind !== 'list') continue;
    for (const { params, items } of resource.instances(index)) {
      for (const order of [null, ...orderValues(resource.orders)]) {
        const sorted = order === null ? items : sortedFor(resource, items, order);
        yield { resource, params, order, pageSize: null, items: sorted };
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
  const size = variant.pageSize ?? DEFAULT_PAGE_SIZE;
  for (const page of pageRefs(variant.items.length, size)) {
    for (const f of formatVariants(variant.resource, options)) {
      yield { kind: 'list', resource: variant.resource.name, params: variant.params, order: variant.order, page, pageSize: variant.pageSize, ...f };
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
  for (const v of listVariants(index)) yield* listRoutes(v, options);
  for (const d of detailInstances(index)) yield* detailRoutes(d.resource, d.params, options);
}
