/**
 * The one path function (style pattern 4): route → file in the output, public URL, query.
 * The writer, the host rules, the dev server and the HTML links all call it; nothing else
 * concatenates output paths.
 *
 * Layout: every prebuilt response lives under `files/<format dir>/`, one folder per format so
 * hosts can set Content-Type by prefix:
 *   list page   files/<fmt>/<resource path>/_/[<filter key>/<value>/…]<page size>/<order>/<page>.<ext>
 *   detail      files/<fmt>/<literal segments>/<id>.<ext>   (literals after the id are hoisted
 *               before it, e.g. matrix/:id/versions → matrix/versions/MA0004.json, so a detail
 *               never needs a folder of its own: folders cost far more than files to create)
 * `<fmt>` is the format name, or `default` for JSON served without a `format` parameter (its
 * next/previous links carry no `format`). `<page size>` and `<order>` are the query value or
 * `default` when absent; `<page>` is a number or `last`.
 */
import { formatSpec, type FormatName } from '../formats/table.js';
import { isSafeSegment } from '../model/segments.js';
import { resourceSegments } from './resources.js';
import type { ListRoute, Route } from './route.js';

/** Root folder (inside the site) of every prebuilt response. */
export const FILES_ROOT = 'files';
/** The format folder of JSON served without a `format` query parameter. */
export const IMPLICIT_FORMAT_DIR = 'default';
/** Marker segment between a list's path and its variants. */
export const LIST_MARKER = '_';
/** Error bodies, shared by every host. */
export const ERROR_FILES = {
  'not-found': 'files/errors/not-found.json',
  'invalid-page': 'files/errors/invalid-page.json',
  'unsupported-filter': 'files/errors/unsupported-filter.json',
} as const;
export type ErrorName = keyof typeof ERROR_FILES;
export const ERROR_BODIES: Readonly<Record<ErrorName, string>> = {
  'not-found': '{"detail":"Not found."}',
  'invalid-page': '{"detail":"Invalid page."}',
  'unsupported-filter': '{"detail":"This filter is not available on this static copy of the JASPAR API; see its documentation."}',
};

/** A placeholder token in a rule template, e.g. `:page`; only templates may contain them. */
const PLACEHOLDER = /^:[a-z_]+$/;

function check(segment: string, template: boolean): string {
  if (isSafeSegment(segment) || (template && PLACEHOLDER.test(segment))) return segment;
  throw new Error(`unsafe path segment "${segment}"`);
}

function extensionOf(format: FormatName): string {
  const spec = formatSpec(format);
  if (!spec) throw new Error(`unknown format ${format}`);
  return spec.extension;
}

function formatDir(route: Route): string {
  return route.kind === 'list' && !route.formatInQuery ? IMPLICIT_FORMAT_DIR : route.format;
}

/** Resource path segments with parameters filled in (placeholders kept in templates). */
function filledSegments(route: Route, template: boolean): string[] {
  return resourceSegments(route.resource).map((s) => {
    if (!s.startsWith(':')) return s;
    const value = route.params[s.slice(1)];
    if (value === undefined) throw new Error(`route ${route.resource} lacks parameter ${s}`);
    return check(value, template);
  });
}

/**
 * The file of a route, relative to the output root, with `/` separators. With `template`,
 * parameter and page values may be placeholders (`:id`, `:page`) for host rules.
 */
export function routeFile(route: Route, template = false): string {
  const ext = extensionOf(route.format);
  const filled = filledSegments(route, template);
  if (route.kind === 'detail') {
    const specs = resourceSegments(route.resource);
    const lastParam = specs.findLastIndex((s) => s.startsWith(':'));
    // A resource without parameters (the API root) is the folder's `index`.
    const id = lastParam === -1 ? 'index' : (filled[lastParam] as string);
    const folders = filled.filter((_, i) => i !== lastParam);
    return `${[FILES_ROOT, formatDir(route), ...folders].join('/')}/${id}.${ext}`;
  }
  const segs = [FILES_ROOT, formatDir(route), ...filled];
  const filters = Object.entries(route.filters).flatMap(([k, v]) => [check(k, false), check(v, template)]);
  const size = route.pageSize === null ? 'default' : check(String(route.pageSize), template);
  const order = route.order === null ? 'default' : check(route.order, false);
  const page = check(String(route.page), template);
  return `${[...segs, LIST_MARKER, ...filters, size, order].join('/')}/${page}.${ext}`;
}

/** The public path of a route's resource, e.g. `/api/v1/matrix/MA0004.1/`. */
export function resourcePath(resource: string, params: Readonly<Record<string, string>>): string {
  const segs = resourceSegments(resource).map((s) => (s.startsWith(':') ? (params[s.slice(1)] ?? s) : s));
  return `/api/v1/${segs.map((s) => (s.startsWith(':') ? s : check(s, false))).join('/')}${segs.length ? '/' : ''}`;
}

/**
 * The DRF suffix-form URL of a detail (`api/v1/matrix/MA0004.1.jaspar`) as a site path, for
 * hosts whose rules cannot match part of a segment (Netlify): such hosts get a copy of the
 * response at this path. Null when the resource's last segment is literal (rules can match
 * `…/versions.json` directly).
 */
export function suffixAliasFile(route: Route): string | null {
  if (route.kind !== 'detail') return null;
  const specs = resourceSegments(route.resource);
  if (!(specs.at(-1) ?? '').startsWith(':')) return null;
  const path = resourcePath(route.resource, route.params).slice(1, -1);
  return `${path}.${check(route.format, false)}`;
}

/** Python's urllib.parse.quote_plus, as DRF's urlencode applies to query values. */
function quotePlus(s: string): string {
  return encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`).replace(/%20/g, '+');
}

/** Query parameters of a list route as the request carried them, page given separately. */
function listQuery(route: ListRoute, page: number | null): [string, string][] {
  const q: [string, string][] = Object.entries(route.filters);
  if (route.formatInQuery) q.push(['format', route.format]);
  if (route.order !== null) q.push(['order', route.order]);
  if (page !== null) q.push(['page', String(page)]);
  if (route.pageSize !== null) q.push(['page_size', String(route.pageSize)]);
  // DRF re-encodes the query with keys sorted.
  return q.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * A list link as DRF writes next/previous: the list URL with `page` replaced (or removed for
 * page 1 in `previous`), other parameters kept, keys sorted.
 */
export function pageLink(base: string, route: ListRoute, page: number | null): string {
  const q = listQuery(route, page);
  const query = q.map(([k, v]) => `${quotePlus(k)}=${quotePlus(v)}`).join('&');
  return `${base}${resourcePath(route.resource, route.params)}${query ? `?${query}` : ''}`;
}

/** A request URL (path and query, no host) that this route answers. */
export function routeUrl(route: Route): string {
  if (route.kind === 'detail') return `${resourcePath(route.resource, route.params)}?format=${route.format}`;
  const page = route.page === 'last' ? null : route.page;
  const url = pageLink('', route, page === 1 ? null : page);
  return route.page === 'last' ? `${url}${url.includes('?') ? '&' : '?'}page=last` : url;
}

