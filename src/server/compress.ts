/**
 * The dev server's compression (issue 35, docs/hosting.md "Compression"): an answer of 1 KiB or
 * more is sent gzip-compressed to a client that accepts gzip, as nginx's gzip module does — its
 * `Vary` names Accept-Encoding, a strong ETag becomes weak (the bytes differ from the file's),
 * and what is stored compressed already (a zip, a `.sql.gz`) or a part of a file (206) is sent as
 * it is.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { gzipSync } from 'node:zlib';
import { MIN_COMPRESSED } from '../hosting/compression.js';

const STORED_COMPRESSED = /^application\/(?:zip|gzip)\b/i;

const acceptsGzip = (req: IncomingHttpHeaders): boolean =>
  /(?:^|,)\s*(?:gzip|\*)\s*(?:;\s*q=(?!0(?:\.0*)?\s*(?:,|$))[\d.]+\s*)?(?:,|$)/i.test(req['accept-encoding'] ?? '');

/** The reply as sent: compressed where the client accepts gzip and it pays. */
export function maybeCompressed(
  req: IncomingHttpHeaders,
  status: number,
  headers: Record<string, string>,
  body: Buffer,
): { headers: Record<string, string>; body: Buffer } {
  const type = headers['Content-Type'] ?? '';
  if (status !== 200 || headers['Content-Encoding'] !== undefined || STORED_COMPRESSED.test(type) || type === '')
    return { headers, body };
  if (body.length < MIN_COMPRESSED) return { headers, body };
  const vary = headers.Vary === undefined ? 'Accept-Encoding' : `${headers.Vary}, Accept-Encoding`;
  if (!acceptsGzip(req)) return { headers: { ...headers, Vary: vary }, body };
  const zipped = gzipSync(body, { level: 5 });
  const etag = headers.ETag;
  return {
    headers: {
      ...headers,
      Vary: vary,
      'Content-Encoding': 'gzip',
      'Content-Length': String(zipped.length),
      ...(etag !== undefined && !etag.startsWith('W/') ? { ETag: `W/${etag}` } : {}),
    },
    body: zipped,
  };
}
