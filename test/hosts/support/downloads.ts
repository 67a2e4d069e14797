/**
 * The download area on a host (contract §9, issue 34): DOWNLOAD_REQUESTS asked of the dev server
 * and of the host, over a build from the sample's SQL dump (sampleSqlDump: it has every ending,
 * the `.sql.gz` included). The dev server answers as §9 says: a file of the built area 200 with
 * its ending's Content-Type (a folder: its listing, §10), `Content-Encoding` only on the `.sql.gz`, and the stored bytes; any
 * other path 404. The host answers the same: status, Content-Type, Content-Encoding and bytes
 * (a zip: the same members), but for the deviations its suite names (a static host's one 404
 * page, {@link staticNotFound}; Netlify's `.sql.gz`, {@link netlifyDump}).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ERROR_MEDIA_TYPE, NOT_PREBUILT } from '../../../src/api/errors.js';
import { DOWNLOAD_REQUESTS } from '../../../src/check/requests.js';
import { sameReply } from '../../../src/check/same-reply.js';
import type { ClientRequest, Reply } from '../../../src/check/types.js';
import { DOWNLOAD_TYPES, downloadTypeOf } from '../../../src/download/media.js';
import type { KnownFailure } from './check-run.js';

/** Whether the host's `got` for `req` is a deviation its suite documents from the dev server's `expected`. */
export type DownloadDeviation = (req: ClientRequest, expected: Reply, got: Reply) => boolean;

const encodingOf = (r: Reply) => r.headers?.['content-encoding'] ?? null;

const show = (r: Reply) =>
  `${r.status} ${r.contentType ?? '(no Content-Type)'} encoding ${encodingOf(r) ?? 'none'} ${r.body.length} B`;

/**
 * Netlify's CDN (`netlify`, and `netlify-edge`'s static files) ignores a `Content-Encoding` set
 * in `_headers`, so it sends the `.sql.gz` as what its bytes are, `application/gzip`, without one
 * (src/hosting/netlify-headers.ts, docs/hosting.md "The download area on Netlify"): that file
 * only, its status and bytes the dev server's, those two headers only.
 */
export const netlifyDump: DownloadDeviation = (req, expected, got) =>
  downloadTypeOf(req.target)?.suffix === '.sql.gz' &&
  expected.status === 200 &&
  expected.contentType === 'application/sql' &&
  encodingOf(expected) === 'gzip' &&
  got.status === 200 &&
  got.contentType === 'application/gzip' &&
  encodingOf(got) === null &&
  got.body.equals(expected.body);

/**
 * A host that answers a missing file with its site's one 404 page, `/404.html` (S3 behind
 * CloudFront, Netlify's CDN): a 404 as the dev server's, the body the page's (NOT_PREBUILT,
 * src/api/errors.ts), not the dev server's `Not found.`.
 */
export const staticNotFound: DownloadDeviation = (_req, expected, got) => isSiteNotFoundPage(expected, got);

/** The dev server's 404 answered by the site's one 404 page (NOT_PREBUILT) instead. */
export const isSiteNotFoundPage = (expected: Reply, got: Reply): boolean =>
  expected.status === 404 &&
  got.status === 404 &&
  got.contentType === ERROR_MEDIA_TYPE &&
  got.body.toString('utf8') === NOT_PREBUILT.body;

/** What `jaspar-static check` reports of the `.sql.gz` on Netlify ({@link netlifyDump}; docs/hosting.md). */
export const NETLIFY_DUMP_CHECK: KnownFailure = {
  target: DOWNLOAD_REQUESTS.find((r) => r.target.endsWith('.sql.gz'))!.target,
  kind: 'wrong type',
};

/** The file a request names: a folder's listing is its index.html (src/portal/downloads.ts). */
const fileOf = (req: ClientRequest): string => (req.target.endsWith('/') ? `${req.target}index.html` : req.target);

/** §9 of the dev server's answer to `req` over the built `site`, or what breaks it. */
function contractProblem(site: string, req: ClientRequest, r: Reply): string | null {
  const file = join(site, decodeURIComponent(fileOf(req)));
  if (!existsSync(file) || !statSync(file).isFile())
    return r.status === 404 ? null : `no such file, expected 404, got ${show(r)}`;
  const type = downloadTypeOf(fileOf(req));
  if (type === undefined) return 'not a file §9 types';
  if (r.status !== 200 || r.contentType !== type.mediaType || encodingOf(r) !== type.encoding)
    return `expected 200 ${type.mediaType} encoding ${type.encoding ?? 'none'}, got ${show(r)}`;
  return r.body.equals(readFileSync(file)) ? null : 'not the stored bytes';
}

/**
 * The problems of the download area on `host` against `reference` (the dev server over `site`),
 * one line each; empty when it is served as §9 says, by both.
 */
export async function downloadProblems(
  site: string,
  reference: (req: ClientRequest) => Promise<Reply>,
  host: (req: ClientRequest) => Promise<Reply>,
  deviations: readonly DownloadDeviation[] = [],
): Promise<string[]> {
  const problems: string[] = [];
  const served = new Set<string>();
  let missing = 0;
  for (const req of DOWNLOAD_REQUESTS) {
    const [expected, got] = await Promise.all([reference(req), host(req)]);
    const wrong = contractProblem(site, req, expected);
    if (wrong !== null) problems.push(`${req.target}: dev server: ${wrong}`);
    if (expected.status === 200) served.add(downloadTypeOf(fileOf(req))?.suffix ?? '');
    else missing++;
    const same = sameReply(expected, got) && encodingOf(got) === encodingOf(expected);
    if (!same && !deviations.some((d) => d(req, expected, got)))
      problems.push(`${req.target}:\n  dev server ${show(expected)}\n  this host  ${show(got)}`);
  }
  // The requests saw a file of every ending (a build from the SQL dump) and a missing one.
  for (const t of DOWNLOAD_TYPES) if (!served.has(t.suffix)) problems.push(`no ${t.suffix} file was served`);
  if (missing === 0) problems.push('no missing path was asked');
  return problems;
}
