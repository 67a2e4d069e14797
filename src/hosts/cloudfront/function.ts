/**
 * The CloudFront Functions viewer-request handler (runtime cloudfront-js-2.0; the adapter is
 * src/hosts/cloudfront/adapter.ts), rules tier: S3 holds only the prebuilt files, so the handler
 * rewrites `request.uri` to the one prebuilt file a request names (or the API's own document),
 * or answers it itself (errors, 406, OPTIONS, 405, the refusal of an endpoint no copy computes,
 * and a 404 naming the part of the query this host cannot serve).
 * A key S3 does not hold is S3's 403/404, which the distribution turns into `/404.html`.
 *
 * It answers every request as the request runtime does in rules mode (`resolve`, which the
 * function bundled whole until it had to fit CloudFront's 10 KB): the same steps, over a table
 * derived at bundle time (./function-table.ts, written by ./table.ts; a list's part is its
 * prebuilt plan, src/routes/prebuilt-plan.ts) instead of the runtime's tables, with the
 * runtime's own request parsing, negotiation (src/runtime/negotiate-types.ts) and route
 * matching (src/runtime/match-path.ts). test/hosts/cloudfront-identity.test.ts holds the
 * function to the runtime on thousands of requests.
 * Runtime-safe subset, and only what runtime 2.0 documents (src/hosts/cloudfront/features.ts).
 */
import { isSafeSegment } from '../../segments.js';
import { asciiLower, formDecode, isCallbackName, parsePath } from '../../routes/request.js';
import { matchPath } from '../../runtime/match-path.js';
import { negotiateType } from '../../runtime/negotiate-types.js';
import { fileTemplate, list, lookup, type Get } from './function-list.js';
import {
  DETAIL,
  FORMAT_EXTENSION,
  FORMAT_IS_DEFAULT,
  FORMAT_MEDIA_TYPE,
  FORMAT_NAME,
  KEY,
  RELEASE_NAME,
  RELEASE_ROOT,
  RELEASE_YEAR,
  STATUS,
  VALUE,
  VARIANT_ACCEPT,
  VARIANT_FILE,
  VARIANT_FORMAT,
  type CfError,
  type CfPair,
  type CfTable,
} from './function-table.js';

const LANDING = 'index.html';

/** A header or query value as CloudFront passes it. */
export interface CfValue {
  readonly value: string;
  readonly multiValue?: readonly { readonly value: string }[];
}

/** The parts of CloudFront's viewer-request `event.request` the handler reads or rewrites. */
export interface CfRequest {
  readonly method: string;
  uri: string;
  querystring: { [name: string]: CfValue };
  readonly headers: { readonly [name: string]: CfValue };
}

export interface CfResponse {
  readonly statusCode: number;
  readonly headers: { [name: string]: { value: string } };
  readonly body?: { readonly encoding: 'text'; readonly data: string };
}

function values(v: CfValue): string[] {
  const out: string[] = [];
  if (v.multiValue) for (let i = 0; i < v.multiValue.length; i++) out.push(v.multiValue[i]!.value);
  else out.push(v.value);
  return out;
}

/** The query string as the viewer sent it (names in first-seen order, each name's values in order). */
function queryString(qs: { [name: string]: CfValue }): string {
  const parts: string[] = [];
  const names = Object.keys(qs);
  for (let i = 0; i < names.length; i++) {
    const vs = values(qs[names[i]!]!);
    for (let k = 0; k < vs.length; k++) parts.push(`${names[i]!}=${vs[k]!}`);
  }
  return parts.join('&');
}

/** CloudFront's headers of the pairs `h`, added to `out`. */
function headers(
  h: readonly CfPair<string>[],
  out: { [name: string]: { value: string } },
): { [name: string]: { value: string } } {
  for (let i = 0; i < h.length; i++) out[h[i]![KEY]] = { value: h[i]![VALUE] };
  return out;
}

/**
 * The query's last value per name, as the runtime's `parseQuery` reads it (Django's
 * QueryDict.get over `parse_qsl`), without its object method: runtime 2.0 documents no
 * shorthand methods.
 */
function parseQuery(search: string): Get {
  const keys: string[] = [];
  const vals: string[] = [];
  const parts = search.split('&');
  for (let i = 0; i < parts.length; i++) {
    const eq = parts[i]!.indexOf('=');
    if (parts[i] === '') continue;
    keys.push(formDecode(eq === -1 ? parts[i]! : parts[i]!.slice(0, eq)));
    vals.push(eq === -1 ? '' : formDecode(parts[i]!.slice(eq + 1)));
  }
  return (key) => {
    const i = keys.lastIndexOf(key);
    return i === -1 ? null : vals[i]!;
  };
}

/** The request sent on to S3 for a site file (`file` below the site root). */
function rewrite(r: CfRequest, file: string): CfRequest {
  r.uri = `/${file}`;
  r.querystring = {};
  return r;
}

/**
 * The API document `below` names, if it is one (src/api/documents.ts `documentVariant`): the
 * file of the variant `format` names; none named, of the first whose Accept types the header
 * names, else of the first; another format is a 404 (null). Undefined when `below` is no document.
 */
