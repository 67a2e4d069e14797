/**
 * Validators of computed answers (issue 35, docs/hosting.md "Caching"): a computed 200 carries
 * an ETag made from the SHA-1 of its body's UTF-8 bytes in base64url, which each host computes
 * with its own crypto, so the value is the same on every host, worker and restart; a request
 * whose If-None-Match names it (weak comparison, RFC 9110 §13.1.2) is answered 304 with the
 * answer's headers but its Content-Type, and no body. Files keep the validators of the host
 * that serves them. Runtime-safe subset (docs/runtime.md).
 */
import type { Answer, Header } from './answer.js';

/** The ETag of a body whose SHA-1 digest is `digest` (base64url, no padding). */
export const etagOf = (digest: string): string => `"${digest}"`;

/** Whether an answer gets a validator: a computed 200 with a body. */
export const takesEtag = (a: Answer): boolean => a.status === 200 && a.body !== undefined;

/** Whether If-None-Match `header` names `etag` (or is `*`), comparing weakly. */
export function noneMatch(header: string | null | undefined, etag: string): boolean {
  if (header === null || header === undefined || header === '') return false;
  const tags = header.split(',');
  for (let i = 0; i < tags.length; i++) {
    let tag = tags[i]!.trim();
    if (tag === '*') return true;
    if (tag.indexOf('W/') === 0) tag = tag.slice(2);
    if (tag === etag) return true;
  }
  return false;
}

/** A computed answer with its ETag, or its 304 when the request's If-None-Match names it. */
export function withValidator(a: Answer, etag: string, ifNoneMatch: string | null | undefined): Answer {
  const unchanged = noneMatch(ifNoneMatch, etag);
  const headers: Header[] = [];
  for (let i = 0; i < a.headers.length; i++)
    if (!unchanged || a.headers[i]![0].toLowerCase() !== 'content-type') headers.push(a.headers[i]!);
  headers.push(['ETag', etag]);
  return unchanged ? { status: 304, headers } : { status: a.status, headers, body: a.body! };
}
