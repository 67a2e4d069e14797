/**
 * Whether two replies agree: the same status, Content-Type and body (a zip: the same members,
 * same-zip.ts); a redirect, the same status and target (its body and type are each host's own).
 */
import { sameZipMembers } from './same-zip.js';
import type { Reply } from './types.js';

/** Whether `got`'s body is `expected`'s: the same bytes, or, for zips, the same member names and contents. */
export function sameBody(expected: Reply, got: Reply): boolean {
  if (expected.body.equals(got.body)) return true;
  return expected.contentType === 'application/zip' && got.contentType === expected.contentType
    ? sameZipMembers(expected.body, got.body)
    : false;
}

const isRedirect = (r: Reply): boolean => r.status >= 300 && r.status < 400 && r.status !== 304;

/** A redirect's target as a path and query (a Location read against any origin); null where the reply holds no headers. */
export function redirectTarget(r: Reply): string | null {
  const location = r.headers?.location;
  if (location === undefined) return null;
  const url = new URL(location, 'http://host.invalid/');
  return `${url.pathname}${url.search}`;
}

export function sameReply(a: Reply, b: Reply): boolean {
  if (isRedirect(a) && isRedirect(b))
    return (
      a.status === b.status &&
      (a.headers === undefined || b.headers === undefined || redirectTarget(a) === redirectTarget(b))
    );
  return a.status === b.status && a.contentType === b.contentType && sameBody(a, b);
}
