/**
 * Reading a request as Django and DRF read it (contract §8): the path split into decoded
 * segments, the query parsed like Python's `parse_qsl(keep_blank_values=True)` (names and
 * values form-decoded, invalid UTF-8 replaced), the last value of a repeated name winning
 * for filters, every pair kept for DRF's `next`/`previous` links; integers parsed as
 * Python's `int()` parses them.
 *
 * Runtime-safe subset (docs/runtime.md): this runs on nginx's njs 0.7 and CloudFront too.
 */

/** One `name=value` pair of the query, decoded, in request order. */
export interface QueryPair {
  readonly key: string;
  readonly value: string;
}

export interface Query {
  readonly pairs: readonly QueryPair[];
  /** The last value of `key` (Django's QueryDict.get), or null when absent. */
  get(key: string): string | null;
}

const HEX = /^[0-9A-Fa-f]{2}$/;

/** UTF-8 bytes to a string, each maximal invalid subsequence replaced by U+FFFD (as Python's 'replace'). */
export function utf8Decode(bytes: readonly number[]): string {
  let out = '';
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    if (b < 0x80) {
      out += String.fromCharCode(b);
      i++;
      continue;
    }
    let need = 0;
    let cp = 0;
    let lo = 0x80;
    let hi = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) (need = 1), (cp = b & 0x1f);
    else if (b >= 0xe0 && b <= 0xef)
      (need = 2), (cp = b & 0x0f), (lo = b === 0xe0 ? 0xa0 : 0x80), (hi = b === 0xed ? 0x9f : 0xbf);
    else if (b >= 0xf0 && b <= 0xf4)
      (need = 3), (cp = b & 0x07), (lo = b === 0xf0 ? 0x90 : 0x80), (hi = b === 0xf4 ? 0x8f : 0xbf);
    else {
      out += '\ufffd';
      i++;
      continue;
    }
    let j = 1;
    let ok = true;
    for (; j <= need; j++) {
      const c = bytes[i + j];
      const min = j === 1 ? lo : 0x80;
      const max = j === 1 ? hi : 0xbf;
      if (c === undefined || c < min || c > max) {
        ok = false;
        break;
      }
      cp = (cp << 6) | (c & 0x3f);
    }
    if (!ok) {
      out += '\ufffd';
      i += j;
      continue;
    }
    out +=
      cp < 0x10000
        ? String.fromCharCode(cp)
        : String.fromCharCode(0xd800 + ((cp - 0x10000) >> 10), 0xdc00 + ((cp - 0x10000) & 0x3ff));
    i += need + 1;
  }
  return out;
}

/** Python's `unquote(s, errors='replace')`: `%XX` runs decoded as UTF-8, a bad escape kept as it is. */
export function percentDecode(s: string): string {
  if (s.indexOf('%') === -1) return s;
  let out = '';
  let bytes: number[] = [];
  for (let i = 0; i < s.length; i++) {
    const c = s.charAt(i);
    if (c === '%' && HEX.test(s.slice(i + 1, i + 3))) {
      bytes.push(parseInt(s.slice(i + 1, i + 3), 16));
      i += 2;
      continue;
    }
    if (bytes.length) (out += utf8Decode(bytes)), (bytes = []);
    out += c;
  }
  if (bytes.length) out += utf8Decode(bytes);
  return out;
}

/** Python's `unquote_plus`. */
export const formDecode = (s: string): string => percentDecode(s.split('+').join(' '));

/** The query string (without `?`) as Django parses it. */
export function parseQuery(search: string): Query {
  const pairs: QueryPair[] = [];
  const parts = search.split('&');
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    if (part === '') continue;
    const eq = part.indexOf('=');
    const key = formDecode(eq === -1 ? part : part.slice(0, eq));
    pairs.push({ key, value: eq === -1 ? '' : formDecode(part.slice(eq + 1)) });
  }
  return {
    pairs,
    get(key) {
      for (let i = pairs.length - 1; i >= 0; i--) if (pairs[i]!.key === key) return pairs[i]!.value;
      return null;
    },
  };
}

