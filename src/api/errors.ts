/**
 * Error answers of the API (contract §3–§8): status and JSON body, worded as DRF and JASPAR
 * word them, plus the few this copy adds where the contract decides (an unserved release, a
 * query a rules-only host cannot answer). A leaf module: every host's configuration and the
 * request runtime take their bodies from here. Runtime-safe subset (docs/runtime.md).
 */

export interface ApiError {
  readonly status: number;
  readonly body: string;
}

const detail = (status: number, text: string): ApiError => ({ status, body: JSON.stringify({ detail: text }) });

export const NOT_FOUND = detail(404, 'Not found.');
export const INVALID_PAGE = detail(404, 'Invalid page.');
export const NOT_ACCEPTABLE = detail(406, 'Could not satisfy the request Accept header.');
export const BAD_REQUEST = detail(400, 'Bad request.');
/** A JSONP `callback` that is no JavaScript name (contract §8.1, decided: never echoed into a script). */
export const INVALID_CALLBACK = detail(400, 'Invalid JSONP callback name.');
export const URI_TOO_LONG = detail(414, 'URI too long.');
/** A request whose header fields are larger than the server reads (RFC 6585 §5). */
export const HEADERS_TOO_LARGE = detail(431, 'Request header fields too large.');
/** A byte range that starts past the end of the file (RFC 9110 §15.5.17), sent with a Content-Range naming the size. */
export const RANGE_NOT_SATISFIABLE = detail(416, 'Requested range not satisfiable.');
export const INTERNAL_ERROR = detail(500, 'Internal error.');
/** A request body past what the server reads (the API takes none: nginx and Apache stop it first). */
export const PAYLOAD_TOO_LARGE = detail(413, 'Request body too large.');
/** The server cannot answer now (a proxy's upstream, an overloaded server). */
export const UNAVAILABLE = detail(503, 'Service temporarily unavailable.');
/** An answer bigger than the host may send (Lambda@Edge: 1 MB generated), with the remedies. */
export const responseTooLarge = (bytes: number, max: number): ApiError =>
  detail(
    500,
    `This answer (${bytes} bytes) is larger than this host can send (${max} bytes): ask with Accept-Encoding: gzip, or for a smaller page_size.`,
  );

/** DRF's 405 body; the method is cut to a safe token. */
export const methodNotAllowed = (method: string): ApiError =>
  detail(405, `Method "${method.replace(/[^A-Za-z0-9_-]/g, '')}" not allowed.`);

/** A `release` this site does not serve (contract §8); `served` names what it does serve. */
export const releaseNotServed = (value: string, served: readonly string[]): ApiError =>
  detail(404, `Release ${value} is not served here; this copy serves ${served.join(', ')}.`);

/**
 * The same refusal as a fixed body, for hosts that answer errors with files (Netlify, Apache):
 * they cannot echo the value asked for.
 */
export const releaseNotServedHere = (served: readonly string[]): ApiError =>
  detail(404, `This release is not served here; this copy serves ${served.join(', ')}.`);

/** The hosts that answer every query (docs/hosting.md), named in the rules tier's refusals. */
export const COMPUTE_HOSTS =
  'the dev server (jaspar-static serve), nginx with njs, a Netlify Edge Function, a Cloudflare Worker or Lambda@Edge (S3 + CloudFront)';

/**
 * A query a rules-only host has no prebuilt file for (`what` says which part), naming the hosts
 * that answer it. Never a different list than the one asked for (contract §8).
 */
export const unavailableHere = (what: string): ApiError =>
  detail(
    404,
    `${what} is not available on this static host, which serves only prebuilt pages; ${COMPUTE_HOSTS} answers it (see docs/hosting.md).`,
  );

/** A JSONP `callback` other than the default on a rules-only host: its prebuilt files call `callback` (contract §8.1). */
export const CALLBACK_NOT_PREBUILT = unavailableHere('A JSONP callback name other than callback');

/**
 * The one page a static host answers when a rewrite names a file the build did not write
 * (Netlify's `/404.html`, S3's error page behind CloudFront): such a host cannot tell an unknown
 * id or page from a query that was not prebuilt, so the body says both and names the hosts that
 * answer every query (contract §8: never a different list).
 */
export const NOT_PREBUILT = detail(
  404,
  `Not found: no prebuilt file answers this request. An unknown id or page ends here, and so does a query this static host has no prebuilt page for (a page_size, order or filter value that was not prebuilt); ${COMPUTE_HOSTS} answers every query (see docs/hosting.md).`,
);

/**
 * A prebuilt page a rules-only host that reads the page number as written finds no file for:
 * past the end (DRF's `Invalid page.`), or spelt other than its file is named (`page=02`, an
 * empty `page=`), which DRF reads as a page.
 */
export const PAGE_NOT_PREBUILT = detail(
  404,
  `Invalid page, or a page number written other than as its prebuilt file is named (such as 02); this static host serves only prebuilt pages; ${COMPUTE_HOSTS} answers it (see docs/hosting.md).`,
);

/**
 * Endpoints of the live service that no copy can compute (contract §8.1): every path below
 * `/api/v1/<segment>` answers `error`, whatever its method (once allowed) or format. `name`
 * names its error file on hosts that answer with files (src/hosting/rules/host-errors.ts).
 */
export const UNOFFERED_ENDPOINTS: readonly {
  readonly segment: string;
  readonly name: string;
  readonly error: ApiError;
}[] = [
  {
    segment: 'infer',
    name: 'infer-not-offered',
    error: detail(
      404,
      'Profile inference (/api/v1/infer/) is not offered by this static copy of JASPAR; use the live service.',
    ),
  },
];

/** The refusal of the endpoint whose first segment below `/api/v1/` is `segment`, or null. */
export function unofferedEndpoint(segment: string | undefined): ApiError | null {
  for (let i = 0; i < UNOFFERED_ENDPOINTS.length; i++)
    if (UNOFFERED_ENDPOINTS[i]!.segment === segment) return UNOFFERED_ENDPOINTS[i]!.error;
  return null;
}

/**
 * How long an answer may be reused without asking again (decided, docs/hosting.md "Caching"):
 * five minutes, on every answer of every host. A built release never changes, but a rebuild on
 * release day changes the lists (the newest release, the default order of names), so clients and
 * shared caches must not keep them for days; after five minutes they revalidate, which the
 * validators (ETag, and Last-Modified on files) make a 304 of a few hundred bytes.
 */
export const CACHE_CONTROL = 'public, max-age=300';

/** Headers every API answer carries (contract §6), and the cache policy. */
export const API_HEADERS: readonly (readonly [string, string])[] = [
  ['Vary', 'Accept'],
  ['Access-Control-Allow-Origin', '*'],
  ['Cache-Control', CACHE_CONTROL],
];
/**
 * Security headers every API answer carries too (contract §8.1, decided), kept apart from
 * {@link API_HEADERS}: CloudFront sets them in its response headers policy's
 * SecurityHeadersConfig, where a custom header of that name is not accepted.
 */
export const SECURITY_HEADERS: readonly (readonly [string, string])[] = [['X-Content-Type-Options', 'nosniff']];
/** Every header of every API answer where the host sets them from one list (all but CloudFront's policy). */
export const EVERY_API_HEADER: readonly (readonly [string, string])[] = API_HEADERS.concat(SECURITY_HEADERS);
/** The `Allow` header of lists, details and errors, where the host lets us set it. */
export const ALLOW = 'GET, HEAD, OPTIONS';
/** The Content-Type of error bodies. */
export const ERROR_MEDIA_TYPE = 'application/json';
