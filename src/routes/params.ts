/**
 * A request's query read once, at the runtime's door (src/runtime/resolve.ts), into one typed
 * value (contract §8, §8.1): every later step — selection, the prebuilt set, assembly, links,
 * the HTML navigation — receives it, or the parts it needs, and none reads the query again.
 *
 * Each parameter has one entry in `PARAMETERS`, as each of DRF's filter backends reads the
 * parsed request: adding a parameter or a filter touches that table only. A repeated name's
 * last value wins (Django's `QueryDict.get`); every pair is kept as sent for DRF's links.
 * Runtime-safe subset (docs/runtime.md).
 */
import type { FormatName } from '../api/formats.js';
import { filterOnly, MATRIX_FILTERS, type MatrixFilter, type ResourceDescriptor } from '../api/resources.js';
import { routePairs } from './paths.js';
import { DEFAULT_CALLBACK, isCallbackName, parseQuery, pyInt, type QueryPair } from './request.js';
import type { ListRoute } from './route.js';
import { askedPageSize } from './page-size.js';
import type { FilterValue, OrderTerm } from './select.js';

/** The query of one request, parsed and validated once. */
export interface RequestParams {
  /** The pairs as sent, in order (a DRF suffix standing as the `format` pair), which links keep. */
  readonly pairs: readonly QueryPair[];
  /** The format asked for by suffix or `format=`; null when none (then Accept decides). */
  readonly format: string | null;
  /** `release=` as sent; null when absent or empty (the newest release). */
  readonly release: string | null;
  /** The list's filters, in MATRIX_FILTERS order: empty values and `version` other than `latest` left out. */
  readonly filters: readonly FilterValue[];
  /** DRF's OrderingFilter terms naming order fields of the list; empty for the default order. */
  readonly order: readonly OrderTerm[];
  /** The page asked for: a number (any integer), `last`, or null when not an integer (DRF's `Invalid page.`). */
  readonly page: number | 'last' | null;
  /** A positive `page_size` (clamped to 1000), or null when absent or not a positive integer (the default). */
  readonly pageSize: number | null;
  /** `page_size` as sent, or null. */
  readonly pageSizeText: string | null;
  /** JSONP's `callback` as sent, or null when absent (only the `jsonp` format reads it: {@link jsonpCallback}). */
  readonly callback: string | null;
  /** Names sent that no parameter of this resource reads (or whose value it ignores), in request order. */
  readonly ignored: readonly string[];
}

/** What the parameters read: every field of {@link RequestParams} but the pairs and what was ignored. */
type Parsed = Omit<RequestParams, 'pairs' | 'ignored'>;

/** A {@link Parsed} being filled in, field by field. */
type Draft = { -readonly [K in keyof Parsed]: Parsed[K] extends readonly (infer T)[] ? T[] : Parsed[K] };

/** Every parsed field at its value for a request that sends nothing: the one place the fields are listed with their defaults. */
const emptyDraft = (): Draft => ({
  format: null,
  release: null,
  filters: [],
  order: [],
  page: 1,
  pageSize: null,
  pageSizeText: null,
  callback: null,
});

/** The request's parameters from what was parsed, field by field (no object spread: njs 0.7 runs this). */
function complete(parsed: Parsed, pairs: readonly QueryPair[], ignored: readonly string[]): RequestParams {
  const out: { [key: string]: unknown } = { pairs, ignored };
  const keys = Object.keys(emptyDraft()) as (keyof Parsed)[];
  for (let i = 0; i < keys.length; i++) out[keys[i]!] = parsed[keys[i]!];
  return out as unknown as RequestParams;
}

/** One query parameter: reads its value into the draft; false when the value has no effect. */
interface Parameter {
  readonly name: string;
  read(value: string, resource: ResourceDescriptor, into: Draft): boolean;
}

/** DRF's OrderingFilter: comma-separated `field` / `-field` terms; terms naming no order field of the list dropped. */
function orderTerms(resource: ResourceDescriptor, raw: string): OrderTerm[] {
  const out: OrderTerm[] = [];
  if (resource.kind !== 'list' || raw === '') return out;
  const terms = raw.split(',');
  for (let i = 0; i < terms.length; i++) {
    const t = terms[i]!.trim();
    const descending = t.charAt(0) === '-';
    const field = descending ? t.slice(1) : t;
    if (resource.orders.indexOf(field) !== -1) out.push({ field, descending });
  }
  return out;
}

/** A list filter, where the list reads it: the last value, unless empty; `version` only as `latest` (docs/api-decisions.md). */
function filter(key: MatrixFilter): Parameter {
  const only = filterOnly(key);
  return {
    name: key,
    read: (value, resource, into) => {
      if (resource.kind !== 'list' || resource.filters.indexOf(key) === -1 || value === '') return false;
      if (only !== null && value !== only) return false;
      into.filters.push({ key, value });
      return true;
    },
  };
}