/**
 * Decoded path segments without the leading empty one and one trailing empty one; null when a
 * segment's percent-encoding is malformed (→ 400).
 */
export function parsePath(pathname: string): string[] | null {
  const parts = pathname.split('/');
  if (parts[0] === '') parts.shift();
  if (parts.length > 0 && parts[parts.length - 1] === '') parts.pop();
  const out: string[] = [];
  for (let i = 0; i < parts.length; i++) {
    try {
      out.push(decodeURIComponent(parts[i]!));
    } catch (_e) {
      return null;
    }
  }
  return out;
}

/** Characters Python's `str.strip()` removes (Unicode whitespace). */
const PY_SPACE = /^[\s\u001c-\u001f\u0085]+|[\s\u001c-\u001f\u0085]+$/g;
const PY_INT = /^[+-]?[0-9](?:_?[0-9])*$/;

/**
 * Python's `int(s)` for a decimal string: surrounding whitespace, a sign and `_` between digits
 * allowed; null where Python raises. (Non-ASCII digits, which Python also reads, are refused.)
 */
export function pyInt(s: string): number | null {
  const t = s.replace(PY_SPACE, '');
  if (!PY_INT.test(t)) return null;
  return parseInt(t.split('_').join(''), 10);
}

// An ASCII-only string (nearly every value) takes the built-in path: on njs a replace callback
// per run of letters costs tens of µs, which a search over thousands of records multiplies.
const NON_ASCII = /[^\x00-\x7f]/;

/** ASCII-only case folding, as SQLite's upper()/lower() and LIKE fold (and the same on every host). */
export function asciiUpper(s: string): string {
  return NON_ASCII.test(s) ? s.replace(/[a-z]+/g, (m) => m.toUpperCase()) : s.toUpperCase();
}
export function asciiLower(s: string): string {
  return NON_ASCII.test(s) ? s.replace(/[A-Z]+/g, (m) => m.toLowerCase()) : s.toLowerCase();
}

/** The case a filter's values are stored (and its files named) in: upper, lower, or as sent. */
export type Fold = 'upper' | 'lower' | null;

/** A value in a stored case (ASCII letters only, as the stored values are folded). */
export const foldValue = (fold: Fold, value: string): string =>
  fold === 'upper' ? asciiUpper(value) : fold === 'lower' ? asciiLower(value) : value;

/** What `quote_plus` keeps as it is: letters, digits and `_.-~` (`\w` is ASCII without the `u` flag). */
const QUOTE_KEEPS = /^[\w.~-]*$/;

/** Python's `quote_plus` of a string (UTF-8, safe characters `_.-~` and alphanumerics; a lone surrogate as U+FFFD). */
export function quotePlus(s: string): string {
  // Nearly every name and value (`format`, `page_size`, `1000`, `-name`) is only characters quote_plus keeps:
  // one test instead of encodeURIComponent and two replaces (a build quotes every link's pairs). A regular
  // expression, not a table of codes: the CloudFront function bundles this, within 10,240 bytes.
  if (QUOTE_KEEPS.test(s)) return s;
  let encoded: string;
  try {
    encoded = encodeURIComponent(s);
  } catch (_e) {
    encoded = encodeURIComponent(s.replace(/[\ud800-\udfff]/g, '\ufffd'));
  }
  return encoded.replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`).replace(/%20/g, '+');
}

/** The name JSONP wraps its JSON in when the request names none (the service's JSONP renderer). */
export const DEFAULT_CALLBACK = 'callback';
/** Longest JSONP callback name answered (contract §8.1). */
const MAX_CALLBACK_LENGTH = 128;
/** A JavaScript identifier path, `jQuery371_1700000000000` or `ns.handler` (contract §8.1). */
export const CALLBACK_NAME = /^[A-Za-z_$][A-Za-z0-9_$]*(\.[A-Za-z_$][A-Za-z0-9_$]*)*$/;

/** Whether `name` may name the function a JSONP answer calls (contract §8.1): an identifier path of at most 128 characters. */
export const isCallbackName = (name: string): boolean => name.length <= MAX_CALLBACK_LENGTH && CALLBACK_NAME.test(name);
