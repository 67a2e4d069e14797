/** Whether two replies agree: the same status, Content-Type and body (a zip: the same members, same-zip.ts). */
import { sameZipMembers } from './same-zip.js';
import type { Reply } from './types.js';

/** Whether `got`'s body is `expected`'s: the same bytes, or, for zips, the same member names and contents. */
export function sameBody(expected: Reply, got: Reply): boolean {
  if (expected.body.equals(got.body)) return true;
  return expected.contentType === 'application/zip' && got.contentType === expected.contentType
    ? sameZipMembers(expected.body, got.body)
    : false;
}

export function sameReply(a: Reply, b: Reply): boolean {
  return a.status === b.status && a.contentType === b.contentType && sameBody(a, b);
}
