/**
 * A raw HTTP/1.1 client for the conformance and hostile suites: the request target goes out
 * byte for byte (fetch and URL would normalise `..`, `%2e` and the like), any method name, any
 * header. One connection per request (`Connection: close`).
 */
import { connect } from 'node:net';

/** What a host answered, in the form every host runner returns. */
export interface Answer {
  readonly status: number;
  /** Header names lower-cased; repeated headers joined with `, `. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Buffer;
}

export interface Request {
  readonly method: string;
  /** Path and query exactly as sent, e.g. `/api/v1/matrix/?page=2`. */
  readonly target: string;
  readonly headers?: Readonly<Record<string, string>>;
}

function dechunk(body: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (let guard = 0; guard < 100_000 && at < body.length; guard++) {
    const eol = body.indexOf('\r\n', at);
    const size = parseInt(body.subarray(at, eol).toString('latin1'), 16);
    if (!(size > 0)) break;
    parts.push(body.subarray(eol + 2, eol + 2 + size));
    at = eol + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

function parse(raw: Buffer): Answer {
  const end = raw.indexOf('\r\n\r\n');
  const head = raw
    .subarray(0, end === -1 ? raw.length : end)
    .toString('latin1')
    .split('\r\n');
  const status = Number(/^HTTP\/\d\.\d (\d{3})/.exec(head[0] ?? '')?.[1] ?? 0);
  const headers: Record<string, string> = {};
  for (const line of head.slice(1)) {
    const i = line.indexOf(':');
    if (i <= 0) continue;
    const k = line.slice(0, i).trim().toLowerCase();
    const v = line.slice(i + 1).trim();
    headers[k] = headers[k] === undefined ? v : `${headers[k]}, ${v}`;
  }
  let body = end === -1 ? Buffer.alloc(0) : raw.subarray(end + 4);
  if (/chunked/i.test(headers['transfer-encoding'] ?? '')) body = dechunk(body);
  return { status, headers, body };
}

/** Send one request to 127.0.0.1:`port`; resolves with the parsed answer (status 0 if none). */
export function send(port: number, req: Request): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    const chunks: Buffer[] = [];
    socket.setTimeout(60_000, () =>
      socket.destroy(new Error(`no answer to ${req.method} ${req.target.slice(0, 200)}`)),
    );
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', (err) => (chunks.length ? resolve(parse(Buffer.concat(chunks))) : reject(err)));
    socket.on('close', () => resolve(parse(Buffer.concat(chunks))));
    const extra = Object.entries(req.headers ?? {})
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join('');
    // Not end(): a server may drop a half-closed connection before answering (Node's does).
    socket.write(
      `${req.method} ${req.target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n${extra}\r\n`,
    );
  });
}

/** Whether `raw` already holds one whole response (RFC 9112 §6.3 framing), for a request of `method`. */
function complete(raw: Buffer, method: string): boolean {
  const end = raw.indexOf('\r\n\r\n');
  if (end === -1) return false;
  const head = raw.subarray(0, end).toString('latin1');
  const status = Number(/^HTTP\/\d\.\d (\d{3})/.exec(head)?.[1] ?? 0);
  if (method === 'HEAD' || status === 204 || status === 304 || (status >= 100 && status < 200)) return true;
  if (/\r\ntransfer-encoding:[^\r]*chunked/i.test(head))
    return raw.subarray(end + 4).includes('\r\n0\r\n\r\n') || raw.subarray(end + 4).indexOf('0\r\n\r\n') === 0;
  const length = /\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1];
  return length !== undefined && raw.length - end - 4 >= Number(length);
}

/**
 * As {@link send}, but done as soon as the whole response has arrived by its own framing
 * (Content-Length, chunked, none for HEAD), then the connection is dropped: for a server that
 * keeps the connection open after answering a `Connection: close` request (workerd does, until
 * its 5 s idle timeout; docs/hosting.md). A response without framing still ends at close.
 */
export function sendFramed(port: number, req: Request): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    const chunks: Buffer[] = [];
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      socket.destroy();
      resolve(parse(Buffer.concat(chunks)));
    };
    socket.setTimeout(60_000, () =>
      socket.destroy(new Error(`no answer to ${req.method} ${req.target.slice(0, 200)}`)),
    );
    socket.on('data', (c) => {
      chunks.push(c);
      if (complete(Buffer.concat(chunks), req.method)) finish();
    });
    socket.on('error', (err) => (chunks.length ? finish() : done || reject(err)));
    socket.on('close', finish);
    const extra = Object.entries(req.headers ?? {})
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join('');
    socket.write(
      `${req.method} ${req.target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n${extra}\r\n`,
    );
  });
}

export { freePort } from '../../hosts/support/ports.js';

/** Wait until something accepts connections on `port` (bounded: `tries` attempts 50 ms apart). */
export async function waitForPort(port: number, tries = 400): Promise<void> {
  for (let i = 0; i < tries; i++) {
    const ok = await new Promise<boolean>((resolve) => {
      const s = connect({ host: '127.0.0.1', port }, () => {
        s.destroy();
        resolve(true);
      });
      s.on('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`nothing listens on 127.0.0.1:${port}`);
}
