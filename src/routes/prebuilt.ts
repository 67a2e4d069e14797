/**
 * Which list page a build wrote as a file for a request, if any: the rules tier serves only
 * these, the compute tier serves them as its fast path when the request is exactly the one the
 * file was made for (so its `next`/`previous` links are the ones DRF would write). The build
 * enumerates the same set (src/plan/generate.ts). Runtime-safe subset.
 */
import { formatSpec, type FormatName } from '../api/formats.js';
import { isSafeSegment } from '../segments.js';
import { pageNamesFile } from './page-number.js';
import type { ListRoute } from './route.js';
import { orderValue, type RequestParams } from './params.js';
import { planOrders, type PrebuiltPlan } from './prebuilt-plan.js';
import { foldValue } from './request.js';
import type { Unprebuilt } from './unprebuilt.js';

/**
 * The prebuilt list route for a request on the plan's list (instance `id`), or what makes it
 * unprebuilt, from the request's parsed parameters: a reader of the plan (prebuilt-plan.ts).
 * `formatInQuery` says whether the format came from `format=`/suffix (its files carry it in
 * their links) or from the Accept header (only JSON has files without it). Filter values are
 * folded to the stored case; a page number out of range still gives a route (its file does
 * not exist).
 */
export function prebuiltRoute(
  plan: PrebuiltPlan,
  id: string,
  format: FormatName,
  formatInQuery: boolean,
  params: RequestParams,
): ListRoute | { readonly unavailable: Unprebuilt } {
  const list = plan.list;
  const filters = params.filters;
  const values: { [key: string]: string } = {};
  for (let i = 0; i < filters.length; i++) {
    const f = filters[i]!;
    let k = 0;
    while (k < plan.filters.length && plan.filters[k]!.key !== f.key) k++;
    if (k === plan.filters.length) return { unavailable: { kind: 'filter', key: f.key } };
    values[f.key] = foldValue(plan.filters[k]!.fold, f.value);
  }
  const terms = params.order;
  if (terms.length > 1) return { unavailable: { kind: 'several-orders' } };
  const order = terms.length === 1 ? orderValue(terms[0]!) : null;
  const filtered = filters.length > 0;
  if (order !== null && planOrders(plan, filtered).indexOf(order) === -1)
    return { unavailable: { kind: 'order', order, filtered } };
  const pageSize = params.pageSize;
  if (pageSize !== null && plan.pageSizes.indexOf(pageSize) === -1)
    return { unavailable: { kind: 'page-size', text: params.pageSizeText ?? String(pageSize) } };
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

/** Whether a prebuilt route's values can all be file names (else no file exists for it). */
export function isFileable(route: ListRoute): boolean {
  const keys = Object.keys(route.filters);
  for (let i = 0; i < keys.length; i++) if (!isSafeSegment(route.filters[keys[i]!]!)) return false;
  if (route.params.id !== undefined && !isSafeSegment(route.params.id)) return false;
  return pageNamesFile(route.page);
}
