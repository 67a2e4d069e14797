/**
 * The pure route generator: expands the resource table over a release's index into every
 * prebuilt response — every page × order × page size × format of every list (and of every
 * filtered selection of /api/v1/matrix/ that selects something), every format of every detail.
 * No I/O; tests count its output. What it yields is exactly what the runtime's rules mode
 * serves (src/routes/prebuilt.ts).
 */
import type { Rows } from '../routes/rows.js';
import { DEFAULT_FORMAT, FORMATS, type FormatName } from '../api/formats.js';
import {
  PREBUILT_FILTERS,
  type DetailDescriptor,
  type ListDescriptor,
  type ListName,
  type MatrixFilter,
} from '../api/resources.js';
import { resourceFormats } from '../routes/applies.js';
import { planFilterKeys, planOrders, prebuiltPlans, type PrebuiltPlan } from '../routes/prebuilt-plan.js';
import { filterItems, foldIndex, orderItems, pageCount, type FilterValue, type OrderTerm } from '../routes/select.js';
import type { IndexData, PrebuiltLists, SiteConfig } from '../routes/site-data.js';
import { effectivePageSize, type DetailRoute, type ListRoute, type PageRef, type Params } from '../routes/route.js';

/** What a build prebuilds: its formats, page sizes, orders and filters. */
export interface RouteOptions extends PrebuiltLists {
  readonly formats: readonly FormatName[];
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

/** A format as a response variant: named in the query, or served by default (JSON only). */
export interface FormatVariant {
  readonly format: FormatName;
  readonly formatInQuery: boolean;
}

/** Formats that apply to a resource on a site, each as `?format=` variant, plus the implicit default for lists. */
export function formatVariants(
  resource: ListDescriptor | DetailDescriptor,
  site: Pick<SiteConfig, 'formats' | 'withSites'>,
): FormatVariant[] {
  const out: FormatVariant[] = resourceFormats(resource, site).map((format) => ({ format, formatInQuery: true }));
  if (resource.kind === 'list' && site.formats.includes(DEFAULT_FORMAT))
    out.push({ format: DEFAULT_FORMAT, formatInQuery: false });
  return out;
}

/** Every page reference of a list: 1..N, then `last`. */
export function pageRefs(count: number, size: number): PageRef[] {
  return [...Array.from({ length: pageCount(count, size) }, (_, i) => i + 1), 'last'];
}

/** Every subset of `xs`, each in the order of `xs`, largest first (the empty set last). */
export function subsets<T>(xs: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let mask = (1 << xs.length) - 1; mask >= 0; mask--) out.push(xs.filter((_, i) => mask & (1 << i)));
  return out.sort((a, b) => b.length - a.length);
}

/** The values a prebuildable filter takes among matrices (stored case), each selecting at least one. */
function filterValues(index: IndexData, key: MatrixFilter, items: Rows<number>): string[] {
  const m = index.matrices;
  const values = new Set<string>();
  for (const i of Array.from(items)) {
    if (key === 'collection') values.add(m.collection[i]!);
    else if (key === 'tax_group') for (const v of Array.from(m.taxGroups[i]!)) values.add(v);
    else if (key === 'tax_id') for (const v of Array.from(m.taxIds[i]!)) values.add(v);
  }
  if (key === 'version') return items.length ? ['latest'] : [];
  return [...values];
}

/** One selection of a list instance: its filter values and its items in default order. */
export interface Selection {
  readonly filters: readonly FilterValue[];
  readonly items: Rows<number>;
}

/** The unfiltered selection, then every prebuilt filter combination that selects something. */
export function* selections(index: IndexData, plan: PrebuiltPlan, base: Rows<number>): Generator<Selection> {
  const list = plan.list;
  yield { filters: [], items: base };
  const keys = planFilterKeys(plan);
  // The filtered text folded once for every combination below.
  const folded = keys.length === 0 ? undefined : foldIndex(index, false);
  for (const subset of subsets(keys)) {
    if (subset.length === 0) continue;
    let groups: Selection[] = [{ filters: [], items: base }];
    for (const key of subset) {
      groups = groups.flatMap((g) =>
        filterValues(index, key, g.items).map((value) => {
          const filters = [...g.filters, { key, value }];
          // The filters are AND-ed and keep the base's order, so the group's items (those passing the
          // filters before this one) select the same as the base: unless `version=latest` was among
          // them, as it keeps the latest of what the others selected.
          const from = g.filters.some((f) => f.key === 'version') ? base : g.items;
          return { filters, items: filterItems(index, list, from, filters, folded) };
        }),
      );
      groups = groups.filter((g) => g.items.length > 0);
    }
    yield* groups;
  }
}

/** One ordering × page size of a selection: the items to paginate and the route fields naming it. */
export interface ListVariant {
  readonly list: ListDescriptor;
  readonly id: string;
  readonly filters: readonly FilterValue[];
  readonly order: string | null;
  readonly terms: readonly OrderTerm[];
  readonly pageSize: number | null;
  /** The selection's items, ordered. */
  readonly items: Rows<number>;
}

const termsOf = (order: string | null): OrderTerm[] =>
  order === null ? [] : [{ field: order.replace(/^-/, ''), descending: order.startsWith('-') }];

/** Every prebuilt list variant of a site: instance × selection × order × page size. */
export function* listVariants(index: IndexData, prebuilt: PrebuiltLists): Generator<ListVariant> {
  for (const plan of prebuiltPlans(prebuilt)) {
    const list = plan.list;
    for (const [id, base] of Object.entries(index.lists[list.name as ListName])) {
      for (const sel of selections(index, plan, base)) {
        for (const order of [null, ...planOrders(plan, sel.filters.length > 0)]) {
          const terms = termsOf(order);
          const items = orderItems(index, list, sel.items, terms);
          for (const pageSize of [null, ...plan.pageSizes])
            yield { list, id, filters: sel.filters, order, terms, pageSize, items };
        }
      }
    }
  }
}

/** The filter values of a variant as route parameters, in path order. */
export function filterParams(filters: readonly FilterValue[]): Params {
  const out: Record<string, string> = {};
  for (const p of PREBUILT_FILTERS) {
    const f = filters.find((x) => x.key === p.key);
    if (f) out[f.key] = f.value;
  }
  return out;
}

/** The routes of one list variant: every page × format variant. */
export function* listRoutes(
  variant: ListVariant,
  site: Pick<SiteConfig, 'formats' | 'withSites'>,
): Generator<ListRoute> {
  const size = effectivePageSize(variant.pageSize);
  const params: Params = variant.list.segments.length > 1 ? { id: variant.id } : {};
  // The same for every page of the variant.
  const formats = formatVariants(variant.list, site);
  const filters = filterParams(variant.filters);
  for (const page of pageRefs(variant.items.length, size)) {
    for (const f of formats) {
      yield {
        kind: 'list',
        resource: variant.list.name as ListRoute['resource'],
        params,
        filters,
        order: variant.order,
        page,
        pageSize: variant.pageSize,
        format: f.format,
        formatInQuery: f.formatInQuery,
      };
    }
  }
}

/** The routes of one detail instance: one per applicable format. */
export function* detailRoutes(
  detail: DetailDescriptor,
  id: string,
  site: Pick<SiteConfig, 'formats' | 'withSites'>,
): Generator<DetailRoute> {
  const params: Params = detail.segments.includes(':id') ? { id } : {};
  for (const f of formatVariants(detail, site))
    yield { kind: 'detail', resource: detail.name as DetailRoute['resource'], params, format: f.format };
}
