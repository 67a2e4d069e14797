/**
 * fast-check arbitraries for HTTP requests as careless, hostile or simply unusual clients send
 * them: methods, paths of known and random segments (traversal, encoded slashes and NUL,
 * malformed and overlong percent-encoding, unicode), query strings with known and random keys,
 * repeated keys and odd values (huge, negative, overlong, encoded, unicode), Accept headers.
 * Targets never hold a space, CR or LF: those would break the request line, not test the host.
 */
import fc from 'fast-check';
import type { Request } from '../conformance/hosts/http.js';

/**
 * Names of files beside the site that must never be served (planted by the test). Not the hostile
 * suite's names: both plant beside the one shared sample site, from forks that run at once.
 */
export const CANARY_NAMES = ['fuzz-canary.json', 'fuzz-canary.txt'] as const;

const SEGMENTS = [
  'api',
  'v1',
  'matrix',
  'tffm',
  'collections',
  'taxon',
  'species',
  'versions',
  'releases',
  'sites',
  'static',
  'logos',
  'svg',
  'TFFM',
  'files',
  'json',
  'default',
  'errors',
  '_',
  'MA0101.2',
  'MA0101',
  'MA0004.1',
  'TFFM0040.1',
  'CORE',
  'vertebrates',
  '9606',
  'index.html',
  '404.html',
  'jaspar-static.json',
  '_redirects',
  '_headers',
  'MA0101.2.jaspar',
  'MA0101.2.json',
  'matrix.json',
  'MA0101.2.svg',
  '..',
  '.',
  '%2e%2e',
  '%2E%2E%2F',
  '..%2f',
  '..%5c',
  '%00',
  '%zz',
  '%',
  '%c0%ae%c0%ae',
  '%2f',
  '%252e%252e',
  '~',
  '.git',
  '.dist.deploy',
  'dist.deploy',
  'nginx',
  'apache',
  'jaspar.conf',
  'jaspar.js',
  ...CANARY_NAMES,
];
const KEYS = [
  'page',
  'page_size',
  'format',
  'order',
  'release',
  'collection',
  'tax_group',
  'tax_id',
  'name',
  'search',
  'version',
  'callback',
  'tf_class',
  'tf_family',
  'data_type',
  'class',
  'family',
  'type',
  'PAGE',
  'format[]',
  '',
];
const VALUES = [
  '1',
  '2',
  '3',
  'last',
  '0',
  '-1',
  '02',
  '1.0',
  '1e309',
  '99999999999999999999999999',
  'NaN',
  '',
  'json',
  'jsonp',
  'yaml',
  'jaspar',
  'transfac',
  'pfm',
  'meme',
  'bed',
  'api',
  'html',
  'xml',
  'name',
  '-name',
  'version',
  '-version',
  'base_id',
  'collection',
  'log_p_1st_order',
  'name,version',
  'CORE',
  'core',
  'vertebrates',
  '9606',
  'latest',
  '2016',
  'JASPAR2016',
  'sample',
  '2099',
  '..%2F..%2Fcanary',
  '%00',
  '%zz',
  '%',
  '%2Fetc%2Fpasswd',
  'callback',
  'jQuery3710_1700000000000',
  'a.b',
  'alert(1)//',
  'zinc',
];
const ACCEPTS = [
  '*/*',
  'text/html',
  'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'application/json',
  'application/javascript',
  'application/yaml',
  'text/jaspar',
  'text/transfac',
  'text/pfm',
  'text/meme',
  'text/bed',
  'image/png',
  'text/*',
  'application/*;q=0.1',
  'text/meme;q=0, */*;q=0',
  ';;;',
  'application/json; charset=utf-8, text/html',
  '*/*;q=abc',
];

/** Percent-encoding of arbitrary bytes (including %00, %2F, invalid UTF-8). */
const encodedBytes = fc
  .uint8Array({ minLength: 1, maxLength: 12 })
  .map((b) => [...b].map((x) => `%${x.toString(16).padStart(2, '0')}`).join(''));
/** Unicode text, percent-encoded as UTF-8 (what a browser sends). */
const unicode = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 8 }).map((s) => encodeURIComponent(s));
/** Unicode sent raw: bytes outside ASCII in the request line. */
const rawUnicode = fc
  .string({ unit: 'grapheme', minLength: 1, maxLength: 6 })
  .map((s) => s.replace(/[\s\u0000-\u001f\u007f]/g, 'x'));
/** URL-safe printable text a client might type. */
const plain = fc.string({
  unit: fc.constantFrom(..."abcXYZ019-._~!$&'()*+,;=:@/?#[]".split('')),
  minLength: 1,
  maxLength: 10,
});
const overlong = fc.integer({ min: 1000, max: 12000 }).map((n) => 'a'.repeat(n));

const token = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...SEGMENTS) },
  encodedBytes,
  unicode,
  rawUnicode,
  plain,
);
const value = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...VALUES) },
  encodedBytes,
  unicode,
  rawUnicode,
  plain,
  fc.integer().map(String),
  { weight: 1, arbitrary: overlong },
);
const key = fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...KEYS) }, encodedBytes, unicode, plain);

const path = fc
  .tuple(
    fc.constantFrom('/api/v1/', '/api/v1/', '/api/v1/', '/', '/static/', '/files/', '//', '/api/'),
    fc.array(token, { maxLength: 5 }),
    fc.constantFrom('', '/', '//', '.json', '.meme'),
  )
  .map(([prefix, segments, end]) => `${prefix}${segments.join('/')}${segments.length ? end : ''}`);

const query = fc.oneof(
  { weight: 1, arbitrary: fc.constant('') },
  {
    weight: 4,
    arbitrary: fc
      .array(fc.tuple(key, fc.option(value, { nil: null })), { minLength: 1, maxLength: 6 })
      .map((pairs) => `?${pairs.map(([k, v]) => (v === null ? k : `${k}=${v}`)).join('&')}`),
  },
);

const method = fc.oneof(
  { weight: 12, arbitrary: fc.constant('GET') },
  { weight: 3, arbitrary: fc.constantFrom('HEAD', 'OPTIONS') },
  { weight: 2, arbitrary: fc.constantFrom('POST', 'PUT', 'DELETE', 'PATCH') },
  { weight: 1, arbitrary: fc.stringMatching(/^[A-Z]{1,10}$/) },
);

const accept = fc.option(
  fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...ACCEPTS) },
    plain,
    fc.integer({ min: 100, max: 4000 }).map((n) => `text/${'x'.repeat(n)}`),
  ),
  { nil: null, freq: 3 },
);

/** One request: method, target, maybe an Accept header. */
export const requestArb: fc.Arbitrary<Request> = fc
  .tuple(method, path, query, accept)
  .map(([m, p, q, a]) => ({ method: m, target: `${p}${q}`, ...(a === null ? {} : { headers: { Accept: a } }) }));
