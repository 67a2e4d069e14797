/**
 * The one path function (style pattern 4): route → file in the output, public URL, query.
 * The writer, the host rules, the request runtime and the HTML links all call it; nothing else
 * concatenates output paths. Runtime-safe subset (docs/runtime.md).
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
import { formatSpec, takesCallback } from '../api/formats.js';
import { resourceSpec, type ListName, type ResourceName } from '../api/resources.js';
import { isSafeSegment } from '../segments.js';
import { linkQuery } from './links.js';
import type { QueryPair } from './request.js';
import type { ListRoute, PageRef, Params, Route, TemplateRoute } from './route.js';
import { API_PREFIX } from '../api/urls.js';

export { API_PREFIX } from '../api/urls.js';

/** Root folder (inside the site) of every prebuilt response. */
export const FILES_ROOT = 'files';
/** The format folder of JSON served without a `format` query parameter. */
export const IMPLICIT_FORMAT_DIR = 'default';
/** Marker segment between a list's path and its variants. */
export const LIST_MARKER = '_';

/** A placeholder token in a rule template, e.g. `:page`; only templates may contain them. */
const PLACEHOLDER = /^:[a-z_]+$/;

function check(segment: string, template: boolean): string {
  if (isSafeSegment(segment) || (template && PLACEHOLDER.test(segment))) return segment;
  throw new Error(`unsafe path segment "${segment}"`);
}

function formatDir(route: TemplateRoute): string {
  return route.kind === 'list' && !route.formatInQuery ? IMPLICIT_FORMAT_DIR : route.format;
}

/** Resource path segments with parameters filled in (placeholders kept in templates). */
function filledSegments(resource: ResourceName, params: Params, template: boolean): string[] {
  const specs = resourceSpec(resource).segments;
  const out: string[] = [];
  for (let i = 0; i < specs.length; i++) {
    const s = specs[i]!;
    if (s.charAt(0) !== ':') {
      out.push(s);
      continue;
    }
    const value = params[s.slice(1)];
    if (value === undefined) throw new Error(`route ${resource} lacks parameter ${s}`);
    out.push(check(value, template));
  }
  return out;
}

/**
 * The file of a route, relative to the output root, with `/` separators. In template mode
 * (`asTemplate`, for host rules) the route is a {@link TemplateRoute}: parameter, filter, order,
 * page size and page values may be placeholders (`:id`, `:order`, `:page`).
 */
export function routeFile(route: Route): string;
export function routeFile(route: TemplateRoute, asTemplate: true): string;
export function routeFile(route: TemplateRoute, asTemplate?: boolean): string {
  const template = asTemplate === true;
  const ext = formatSpec(route.format).extension;
  const filled = filledSegments(route.resource, route.params, template);
  if (route.kind === 'detail') {
    const specs = resourceSpec(route.resource).segments;
    let lastParam = -1;
    for (let i = 0; i < specs.length; i++) if (specs[i]!.charAt(0) === ':') lastParam = i;
    // A resource without parameters (the API root) is the folder's `index`.
    const id = lastParam === -1 ? 'index' : filled[lastParam]!;
    const folders = [FILES_ROOT, formatDir(route)];
    for (let i = 0; i < filled.length; i++) if (i !== lastParam) folders.push(filled[i]!);
    return `${folders.join('/')}/${id}.${ext}`;
  }
  return `${listFolder(route, filled, template)}/${check(String(route.page), template)}.${ext}`;
}

/** The folder of a list route's pages: everything of its file but the page. */
function listFolder(route: ListRoute<number | string>, filled: readonly string[], template: boolean): string {
  const segs = [FILES_ROOT, formatDir(route)].concat(filled, [LIST_MARKER]);
  const keys = Object.keys(route.filters);
  for (let i = 0; i < keys.length; i++) segs.push(check(keys[i]!, false), check(route.filters[keys[i]!]!, template));
  segs.push(route.pageSize === null ? 'default' : check(String(route.pageSize), template));
  segs.push(route.order === null ? 'default' : check(route.order, template));
  return segs.join('/');
}

