/**
 * nginx's kept answers (issue 47): njs 0.7 starts every request afresh, so a computed answer is
 * kept on disk, in the folder the server block names (`js_var $jaspar_answer_cache <folder>;`,
 * writable by nginx's workers; none named, none kept). The `/api/` location runs this small
 * module first: an answer kept for exactly this request is sent from its file, with its ETag
 * (or its 304), without starting the runtime; anything else goes to the runtime's location
 * (`@jaspar_compute`, entry.ts), which keeps what it computes.
 *
 * Keyed by what the runtime's answer depends on: the build (a digest of the runtime's module
 * and data, so answers of a site since rebuilt or moved to another release never match), the
 * site root, the raw request target (path and query as sent: format, release, callback,
 * filters, page) and the Accept header, GET and HEAD alike. Bounded without any shared bookkeeping: the key's SHA-1 picks one of
 * {@link SLOTS} files, which holds one answer of at most {@link MAX_BODY} characters with its
 * whole key; a later answer for the same slot replaces it, and a file whose key is not the
 * request's is a miss, so no request is ever answered with another's body. Written to a
 * temporary file and renamed, so a reader never sees half of one. Runtime-safe subset.
 */
import type { Answer, Header } from '../../runtime/answer.js';
import { withValidator } from '../../runtime/validators.js';
import { send, type NjsBytes, type NjsRequest } from './send.js';

/** The files the folder holds at most. */
export const SLOTS = 1024;
/** The longest body kept, in characters (at most three bytes each in UTF-8). */
export const MAX_BODY = 65536;
/** The runtime's location, which answers what is not kept. */
export const COMPUTE_LOCATION = '@jaspar_compute';

/** What the handlers use of njs's `fs` and `crypto` (a SHA-1, hex). */
export interface NjsFiles {
  readFileSync(path: string): NjsBytes;
  writeFileSync(path: string, data: string): void;
  renameSync(from: string, to: string): void;
}
export type Sha1Hex = (text: string) => string;

/** The folder answers are kept in, or null when the server block names none. */
export function answerFolder(r: Pick<NjsRequest, 'variables'>): string | null {
  const dir = r.variables.jaspar_answer_cache;
  return dir === undefined || dir === '' ? null : dir;
}

/** The key of a request's answer, or null when none is kept for it (a method other than GET and HEAD). */
export function answerKey(r: Pick<NjsRequest, 'method' | 'variables' | 'headersIn'>, build: string): string | null {
  if (r.method !== 'GET' && r.method !== 'HEAD') return null;
  return JSON.stringify([
    build,
    r.variables.document_root ?? '',
    r.variables.request_uri ?? '/',
    r.headersIn.Accept ?? null,
  ]);
}

/** The file of a key's slot. */
const slotFile = (dir: string, key: string, sha1: Sha1Hex): string =>
  `${dir}/${String(Number.parseInt(sha1(key).slice(0, 8), 16) % SLOTS)}`;

/** What a slot's file holds before the body: one line of JSON. */
interface Head {
  readonly key: string;
  readonly status: number;
  readonly headers: readonly Header[];
  readonly etag: string;
}

/** Keep a computed answer (a 200 with a body, before its validator) and its ETag; false when it is too long. */
export function keep(
  fs: Pick<NjsFiles, 'writeFileSync' | 'renameSync'>,
  sha1: Sha1Hex,
  dir: string,
  key: string,
  a: Answer,
  etag: string,
): boolean {
  if (a.body === undefined || a.body.length > MAX_BODY) return false;
  const head: Head = { key, status: a.status, headers: a.headers, etag };
  const file = slotFile(dir, key, sha1);
  const tmp = `${file}.${String(process.pid)}.tmp`;
  fs.writeFileSync(tmp, `${JSON.stringify(head)}\n${a.body}`);
  fs.renameSync(tmp, file);
  return true;
}

/** The answer kept for `key` (its body as bytes) and its ETag, or null. */
function kept(fs: NjsFiles, sha1: Sha1Hex, dir: string, key: string): { head: Head; body: NjsBytes } | null {
  let bytes: NjsBytes;
  try {
    bytes = fs.readFileSync(slotFile(dir, key, sha1));
  } catch (_e) {
    return null;
  }
  const nl = bytes.indexOf(10);
  if (nl === -1) return null;
  let head: Head;
  try {
    head = JSON.parse(bytes.slice(0, nl).toString()) as Head;
  } catch (_e) {
    return null;
  }
  return head.key === key ? { head, body: bytes.slice(nl + 1) } : null;
}

/** The `/api/` location's handler: a kept answer, else the runtime's location. */
export function answersHandler(fs: NjsFiles, sha1: Sha1Hex, build: string): (r: NjsRequest) => void {
  return (r) => {
    const dir = answerFolder(r);
    const key = dir === null ? null : answerKey(r, build);
    const hit = dir === null || key === null ? null : kept(fs, sha1, dir, key);
    if (hit === null) {
      r.internalRedirect(COMPUTE_LOCATION);
      return;
    }
    // Its ETag or its 304 as the runtime's handler sends them (entry.ts), the body as the file holds it.
    const a = withValidator(
      { status: hit.head.status, headers: hit.head.headers, body: '' },
      hit.head.etag,
      r.headersIn['If-None-Match'],
    );
    if (a.status === 304) return send(r, { status: a.status, headers: a.headers });
    for (let i = 0; i < a.headers.length; i++) r.headersOut[a.headers[i]![0]] = a.headers[i]![1];
    r.return(a.status, hit.body);
  };
}
