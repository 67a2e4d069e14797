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
 * derived at bundle time (./table.ts; a list's part is its prebuilt plan, src/routes/prebuilt-plan.ts) instead of the runtime's tables, with the
 * runtime's own request parsing. test/hosts/cloudfront-identity.test.ts holds the two equal.
 * Runtime-safe subset, and only what runtime 2.0 documents (src/hosts/cloudfront/features.ts).
 */
import { isSafeSegment } from '../../segments.js';
import { asciiLower, formDecode, isCallbackName, parsePath } from '../../routes/request.js';
import { list, type Get } from './function-list.js';
import type { CfError, CfResource, CfTable } from './function-table.js';

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

/** CloudFront's headers of `h`, added to `out`. */
function headers(
  h: { readonly [name: string]: string },
  out: { [name: string]: { value: string } },
): { [name: string]: { value: string } } {
  const names = Object.keys(h);
  for (let i = 0; i < names.length; i++) out[names[i]!] = { value: h[names[i]!]! };
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

/** DRF's content negotiation (src/runtime/negotiate.ts) over the formats `set` indexes in F. */
function negotiate(t: CfTable, accept: string | null, set: readonly number[]): number {
  const tokens = (accept === null || accept.trim() === '' ? '*/*' : accept).split(',');
  const ranked: string[][][] = [[], [], [], []];
  for (let i = 0; i < tokens.length; i++) {
    const parts = tokens[i]!.split(';');
    const full = parts[0]!.trim().toLowerCase();
    const slash = full.indexOf('/');
    const params: string[] = [];
    for (let k = 1; k < parts.length; k++) {
      const eq = parts[k]!.indexOf('=');
      const name = (eq === -1 ? parts[k]! : parts[k]!.slice(0, eq)).trim().toLowerCase();
      if (name !== '' && params.indexOf(name) === -1) params.push(name);
    }
    const main = slash === -1 ? full : full.slice(0, slash);
    const sub = slash === -1 ? '' : full.slice(slash + 1);
    ranked[
      main === '*' ? 3 : sub === '*' ? 2 : params.length === 0 || (params.length === 1 && params[0] === 'q') ? 1 : 0
    ]!.push([main, sub]);
  }
  for (let r = 0; r < 4; r++) {
    for (let c = 0; c < set.length; c++) {
      const type = t.F[set[c]!]!;
      for (let k = 0; k < ranked[r]!.length; k++) {
        const m = ranked[r]![k]!;
        if ((m[1] === '*' || m[1] === type[4]) && (m[0] === '*' || m[0] === type[3])) return set[c]!;
      }
    }
  }
  return -1;
}

/** The resource the segments below `/api/v1/` name (src/runtime/route-match.ts). */
function match(t: CfTable, segs: readonly string[]): { r: CfResource; id: string } | null {
  for (let i = 0; i < t.R.length; i++) {
    const s = t.R[i]!.s;
    let id = '';
    let ok = s.length === segs.length;
    for (let k = 0; ok && k < s.length; k++) {
      if (s[k]!.charAt(0) === ':') id = segs[k]!;
      else ok = s[k] === segs[k];
    }
    if (ok) return { r: t.R[i]!, id };
  }
  return null;
}

/** The viewer-request handler over a site's table (embedded by the adapter). */
export function cloudfrontHandler(t: CfTable): (event: { request: CfRequest }) => CfRequest | CfResponse {
  const fail = (e: CfError, value?: string): CfResponse => ({
    statusCode: e[0],
    headers: headers(t.J, headers(t.H, {})),
    body: {
      encoding: 'text',
      data: JSON.stringify({ detail: value === undefined ? e[1] : e[1].split(t.E.m).join(value) }),
    },
  });
  return (event) => {
    const r = event.request;
    const accept = r.headers.accept;
    const query = queryString(r.querystring);
    if (r.uri.length + query.length + 1 > t.X) return fail(t.E.L);
    if (r.method === 'OPTIONS') return { statusCode: 200, headers: headers(t.H, {}) };
    if (r.method !== 'GET' && r.method !== 'HEAD') return fail(t.E.M, r.method.replace(/[^A-Za-z0-9_-]/g, ''));
    const segs = parsePath(r.uri);
    if (segs === null) return fail(t.E.B);
    if (segs[0] !== 'api' || segs[1] !== 'v1') {
      if (segs[0] === 'api' || t.N.indexOf(`/${segs.join('/')}`) !== -1) return fail(t.E.N);
      for (let i = 0; i < segs.length; i++)
        if (!isSafeSegment(segs[i]!) || segs[i]!.charAt(0) === '.') return fail(t.E.N);
      return r;
    }
    const below = segs.slice(2);
    const q = parseQuery(query);
    // An endpoint no copy computes: its refusal, whatever the format or query.
    for (let i = 0; i < t.V.length; i++) if (t.V[i]![0] === below[0]) return fail(t.V[i]![1]);
    // The API's own documents: the variant `format` names; none named, the first whose Accept
    // types the header names, else the first (src/api/documents.ts documentVariant); another is a 404.
    const v = q('format');
    const heard = accept ? values(accept).join(', ').toLowerCase() : '';
    for (let i = 0; i < t.T.length; i++) {
      if (t.T[i]![0] !== below.join('/')) continue;
      const vs = t.T[i]![1];
      for (let j = 0; j < vs.length; j++) {
        const d = vs[j]!;
        const types = v || !j || d[2] === undefined ? [] : t.Y[d[2]]!.split('|');
        for (let k = v === d[0] ? -1 : 0; k < types.length; k++)
          if (k < 0 || heard.indexOf(types[k]!) !== -1) return rewrite(r, t.I + t.S[d[1]]!);
      }
      return v ? fail(t.E.N) : rewrite(r, t.I + t.S[vs[0]![1]]!);
    }
    // The DRF suffix is cut off the last segment first, when it names a format.
    const last = below.length ? below[below.length - 1]! : '';
    const dot = last.lastIndexOf('.');
    let suffix: string | null = dot > 0 && t.A.indexOf(last.slice(dot + 1)) !== -1 ? last.slice(dot + 1) : null;
    let m = suffix === null ? null : match(t, below.slice(0, -1).concat([last.slice(0, dot)]));
    if (m === null) (suffix = null), (m = match(t, below));
    if (m === null) return fail(t.E.N);
    const set = t.C[m.r.c]!;
    const asked = suffix === null ? q('format') : suffix;
    let f = -1;
    if (asked !== null && asked !== '') {
      for (let i = 0; i < set.length; i++) if (t.F[set[i]!]![0] === asked) f = set[i]!;
      if (f === -1) return fail(t.E.N);
    } else if ((f = negotiate(t, accept ? values(accept).join(', ') : null, set)) === -1) return fail(t.E.A);
    const format = t.F[f]!;
    const rv = q('release');
    let release = rv === null || rv === '' ? t.L[0] : undefined;
    for (let i = 0; release === undefined && i < t.L.length; i++)
      if (t.L[i]![0] === asciiLower(rv!) || t.L[i]![1] === asciiLower(rv!)) release = t.L[i];
    if (release === undefined) return fail(t.E.R, rv!);
    // JSONP's callback (contract §8.1): a name that is no name is a 400; the files call the default one only.
    const cb = q('callback');
    if (format[0] === t.K[0] && cb !== null) {
      if (!isCallbackName(cb)) return fail(t.E.C);
      if (cb !== t.K[1]) return fail(t.E.U, t.K[2]);
    }
    let file: string | CfResponse;
    if (m.r.p === undefined) {
      if (m.r.s.indexOf(':id') !== -1 && !isSafeSegment(m.id)) return fail(t.E.N);
      file = m.r.t.replace(':id', m.id);
    } else file = list(t, m.r, m.id, q, fail);
    // A list's JSON that no format named has a folder of its own (src/routes/paths.ts).
    const dir = m.r.p !== undefined && (asked === null || asked === '') && format[2] ? t.D : format[0];
    return typeof file === 'string' ? rewrite(r, `${release[2]}${t.B}/${dir}/${file}.${format[1]}`) : file;
  };
}
