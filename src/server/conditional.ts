/**
 * Conditional and range requests on a file's bytes (RFC 9110 §13, §14): If-None-Match and
 * If-Modified-Since answer 304, one byte range 206 (several, or a stale If-Range: the whole
 * file, so a request of a thousand ranges costs one answer), a range past the end 416 with the
 * API's JSON error and `Content-Range: bytes *<slash>size`, never the file.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { RANGE_NOT_SATISFIABLE } from '../api/errors.js';
import type { CachedFile } from './file-cache.js';

export interface Reply {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: Buffer;
}

const etagMatches = (header: string, etag: string): boolean =>
  header
    .split(',')
    .map((t) => t.trim().replace(/^W\//, ''))
    .some((t) => t === '*' || t === etag);

function notModified(req: IncomingHttpHeaders, file: CachedFile): boolean {
  const inm = req['if-none-match'];
  if (inm !== undefined) return etagMatches(inm, file.etag);
  const ims = req['if-modified-since'];
  if (ims === undefined) return false;
  const t = Date.parse(ims);
  return !Number.isNaN(t) && file.mtimeSeconds <= Math.floor(t / 1000);
}

/**
 * The one range asked for: [start, end] inclusive, 'unsatisfiable', or null for the whole file
 * (no range, a malformed one, or several: the dev server honours one range per request).
 */
export function byteRange(header: string, size: number): [number, number] | 'unsatisfiable' | null {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (m === null || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    const n = Number(m[2]);
    if (n === 0) return 'unsatisfiable';
    return [Math.max(0, size - n), size - 1];
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (m[2] !== '' && Number(m[2]) < start) return null;
  return start >= size ? 'unsatisfiable' : [start, end];
}

function ifRangeHolds(req: IncomingHttpHeaders, file: CachedFile): boolean {
  const v = req['if-range'];
  if (Array.isArray(v)) return false;
  if (v === undefined) return true;
  if (v.startsWith('"') || v.startsWith('W/')) return v === file.etag;
  const t = Date.parse(v);
  return !Number.isNaN(t) && Math.floor(t / 1000) === file.mtimeSeconds;
}

/** What to send for a GET or HEAD of `file` answered 200 with `headers`. */
export function fileReply(req: IncomingHttpHeaders, file: CachedFile, headers: Record<string, string>): Reply {
  const out: Record<string, string> = {
    ...headers,
    ETag: file.etag,
    'Last-Modified': file.lastModified,
    'Accept-Ranges': 'bytes',
  };
  if (notModified(req, file)) {
    delete out['Content-Type'];
    return { status: 304, headers: out, body: Buffer.alloc(0) };
  }
  const size = file.bytes.length;
  const r = req.range === undefined || !ifRangeHolds(req, file) ? null : byteRange(req.range, size);
  if (r === 'unsatisfiable') return unsatisfiable(size, out);
  if (r === null) {
    out['Content-Length'] = String(size);
    return { status: 200, headers: out, body: file.bytes };
  }
  const body = file.bytes.subarray(r[0], r[1] + 1);
  out['Content-Range'] = `bytes ${r[0]}-${r[1]}/${size}`;
  out['Content-Length'] = String(body.length);
  return { status: 206, headers: out, body };
}

/** 416 for a file of `size` bytes: the API's JSON error, never the file (`headers`: the answer's own, its type replaced). */
export function unsatisfiable(size: number, headers: Record<string, string> = {}): Reply {
  const body = Buffer.from(RANGE_NOT_SATISFIABLE.body, 'utf8');
  return {
    status: RANGE_NOT_SATISFIABLE.status,
    headers: {
      ...headers,
      'Content-Type': 'application/json',
      'Content-Range': `bytes */${size}`,
      'Content-Length': String(body.length),
    },
    body,
  };
}