/** A parameter whose value is kept as sent, '' counting as absent. */
const text = (name: 'format' | 'release'): Parameter => ({
  name,
  read: (value, _resource, into) => {
    into[name] = value === '' ? null : value;
    return value !== '';
  },
});

/** Every parameter a request may carry: the table adding a parameter or a filter touches. */
const PARAMETERS: readonly Parameter[] = (() => {
  const out: Parameter[] = [
    text('format'),
    text('release'),
    {
      name: 'order',
      read: (value, resource, into) => {
        into.order = orderTerms(resource, value);
        return into.order.length > 0;
      },
    },
    {
      name: 'page',
      read: (value, resource, into) => {
        into.page = value === '' ? 1 : value === 'last' ? 'last' : pyInt(value);
        return resource.kind === 'list';
      },
    },
    {
      name: 'page_size',
      read: (value, resource, into) => {
        into.pageSize = askedPageSize(value);
        into.pageSizeText = value;
        return resource.kind === 'list' && into.pageSize !== null;
      },
    },
    {
      name: 'callback',
      read: (value, _resource, into) => {
        into.callback = value;
        return true;
      },
    },
  ];
  for (let i = 0; i < MATRIX_FILTERS.length; i++) out.push(filter(MATRIX_FILTERS[i]!));
  return out;
})();

/**
 * The function a JSONP answer calls (contract §8.1): `callback` as sent, the default when
 * absent; null when it is no name (not an identifier path, longer than 128 characters, or
 * empty; `isCallbackName`): the service would echo any text into a script, so such a request
 * gets a 400.
 */
export function jsonpCallback(params: RequestParams): string | null {
  const name = params.callback;
  if (name === null) return DEFAULT_CALLBACK;
  return isCallbackName(name) ? name : null;
}

/** `pairs` with a DRF suffix standing as the `format` pair (links keep the format). */
function withSuffix(pairs: readonly QueryPair[], suffix: FormatName | null): QueryPair[] {
  if (suffix === null) return pairs.slice();
  const out: QueryPair[] = [];
  for (let i = 0; i < pairs.length; i++) if (pairs[i]!.key !== 'format') out.push(pairs[i]!);
  out.push({ key: 'format', value: suffix });
  return out;
}

/** The parameters of a request for `resource` from its raw query string (without `?`) and DRF suffix. */
export function readParams(resource: ResourceDescriptor, search: string, suffix: FormatName | null): RequestParams {
  const pairs = withSuffix(parseQuery(search).pairs, suffix);
  const last: { [name: string]: string } = Object.create(null);
  const names: string[] = [];
  for (let i = 0; i < pairs.length; i++) {
    if (last[pairs[i]!.key] === undefined) names.push(pairs[i]!.key);
    last[pairs[i]!.key] = pairs[i]!.value;
  }
  const into = emptyDraft();
  const used: { [name: string]: boolean } = Object.create(null);
  for (let i = 0; i < PARAMETERS.length; i++) {
    const p = PARAMETERS[i]!;
    const value = last[p.name];
    if (value !== undefined && p.read(value, resource, into)) used[p.name] = true;
  }
  const ignored: string[] = [];
  for (let i = 0; i < names.length; i++) if (!used[names[i]!]) ignored.push(names[i]!);
  return complete(into, pairs, ignored);
}

/** The order value of a term (`name`, `-name`), as file paths and links name it. */
export const orderValue = (term: OrderTerm): string => `${term.descending ? '-' : ''}${term.field}`;

/** The same request with other pairs, order and page (a link the HTML navigation offers). */
export function varied(
  params: RequestParams,
  pairs: readonly QueryPair[],
  order: readonly OrderTerm[],
  page: number | 'last',
): RequestParams {
  const into = complete(params, pairs, params.ignored) as { -readonly [K in keyof RequestParams]: RequestParams[K] };
  into.order = order;
  into.page = page;
  return into;
}

/** The parameters of the request a prebuilt list page was made for (the build's pages), read from its route. */
export function routeParams(route: ListRoute): RequestParams {
  const into = emptyDraft();
  for (let i = 0; i < MATRIX_FILTERS.length; i++) {
    const value = route.filters[MATRIX_FILTERS[i]!];
    if (value !== undefined) into.filters.push({ key: MATRIX_FILTERS[i]!, value });
  }
  if (route.order !== null) {
    const descending = route.order.charAt(0) === '-';
    into.order.push({ field: descending ? route.order.slice(1) : route.order, descending });
  }
  into.format = route.formatInQuery ? route.format : null;
  into.page = route.page;
  into.pageSize = route.pageSize;
  into.pageSizeText = route.pageSize === null ? null : String(route.pageSize);
  return complete(into, routePairs(route), []);
}
