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

/**
 * The queries of every link of one list: `pairs` grouped, sorted and form-encoded once; each
 * query puts `page` in its sorted place (or leaves it out when null). A list page's two links,
 * and the build's pages of one variant, share the work.
 */
export function linkQueries(pairs: readonly QueryPair[]): (page: number | null) => string {
  const keys: string[] = [];
  const values: { [key: string]: string[] } = Object.create(null);
  for (let i = 0; i < pairs.length; i++) {
    const p = pairs[i]!;
    if (!values[p.key]) (values[p.key] = []), keys.push(p.key);
    values[p.key]!.push(p.value);
  }
  // `page` sorted among the names as if sent; its values are replaced (or dropped) per link.
  if (!values.page) keys.push('page');
  keys.sort(codePointCompare);
  const before: string[] = [];
  const after: string[] = [];
  let past = false;
  for (let k = 0; k < keys.length; k++) {
    if (keys[k] === 'page') {
      past = true;
      continue;
    }
    const vs = values[keys[k]!]!;
    const name = quotePlus(keys[k]!);
    for (let v = 0; v < vs.length; v++) (past ? after : before).push(`${name}=${quotePlus(vs[v]!)}`);
  }
  const head = before.join('&');
  const tail = after.join('&');
  const withoutPage = head === '' ? tail : tail === '' ? head : `${head}&${tail}`;
  return (page) => {
    if (page === null) return withoutPage;
    const own = `page=${quotePlus(String(page))}`;
    return `${head === '' ? '' : `${head}&`}${own}${tail === '' ? '' : `&${tail}`}`;
  };
}

/** The query of a link: `pairs` with `page` set to `page` (or removed when null). */
export const linkQuery = (pairs: readonly QueryPair[], page: number | null): string => linkQueries(pairs)(page);

/** The `next`/`previous` links of one list: `listUrl` (absolute, with trailing slash) with the query for a page. */
export function pageLinks(listUrl: string, pairs: readonly QueryPair[]): (page: number | null) => string {
  const query = linkQueries(pairs);
  return (page) => {
    const q = query(page);
    return q === '' ? listUrl : `${listUrl}?${q}`;
  };
}

/** A `next`/`previous` link: `listUrl` (absolute, with trailing slash) with the query for `page`. */
export const pageLink = (listUrl: string, pairs: readonly QueryPair[], page: number | null): string =>
  pageLinks(listUrl, pairs)(page);
