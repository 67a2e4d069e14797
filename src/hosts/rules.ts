/**
 * The one rule table (style pattern 7) mapping request path + query to prebuilt files. Every
 * host adapter (Netlify, nginx, Apache, CloudFront, the dev server) is fed from it.
 *
 * Semantics, as measured on Netlify's engine (contract §7): rules are tried in order and the
 * first match wins; a rule matches when the path matches (`:name` = one segment, trailing
 * slash optional) and every query key it lists is present (literal values must be equal,
 * `:name` binds any value); extra keys do not matter; a repeated key counts with its last value.
 */
import { formatSpec, type FormatName } from '../formats/table.js';
import { filterChoices, formatVariants, orderChoices, subsets, type RouteOptions } from '../routes/generate.js';
import { routeFile, type ErrorName } from '../routes/paths.js';
import { RESOURCES, UNSUPPORTED_FILTERS, type ListFilter, type Resource } from '../routes/resources.js';
import { MAX_PAGE_SIZE, type DetailRoute, type ListRoute, type PageRef } from '../routes/route.js';

export type QueryCondition =
  | { readonly key: string; readonly value: string }
  /**
   * Binds any value. `fold` is the case the stored values use: hosts that can (dev server,
   * CloudFront, nginx, Apache) fold the value first; Netlify cannot (docs/hosting.md).
   */
  | {
      readonly key: string;
      readonly placeholder: string;
      readonly fold?: 'upper' | 'lower';
      /** A digits-only value above `max` counts as `max` (page_size clamps to 1000), where the host can compute it. */
      readonly max?: number;
    };

export type RuleAction =
  /** Serve the file `target` (placeholders filled); when it does not exist, answer `missing`. */
  | { readonly kind: 'rewrite'; readonly target: string; readonly format: FormatName; readonly missing: ErrorName }
  /** Answer an error (404 with its JSON body). */
  | { readonly kind: 'error'; readonly error: ErrorName };

export interface Rule {
  /** Path pattern without trailing slash, e.g. `/api/v1/matrix/:id`. */
  readonly path: string;
  /**
   * DRF's format suffix: the last path segment must end with `.<suffix>`, which is removed
   * before the pattern is matched (`/api/v1/matrix/MA0004.1.jaspar`, `/api/v1/matrix.json`).
   */
  readonly suffix?: string;
  readonly query: readonly QueryCondition[];
  readonly action: RuleAction;
}

const PAGE = ':page';
const SIZE = ':size';

function pathPattern(resource: Resource): string {
  return `/api/v1/${resource.segments.join('/')}`;
}

/** Path parameters as placeholders, e.g. { id: ':id' }. */
function placeholderParams(resource: Resource): Record<string, string> {
  const out: Record<string, string> = {};
  for (const s of resource.segments) if (s.startsWith(':')) out[s.slice(1)] = s;
  return out;
}

/** A list route used as a rule target: page and page size may be placeholders. */
function listTarget(resource: Resource, fields: Omit<ListRoute, 'kind' | 'resource' | 'page' | 'pageSize'>, page: string | number, pageSize: string | null): string {
  // Templates carry placeholder tokens where routes carry numbers; routeFile checks them as such.
  const route = { kind: 'list', resource: resource.name, ...fields, page: page as PageRef, pageSize: pageSize as unknown as number | null } as ListRoute;
  return `/${routeFile(route, true)}`;
}

/** Query conditions selecting one filter subset, and the filter values of its target. */
function filterConditions(subset: readonly ListFilter<unknown>[]): { query: QueryCondition[]; values: Record<string, string> } {
  const query: QueryCondition[] = [];
  const values: Record<string, string> = {};
  for (const f of subset) {
    const literal = f.literals?.[0];
    if (literal !== undefined) {
      query.push({ key: f.key, value: literal });
      values[f.key] = literal;
    } else {
      query.push({ key: f.key, placeholder: f.key, ...(f.fold ? { fold: f.fold } : {}) });
      values[f.key] = `:${f.key}`;
    }
  }
  return { query, values };
}

