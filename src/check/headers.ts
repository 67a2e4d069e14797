/**
 * The headers the contract requires on API answers (§6, §8.1, and the cache policy decided in
 * src/api/errors.ts) and on the download area's files
 * (§9: Content-Encoding of the stored gzip; Content-Type is judged with the body): a header the
 * reference sends that the mirror lacks (or sends without one of the reference's values) is a
 * failure. `Allow` is required on 405 only: hosts that cannot set it elsewhere still answer every
 * method they refuse with it.
 */
import { DOWNLOAD_PREFIX } from '../download/media.js';
import type { ClientRequest, Reply } from './types.js';

const ALWAYS = ['x-content-type-options', 'access-control-allow-origin', 'vary', 'cache-control'] as const;

/** A header's values, lower-cased; `Vary: Accept-Encoding` is the transport's (a host that compresses), never required. */
const tokens = (v: string): string[] =>
  v
    .split(',')
    .map((t) => t.trim().toLowerCase())
    .filter((t) => t !== '' && t !== 'accept-encoding');

/** The first required header `got` lacks, as `Name: expected value, got …`, or null. */
export function missingHeader(req: ClientRequest, expected: Reply, got: Reply): string | null {
  if (expected.headers === undefined || got.headers === undefined) return null;
  const names: string[] = [];
  if (req.target.startsWith('/api')) names.push(...ALWAYS, ...(expected.status === 405 ? ['allow'] : []));
  // The download area (contract §9): a `.sql.gz` is the stored gzip, said by Content-Encoding.
  else if (req.target.startsWith(DOWNLOAD_PREFIX)) {
    names.push('content-encoding');
    // And no other file said to be encoded: a client would decode bytes that are not.
    const extra = got.headers['content-encoding'];
    if (expected.headers['content-encoding'] === undefined && extra !== undefined && extra !== 'identity')
      return `content-encoding: expected none, got "${extra}"`;
  }
  for (const name of names) {
    const want = expected.headers[name];
    if (want === undefined) continue;
    const have = got.headers[name];
    const missing = have === undefined ? tokens(want) : tokens(want).filter((t) => !tokens(have).includes(t));
    if (missing.length > 0) return `${name}: expected "${want}", got ${have === undefined ? 'none' : `"${have}"`}`;
  }
  return null;
}
