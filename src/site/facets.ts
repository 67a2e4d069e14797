/**
 * The landing page's facets (src/formats/html/facets.ts) from the runtime's index: every
 * collection, taxonomic group and TF class of the release's matrices with its count. A
 * collection or group links to the matrix list filtered by it where the build prebuilt that
 * page (the route generator's own selections, so the file exists), to the collection's or
 * group's own list page otherwise, and in a compact build to the filtered list's API URL,
 * which the request runtime answers. Pure.
 */
import { BROWSABLE_FORMAT } from '../api/formats.js';
import { resourceSpec, type ListName } from '../api/resources.js';
import type { Facet, FacetTarget, FacetValue } from '../formats/html/facets.js';
import { selections, type RouteOptions } from '../plan/generate.js';
import type { ListRoute } from '../routes/route.js';
import { planFilterKeys, prebuiltPlan } from '../routes/prebuilt-plan.js';
import type { IndexData } from '../routes/site-data.js';

type Key = 'collection' | 'tax_group';

const MATRIX_LIST = resourceSpec('matrix-list');
/** The list page of one value, where the filter is not prebuilt. */
const OWN_LIST: Readonly<Record<Key, ListName>> = { collection: 'collection-matrices', tax_group: 'taxon-matrices' };

const listRoute = (resource: ListName, params: Record<string, string>, filters: Record<string, string>): ListRoute => ({
  kind: 'list',
  resource,
  params,
  filters,
  order: null,
  page: 1,
  pageSize: null,
  format: BROWSABLE_FORMAT,
  formatInQuery: true,
});

const byLabel = (a: FacetValue, b: FacetValue): number => (a.label < b.label ? -1 : a.label > b.label ? 1 : 0);

/** The values of one prebuildable filter with their counts and targets. */
function filterFacet(data: IndexData, key: Key, routes: RouteOptions, compact: boolean): FacetValue[] {
  const base = data.lists['matrix-list']['']!;
  const one = { pageSizes: [], orderFields: [], filterKeys: [key], filterOrders: false };
  const prebuilt = planFilterKeys(prebuiltPlan(MATRIX_LIST, routes)).indexOf(key) !== -1;
  const out: FacetValue[] = [];
  for (const sel of selections(data, prebuiltPlan(MATRIX_LIST, one), base)) {
    const f = sel.filters[0];
    if (sel.filters.length !== 1 || f === undefined) continue;
    const own = OWN_LIST[key];
    const to: FacetTarget =
      compact || prebuilt
        ? { page: { route: listRoute('matrix-list', {}, { [key]: f.value }) } }
        : data.lists[own][f.value] !== undefined
          ? { page: { route: listRoute(own, { id: f.value }, {}) } }
          : null;
    out.push({ label: f.value, count: sel.items.length, to });
  }
  return out.sort(byLabel);
}

/** Every TF class with the number of matrices it annotates. */
function classFacet(data: IndexData): FacetValue[] {
  const counts = new Map<string, number>();
  for (const classes of Array.from(data.matrices.classes))
    for (const c of new Set(Array.from(classes))) if (c !== '') counts.set(c, (counts.get(c) ?? 0) + 1);
  return [...counts].map(([label, count]) => ({ label, count, to: { tfClass: label } })).sort(byLabel);
}

/** The landing page's facets; `compact` for a compact build. */
export function landingFacets(data: IndexData, routes: RouteOptions, compact: boolean): Facet[] {
  return [
    { title: 'Collection', values: filterFacet(data, 'collection', routes, compact) },
    { title: 'Taxonomic group', values: filterFacet(data, 'tax_group', routes, compact) },
    { title: 'TF class', values: classFacet(data) },
  ];
}
