/**
 * The prebuilt plan: the one description of what a build prebuilt for each list, built from the
 * resource table (src/api/resources.ts) and the site's PrebuiltLists. Every copy of "which file
 * answers this request" on the rules tier reads it: the build's enumeration
 * (src/plan/generate.ts), the runtime's rules mode (prebuilt.ts `prebuiltRoute`), the rule
 * groups that Netlify's `_redirects` and Apache's rules are written from
 * (src/hosting/rules/derive-groups.ts), and the CloudFront function's table, a compact
 * serialization of the plans (src/hosts/cloudfront/table.ts). What a request cannot get is
 * worded once, in unprebuilt.ts. Runtime-safe subset.
 */
import {
  filterOnly,
  orderValues,
  PREBUILT_FILTERS,
  RESOURCES,
  type ListDescriptor,
  type MatrixFilter,
} from '../api/resources.js';
import type { Fold } from './request.js';
import type { PrebuiltLists } from './site-data.js';

/** A filter the list reads. */
export interface ReadFilter {
  readonly key: MatrixFilter;
  /** The one value that filters (`version`: `latest`; the request's door ignores others), or null. */
  readonly only: string | null;
}

/** A filter whose selections are prebuilt: its values are path segments, in the stored case. */
export interface PrebuiltFilter extends ReadFilter {
  readonly fold: Fold;
}

/** What a build prebuilt for one list. */
export interface PrebuiltPlan {
  readonly list: ListDescriptor;
  /** Every filter the list reads, in its (the request's door's) order; those not in {@link filters} are refused. */
  readonly reads: readonly ReadFilter[];
  /** The filters whose selections are prebuilt, in path order. */
  readonly filters: readonly PrebuiltFilter[];
  /** The order fields prebuilt, each ascending and descending, in the list's order: on the whole list… */
  readonly orderFields: readonly string[];
  /** …and on a filtered selection. */
  readonly filteredOrderFields: readonly string[];
  /** The `page_size` values prebuilt besides none (the default). */
  readonly pageSizes: readonly number[];
}

/** The plan of one list. */
export function prebuiltPlan(list: ListDescriptor, prebuilt: PrebuiltLists): PrebuiltPlan {
  const filters: PrebuiltFilter[] = [];
  for (let i = 0; list.prebuildFilters && i < PREBUILT_FILTERS.length; i++) {
    const p = PREBUILT_FILTERS[i]!;
    if (prebuilt.filterKeys === null || prebuilt.filterKeys.indexOf(p.key) !== -1)
      filters.push({ key: p.key, fold: p.fold, only: p.only });
  }
  const orderFields = list.orders.filter(
    (f) => prebuilt.orderFields === null || prebuilt.orderFields.indexOf(f) !== -1,
  );
  return {
    list,
    reads: list.filters.map((key) => ({ key, only: filterOnly(key) })),
    filters,
    orderFields,
    filteredOrderFields: prebuilt.filterOrders ? orderFields : [],
    pageSizes: prebuilt.pageSizes,
  };
}

/** The plans of every list, in the resource table's (matching) order. */
export function prebuiltPlans(prebuilt: PrebuiltLists): PrebuiltPlan[] {
  const out: PrebuiltPlan[] = [];
  for (let i = 0; i < RESOURCES.length; i++) {
    const r = RESOURCES[i]!;
    if (r.kind === 'list') out.push(prebuiltPlan(r, prebuilt));
  }
  return out;
}

/** The plan of `list` among `plans`. */
export function planOf(plans: readonly PrebuiltPlan[], list: ListDescriptor): PrebuiltPlan {
  for (let i = 0; i < plans.length; i++) if (plans[i]!.list.name === list.name) return plans[i]!;
  throw new Error(`no prebuilt plan for ${list.name}`);
}

/** The order values prebuilt (each field ascending, then descending), on a filtered selection or not. */
export const planOrders = (plan: PrebuiltPlan, filtered: boolean): string[] =>
  orderValues(filtered ? plan.filteredOrderFields : plan.orderFields);

/** The keys of the prebuilt filters, in path order. */
export const planFilterKeys = (plan: PrebuiltPlan): MatrixFilter[] => plan.filters.map((f) => f.key);