/**
 * The files of a list route's pages, as {@link routeFile} names them: the folder made once, for
 * the build's pages of one variant (every page of it differs from `route` in its page only).
 */
export function listPageFiles(route: ListRoute): (page: PageRef) => string {
  const folder = listFolder(route, filledSegments(route.resource, route.params, false), false);
  const ext = formatSpec(route.format).extension;
  return (page) => `${folder}/${check(String(page), false)}.${ext}`;
}

/** The public path of a resource instance, e.g. `/api/v1/matrix/MA0004.1/`. */
export function resourcePath(resource: ResourceName, params: Params): string {
  const segs = resourceSpec(resource).segments;
  let path = API_PREFIX.slice(0, -1);
  for (let i = 0; i < segs.length; i++) {
    const s = segs[i]!;
    path += `/${s.charAt(0) === ':' ? (params[s.slice(1)] ?? s) : s}`;
  }
  return `${path}/`;
}

/**
 * The DRF suffix-form URL of a detail (`api/v1/matrix/MA0004.1.jaspar`) as a site path, for
 * hosts whose rules cannot match part of a segment (Netlify): such hosts get a copy of the
 * response at this path. Null when the resource's last segment is literal (rules can match
 * `…/versions.json` directly), and for JSONP: a copy is served whatever the query, so it would
 * answer a `callback` other than its own with a script calling the wrong function (contract §8.1).
 */
export function suffixAliasFile(route: Route): string | null {
  if (route.kind !== 'detail' || takesCallback(route.format)) return null;
  const specs = resourceSpec(route.resource).segments;
  const last = specs[specs.length - 1];
  if (last === undefined || last.charAt(0) !== ':') return null;
  return `${resourcePath(route.resource, route.params).slice(1, -1)}.${check(route.format, false)}`;
}

/** The query pairs a prebuilt list page was made for (its links carry exactly these), `page` left out. */
export function routePairs(route: ListRoute): QueryPair[] {
  const pairs: QueryPair[] = [];
  const keys = Object.keys(route.filters);
  for (let i = 0; i < keys.length; i++) pairs.push({ key: keys[i]!, value: route.filters[keys[i]!]! });
  if (route.formatInQuery) pairs.push({ key: 'format', value: route.format });
  if (route.order !== null) pairs.push({ key: 'order', value: route.order });
  if (route.pageSize !== null) pairs.push({ key: 'page_size', value: String(route.pageSize) });
  return pairs;
}

/** A request URL (path and query, no host) that this route answers. */
export function routeUrl(route: Route): string {
  const path = resourcePath(route.resource, route.params);
  if (route.kind === 'detail') return `${path}?format=${route.format}`;
  const page = route.page === 'last' || route.page === 1 ? null : route.page;
  const q = linkQuery(routePairs(route), page);
  const url = q === '' ? path : `${path}?${q}`;
  return route.page === 'last' ? `${url}${q === '' ? '?' : '&'}page=last` : url;
}

/** The list path of a list resource (for links), e.g. `/api/v1/collections/CORE/`. */
export const listPath = (resource: ListName, params: Params): string => resourcePath(resource, params);

/** Folder of every release's files in a site of several releases. */
export const RELEASES_ROOT = 'releases';

/** The folder of the web site's profile pages, `/matrix/<matrix_id>/` (src/portal/profile.ts). */
export const PROFILE_ROOT = 'matrix';

/**
 * The folder (with a trailing slash) every file of a release lives in below the site root:
 * '' when the site serves one release, `releases/<name>/` when it serves several, so a new
 * release adds files without touching the others' (docs/release-day.md).
 */
export function releaseRoot(name: string, several: boolean): string {
  return several ? `${RELEASES_ROOT}/${check(name, false)}/` : '';
}
