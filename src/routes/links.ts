/**
 * DRF's `next`/`previous` links (contract §3): the list's URL with `page` replaced (removed for
 * page 1 in `previous`), every other parameter the request sent kept, values of a repeated name
 * kept in order, the query re-encoded with names sorted by code point and each name and value
 * form-encoded — Python's `urlencode(sorted(parse_qs(query).items()), doseq=True)`.
 * Runtime-safe subset.
 */
import { quotePlus, type QueryPair } from './request.js';

/** Python's `<` on str: code point order (JavaScript compares UTF-16 code units). */
export function codePointCompare(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    // A surrogate unit belongs to an astral code point, which is above every BMP code point.
    const xs = x >= 0xd800 && x <= 0xdfff;
    const ys = y >= 0xd800 && y <= 0xdfff;
    if (xs !== ys) return xs ? 1 : -1;
    return x - y;
  }
  return a.length - b.length;
}

/** The query of a link: `pairs` with `page` set to `page` (or removed when null). */
export function linkQuery(pairs: readonly QueryPair[], page: number | null): string {
  const keys: string[] = [];
  const values: { [key: string]: string[] } = Object.create(null);
  for (let i = 0; i < pairs.length; i++) {
    const p = pairs[i]!;
    if (!values[p.key]) (values[p.key] = []), keys.push(p.key);
    values[p.key]!.push(p.value);
  }
  if (page === null) {
    if (values.page) keys.splice(keys.indexOf('page'), 1);
  } else {
    if (!values.page) keys.push('page');
    values.page = [String(page)];
  }
  keys.sort(codePointCompare);
  const parts: string[] = [];
  for (let k = 0; k < keys.length; k++) {
    const vs = values[keys[k]!]!;
    for (let v = 0; v < vs.length; v++) parts.push(`${quotePlus(keys[k]!)}=${quotePlus(vs[v]!)}`);
  }
  return parts.join('&');
}

/** A `next`/`previous` link: `listUrl` (absolute, with trailing slash) with the query for `page`. */
export function pageLink(listUrl: string, pairs: readonly QueryPair[], page: number | null): string {
  const q = linkQuery(pairs, page);
  return q === '' ? listUrl : `${listUrl}?${q}`;
}