function listRules(resource: Resource & { kind: 'list' }, options: RouteOptions): Rule[] {
  const rules: Rule[] = [];
  const path = pathPattern(resource);
  const params = placeholderParams(resource);
  const missingInstance: ErrorName = Object.keys(params).length ? 'not-found' : 'invalid-page';
  const variants = formatVariants(resource, options);
  const filters = filterChoices(resource, options);
  const error = (key: string, e: ErrorName): Rule => ({ path, query: [{ key, placeholder: 'value' }], action: { kind: 'error', error: e } });

  /** Every format × order × page × page size rule of one filter subset (or of the suffix form). */
  const addGroup = (filterQuery: QueryCondition[], filterValues: Record<string, string>, format: FormatName, formatInQuery: boolean, suffix?: string) => {
    const formatCond: QueryCondition[] = formatInQuery && suffix === undefined ? [{ key: 'format', value: format }] : [];
    const filtered = Object.keys(filterValues).length > 0;
    const orders: (string | null)[] = [...orderChoices(resource, options, filtered), null];
    for (const order of orders) {
      const orderCond: QueryCondition[] = order === null ? [] : [{ key: 'order', value: order }];
      for (const page of [PAGE, 1] as const) {
        for (const size of [SIZE, null] as const) {
          const pageCond: QueryCondition[] = page === PAGE ? [{ key: 'page', placeholder: 'page' }] : [];
          const sizeCond: QueryCondition[] = size === SIZE ? [{ key: 'page_size', placeholder: 'size', max: MAX_PAGE_SIZE }] : [];
          const target = listTarget(resource, { params, filters: filterValues, order, format, formatInQuery }, page, size);
          // A filtered selection that does not exist, or a format a page may lack (bed), is "Not found.";
          // otherwise a missing page (or page size) is an invalid page, a missing list instance not found.
          const missing: ErrorName =
            filtered || formatSpec(format)?.needs === 'sites' ? 'not-found' : page === PAGE || size === SIZE ? 'invalid-page' : missingInstance;
          rules.push({
            path,
            ...(suffix === undefined ? {} : { suffix }),
            query: [...filterQuery, ...formatCond, ...orderCond, ...pageCond, ...sizeCond],
            action: { kind: 'rewrite', target, format, missing },
          });
        }
      }
    }
  };
  const addSubset = (subset: readonly ListFilter<unknown>[]) => {
    const { query, values } = filterConditions(subset);
    // Orders not prebuilt for filtered lists are refused rather than silently ignored.
    if (subset.length && !options.filterOrders) rules.push({ path, query: [...query, { key: 'order', placeholder: 'value' }], action: { kind: 'error', error: 'unsupported-filter' } });
    for (const v of variants) if (v.formatInQuery) addGroup(query, values, v.format, true);
    rules.push({ path, query: [...query, { key: 'format', placeholder: 'format' }], action: { kind: 'error', error: 'not-found' } });
    for (const v of variants) if (!v.formatInQuery) addGroup(query, values, v.format, false);
  };

  // JASPAR filters this copy cannot prebuild, or that the build left out, say so (never a silently unfiltered list).
  if (resource.filters.length) {
    for (const key of UNSUPPORTED_FILTERS) rules.push(error(key, 'unsupported-filter'));
    for (const f of resource.filters) if (!filters.includes(f)) rules.push(error(f.key, 'unsupported-filter'));
  }
  // The suffix form (/api/v1/matrix.json) of the unfiltered list; the suffix wins over the query.
  for (const v of variants) if (v.formatInQuery) addGroup([], {}, v.format, true, v.format);
  // Filter subsets, largest first, since a rule matches whatever extra keys a request has. Subsets
  // using a literal-valued filter (version=latest) come first, then a 404 for its other values.
  const all = subsets(filters).filter((s) => s.length > 0);
  const literal = filters.filter((f) => f.literals);
  for (const subset of all) if (subset.some((f) => literal.includes(f))) addSubset(subset);
  for (const f of literal) rules.push(error(f.key, 'unsupported-filter'));
  for (const subset of all) if (!subset.some((f) => literal.includes(f))) addSubset(subset);
  addSubset([]);
  return rules;
}

function detailRules(resource: Resource & { kind: 'detail' }, options: RouteOptions): Rule[] {
  const path = pathPattern(resource);
  const params = placeholderParams(resource);
  const rules: Rule[] = [];
  const target = (format: FormatName) => {
    const route: DetailRoute = { kind: 'detail', resource: resource.name, params, format };
    return `/${routeFile(route, true)}`;
  };
  for (const v of formatVariants(resource, options)) {
    rules.push({ path, suffix: v.format, query: [], action: { kind: 'rewrite', target: target(v.format), format: v.format, missing: 'not-found' } });
  }
  for (const v of formatVariants(resource, options)) {
    rules.push({ path, query: [{ key: 'format', value: v.format }], action: { kind: 'rewrite', target: target(v.format), format: v.format, missing: 'not-found' } });
  }
  rules.push({ path, query: [{ key: 'format', placeholder: 'format' }], action: { kind: 'error', error: 'not-found' } });
  rules.push({ path, query: [], action: { kind: 'rewrite', target: target('json'), format: 'json', missing: 'not-found' } });
  return rules;
}

/** The whole rule table for a build, ending with a catch-all 404 for the API. */
export function ruleTable(options: RouteOptions): Rule[] {
  const rules: Rule[] = [];
  for (const resource of RESOURCES) {
    rules.push(...(resource.kind === 'list' ? listRules(resource, options) : detailRules(resource, options)));
  }
  rules.push({ path: '/api/v1/*', query: [], action: { kind: 'error', error: 'not-found' } });
  return rules;
}