function documentFile(
  t: CfTable,
  below: readonly string[],
  format: string | null,
  accept: string | null,
): string | null | undefined {
  const variants = lookup(t.documents, below.join('/'));
  if (variants === undefined) return undefined;
  const heard = accept === null ? '' : accept.toLowerCase();
  for (let j = 0; j < variants.length; j++) {
    const d = variants[j]!;
    const accept = d[VARIANT_ACCEPT];
    const types = format || !j || accept === undefined ? [] : t.documentAccepts[accept]!.split('|');
    for (let k = format === d[VARIANT_FORMAT] ? -1 : 0; k < types.length; k++)
      if (k < 0 || heard.indexOf(types[k]!) !== -1) return t.documentFolder + t.documentFiles[d[VARIANT_FILE]]!;
  }
  return format ? null : t.documentFolder + t.documentFiles[variants[0]![VARIANT_FILE]]!;
}

/** The viewer-request handler over a site's table (embedded by the adapter). */
export function cloudfrontHandler(t: CfTable): (event: { request: CfRequest }) => CfRequest | CfResponse {
  const errors = t.errors;
  const fail = (e: CfError, value?: string): CfResponse => ({
    statusCode: e[STATUS],
    headers: headers(t.errorHeaders, headers(t.apiHeaders, {})),
    body: {
      encoding: 'text',
      data: JSON.stringify({ detail: value === undefined ? e[DETAIL] : e[DETAIL].split(errors.marker).join(value) }),
    },
  });
  return (event) => {
    const r = event.request;
    const accept = r.headers.accept ? values(r.headers.accept).join(', ') : null;
    const query = queryString(r.querystring);
    if (r.uri.length + query.length + 1 > t.maxTarget) return fail(errors.uriTooLong);
    if (r.method === 'OPTIONS') return { statusCode: 200, headers: headers(t.apiHeaders, {}) };
    if (r.method !== 'GET' && r.method !== 'HEAD')
      return fail(errors.methodNotAllowed, r.method.replace(/[^A-Za-z0-9_-]/g, ''));
    const segs = parsePath(r.uri);
    if (segs === null) return fail(errors.badRequest);
    if (segs[0] !== 'api' || segs[1] !== 'v1') {
      // The site's /api/ page, the API's landing page (src/runtime/resolve.ts).
      if (segs[0] === 'api' && segs.length < 3 && (segs.length < 2 || segs[1] === LANDING))
        return rewrite(r, `api/${LANDING}`);
      if (segs[0] === 'api' || t.notServed.indexOf(`/${segs.join('/')}`) !== -1) return fail(errors.notFound);
      for (let i = 0; i < segs.length; i++)
        if (!isSafeSegment(segs[i]!) || segs[i]!.charAt(0) === '.') return fail(errors.notFound);
      return r;
    }
    const below = segs.slice(2);
    const q = parseQuery(query);
    // An endpoint no copy computes: its refusal, whatever the format or query.
    const refusal = lookup(t.unoffered, below[0]!);
    if (refusal !== undefined) return fail(refusal);
    const document = documentFile(t, below, q('format'), accept);
    if (document !== undefined) return document === null ? fail(errors.notFound) : rewrite(r, document);
    const m = matchPath(t.resources, below, (s): s is string => t.formatNames.indexOf(s) !== -1);
    if (m === null) return fail(errors.notFound);
    const set = t.formatSets[m.resource.formats]!;
    const asked = m.suffix === null ? q('format') : m.suffix;
    let f = -1;
    if (asked !== null && asked !== '') {
      for (let i = 0; i < set.length; i++) if (t.formats[set[i]!]![FORMAT_NAME] === asked) f = set[i]!;
      if (f === -1) return fail(errors.notFound);
    } else {
      const picked = negotiateType(
        accept,
        set.map((i) => t.formats[i]![FORMAT_MEDIA_TYPE]),
      );
      if (picked === -1) return fail(errors.notAcceptable);
      f = set[picked]!;
    }
    const format = t.formats[f]!;
    const rv = q('release');
    const wanted = rv === null ? '' : asciiLower(rv);
    let release = wanted === '' ? t.releases[0] : undefined;
    for (let i = 0; release === undefined && i < t.releases.length; i++) {
      const named = t.releases[i]!;
      if (named[RELEASE_NAME] === wanted || named[RELEASE_YEAR] === wanted) release = named;
    }
    if (release === undefined) return fail(errors.releaseNotServed, rv!);
    // JSONP's callback (contract §8.1): a name that is no name is a 400; the files call the default one only.
    const cb = q('callback');
    if (format[FORMAT_NAME] === t.jsonpFormat && cb !== null) {
      if (!isCallbackName(cb)) return fail(errors.invalidCallback);
      if (cb !== t.defaultCallback) return fail(errors.unavailable, t.callbackRefusal);
    }
    const res = m.resource;
    let file: string | CfResponse;
    if (res.plan === undefined) {
      if (res.segments.indexOf(':id') !== -1 && !isSafeSegment(m.id)) return fail(errors.notFound);
      file = fileTemplate(res).replace(':id', m.id);
    } else file = list(t, res, m.id, q, fail);
    // A list's JSON that no format named has a folder of its own (src/routes/paths.ts).
    const dir =
      res.plan !== undefined && (asked === null || asked === '') && format[FORMAT_IS_DEFAULT]
        ? t.implicitFormatDir
        : format[FORMAT_NAME];
    return typeof file === 'string'
      ? rewrite(r, `${release[RELEASE_ROOT]}${t.filesRoot}/${dir}/${file}.${format[FORMAT_EXTENSION]}`)
      : file;
  };
}
