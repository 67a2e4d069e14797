/**
 * Which list page a build wrote as a file for a request, if any: the rules tier serves only
 * these, the compute tier serves them as its fast path when the request is exactly the one the
 * file was made for (so its `next`/`previous` links are the ones DRF would write). The build
 * enumerates the same set (src/plan/generate.ts). Runtime-safe subset.
 */
import { formatSpec, type FormatName } from '../api/formats.js';
import { orderValues, PREBUILT_FILTERS, type ListDescriptor } from '../api/resources.js';
import { isSafeSegment } from '../segments.js';
import type { ListRoute } from './route.js';
import { orderValue, type RequestParams } from './params.js';
import { asciiLower, asciiUpper } from './request.js';
import type { FilterValue } from './select.js';
import type { PrebuiltLists } from './site-data.js';

/** The order values prebuilt for a list (each field ascending and descending), for filtered selections or not. */
export function prebuiltOrders(list: ListDescriptor, prebuilt: PrebuiltLists, filtered: boolean): string[] {
  if (filtered && !prebuilt.filterOrders) return [];
  const fields: string[] = [];
  for (let i = 0; i < list.orders.length; i++) {
    const f = list.orders[i]!;
    if (prebuilt.orderFields === null || prebuilt.orderFields.indexOf(f) !== -1) fields.push(f);
  }
  return orderValues(fields);
}

/** The filters whose selections are prebuilt for a list, in path order. */
export function prebuiltFilterKeys(list: ListDescriptor, prebuilt: PrebuiltLists): string[] {
  const out: string[] = [];
  if (!list.prebuildFilters) return out;
  for (let i = 0; i < PREBUILT_FILTERS.length; i++) {
    const key = PREBUILT_FILTERS[i]!.key;
    if (prebuilt.filterKeys === null || prebuilt.filterKeys.indexOf(key) !== -1) out.push(key);
  }
  return out;
}

/** What a rules-only host answers instead of a file: the part of the request it has no page for. */
export interface Unprebuilt {
  readonly unavailable: string;
}

/** A filter value as stored (the case prebuilt files use). */
function folded(f: FilterValue): string {
  for (let i = 0; i < PREBUILT_FILTERS.length; i++) {
    const p = PREBUILT_FILTERS[i]!;
    if (p.key !== f.key) continue;
    return p.fold === 'upper' ? asciiUpper(f.value) : p.fold === 'lower' ? asciiLower(f.value) : f.value;
  }
  return f.value;
}

/**
 * The prebuilt list route for a request on `list` (instance `id`), or what makes it
 * unprebuilt, from the request's parsed parameters. `formatInQuery` says whether the format came from `format=`/suffix (its files
 * carry it in their links) or from the Accept header (only JSON has files without it).
 * Filter values are folded to the stored case; a page number out of range still gives a
 * route (its file does not exist).
 */
export function prebuiltRoute(
  list: ListDescriptor,
  id: string,
  format: FormatName,
  formatInQuery: boolean,
  params: RequestParams,
  prebuilt: PrebuiltLists,
): ListRoute | Unprebuilt {
  const keys = prebuiltFilterKeys(list, prebuilt);
  const filters = params.filters;
  const values: { [key: string]: string } = {};
  for (let i = 0; i < filters.length; i++) {
    const f = filters[i]!;
    if (keys.indexOf(f.key) === -1) return { unavailable: `The filter ${f.key}` };
    values[f.key] = folded(f);
  }
  const terms = params.order;
  if (terms.length > 1) return { unavailable: 'Ordering by several fields' };
  const order = terms.length === 1 ? orderValue(terms[0]!) : null;
  if (order !== null && prebuiltOrders(list, prebuilt, filters.length > 0).indexOf(order) === -1) {
    return { unavailable: `order=${order}${filters.length > 0 ? ' on a filtered list' : ''}` };
  }
  const pageSize = params.pageSize;
  if (pageSize !== null && prebuilt.pageSizes.indexOf(pageSize) === -1)
    return { unavailable: `page_size=${params.pageSizeText}` };
  const page = params.page;
  const implicit = !formatInQuery && formatSpec(format).role === 'default';
  return {
    kind: 'list',
    resource: list.name as ListRoute['resource'],
    params: list.segments.length > 1 ? { id } : {},
    filters: values,
    order,
    page: page === null ? 0 : page,
    pageSize,
    format,
    formatInQuery: !implicit,
  };
}

/** The largest page number a file can be named after (beyond it a number prints in exponent form). */
const MAX_PAGE = 9007199254740991;

/** Whether a page names a file: `last`, or a positive integer that prints as digits. */
export const pageNamesFile = (page: ListRoute['page']): boolean =>
  page === 'last' || (typeof page === 'number' && page >= 1 && page <= MAX_PAGE);

/** Whether a prebuilt route's values can all be file names (else no file exists for it). */
export function isFileable(route: ListRoute): boolean {
  const keys = Object.keys(route.filters);
  for (let i = 0; i < keys.length; i++) if (!isSafeSegment(route.filters[keys[i]!]!)) return false;
  if (route.params.id !== undefined && !isSafeSegment(route.params.id)) return false;
  return pageNamesFile(route.page);
}
