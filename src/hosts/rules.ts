/**
 * The one rule table (style pattern 7) mapping request path + query to prebuilt files. Every
 * host adapter (Netlify, nginx, Apache, CloudFront, the dev server) is fed from it.
 *
 * Semantics, as measured on Netlify's engine (contract §7): rules are tried in order and the
 * first match wins; a rule matches when the path matches (`:name` = one segment, trailing
 * slash optional) and every query key it lists is present (literal values must be equal,
 * `:name` binds any value); extra keys do not matter; a repeated key counts with its last value.
 */
import { orderValues } from '../api/order.js';
import type { FormatName } from '../formats/table.js';
import { formatVariants, type RouteOptions } from '../routes/generate.js';
import { routeFile, type ErrorName } from '../routes/paths.js';
import { RESOURCES, type Resource } from '../routes/resources.js';
import type { DetailRoute, ListRoute, PageRef } from '../routes/route.js';

export type QueryCondition =
  | { readonly key: string; readonly value: string }
  | { readonly key: string; readonly placeholder: string };

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

function pathPattern(resource: Resource): string {
  return `/api/v1/${resource.segments.join('/')}`;
}

/** Path parameters as placeholders, e.g. { id: ':id' }. */
function placeholderParams(resource: Resource): Record<string, string> {
  const out: Record<string, string> = {};
  for (const s of resource.segments) if (s.startsWith(':')) out[s.slice(1)] = s;
  return out;
}

function listRules(resource: Resource & { kind: 'list' }, options: RouteOptions): Rule[] {
  const rules: Rule[] = [];
  const path = pathPattern(resource);
  const params = placeholderParams(resource);
  const missingInstance: ErrorName = Object.keys(params).length ? 'not-found' : 'invalid-page';
  const variants = formatVariants(resource, options);
  const orders: (string | null)[] = [...orderValues(resource.orders), null];
  const addGroup = (format: FormatName, formatInQuery: boolean, suffix?: string) => {
    const formatCond: QueryCondition[] = formatInQuery && suffix === undefined ? [{ key: 'format', value: format }] : [];
    for (const order of orders) {
      const orderCond: QueryCondition[] = order === null ? [] : [{ key: 'order', value: order }];
      for (const page of [PAGE, 1] as const) {
        const route: ListRoute = { kind: 'list', resource: resource.name, params, order, page: page as PageRef, pageSize: null, format, formatInQuery };
        const pageCond: QueryCondition[] = page === PAGE ? [{ key: 'page', placeholder: 'page' }] : [];
        rules.push({
          path,
          ...(suffix === undefined ? {} : { suffix }),
          query: [...formatCond, ...orderCond, ...pageCond],
          action: { kind: 'rewrite', target: `/${routeFile(route, true)}`, format, missing: page === PAGE ? 'invalid-page' : missingInstance },
        });
      }
    }
  };
  // The suffix wins over the query; its links carry `format=` like the query form.
  for (const v of variants) if (v.formatInQuery) addGroup(v.format, true, v.format);
  for (const v of variants) if (v.formatInQuery) addGroup(v.format, true);
  rules.push({ path, query: [{ key: 'format', placeholder: 'format' }], action: { kind: 'error', error: 'not-found' } });
  for (const v of variants) if (!v.formatInQuery) addGroup(v.format, false);
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
