/**
 * The network client of `check`: one request to a server given by its base address, with a
 * timeout and a size cap on each whole answer, retries on connection errors only (refused,
 * reset: never a timeout or an answer), and each failure as one line a person can act on (name
 * not resolved, TLS, refused, timeout, too large). The target goes out as written (node:http
 * does not normalise it).
 *
 * The timeout is a timer of the client's own (setTimeout, aborting the request's own
 * AbortController), not `AbortSignal.timeout` inside `AbortSignal.any`: that pair does not fire
 * on Node 20 under heavy allocation (nodejs/node#57736), which is when a mirror sending an
 * endless body needs it most.
 */
import { request as httpRequest, Agent as HttpAgent } from 'node:http';
import { request as httpsRequest, Agent as HttpsAgent } from 'node:https';
import { gunzipSync } from 'node:zlib';
import { DOWNLOAD_PREFIX } from '../download/media.js';
import type { ClientRequest, Reply } from './types.js';

export interface ClientOptions {
  /** Milliseconds to wait for the whole answer. */
  readonly timeoutMs: number;
  /** The most bytes of body an answer may have; past it the answer is cut off and fails. */
  readonly maxBytes: number;
  /** Further tries after a connection error. */
  readonly retries: number;
  /** At most this many connections at once. */
  readonly sockets: number;
  readonly signal: AbortSignal;
}

/** A request that got no answer, said in one line. */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
}

/** The longest delay setTimeout keeps (a longer one fires at once). */
export const MAX_TIMER_MS = 2 ** 31 - 1;

const RETRIED = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'EAI_AGAIN', 'ECONNABORTED']);

/** What a request's own guards stopped it for. */
const named = (name: 'TimeoutError' | 'TooLargeError' | 'AbortError', message: string): Error =>
  Object.assign(new Error(message), { name });

/** Why a request got no answer, in one line. */
export function describeNetworkError(
  err: unknown,
  url: URL,
  limits: Pick<ClientOptions, 'timeoutMs' | 'maxBytes'>,
): string {
  const e = err as NodeJS.ErrnoException;
  const code = e.code ?? '';
  const where = url.host;
  if (e.name === 'TimeoutError') return `timeout: no answer from ${where} within ${limits.timeoutMs} ms`;
  if (e.name === 'TooLargeError')
    return e.message === ''
      ? `answer too large: ${where} sent more than the ${limits.maxBytes} bytes of body accepted; stopped reading`
      : `answer too large: ${where} announced ${e.message} bytes of body, more than the ${limits.maxBytes} accepted; not read`;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return `DNS name ${url.hostname} not resolved`;
  if (code === 'ECONNREFUSED') return `connection refused by ${where}`;
  if (code === 'ECONNRESET' || code === 'EPIPE') return `connection reset by ${where}`;
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return `${where} unreachable (${code})`;
  if (/^(ERR_TLS|ERR_SSL|CERT_|UNABLE_TO|DEPTH_ZERO|SELF_SIGNED|HOSTNAME_MISMATCH)/.test(code) || /SSL|TLS/.test(code))
    return `TLS error with ${where}: ${code} ${e.message}`.trim();
  return `no answer from ${where}: ${code === '' ? '' : `${code} `}${e.message}`;
}

export type Sender = (req: ClientRequest) => Promise<Reply>;

export interface Client {
  readonly send: Sender;
  /** Closes the kept-alive connections. */
  close(): void;
}

/** A client of `base` (an http(s) address; its path is put before every target). */
export function client(base: URL, options: ClientOptions): Client {
  const https = base.protocol === 'https:';
  const agent = https
    ? new HttpsAgent({ keepAlive: true, maxSockets: options.sockets })
    : new HttpAgent({ keepAlive: true, maxSockets: options.sockets });
  const prefix = base.pathname.replace(/\/+$/, '');
  // The requests under way, each stopped with a reason: one listener on the caller's signal for
  // them all, rather than one per request.
  const live = new Set<(reason: Error) => void>();
  const abort = () => {
    for (const stop of [...live]) stop(named('AbortError', 'the check was stopped'));
  };
  options.signal.addEventListener('abort', abort, { once: true });
  const once = (req: ClientRequest): Promise<Reply> =>
    new Promise((resolve, reject) => {
      if (options.signal.aborted) return reject(named('AbortError', 'the check was stopped'));
      const controller = new AbortController();
      let done = false;
      const settle = (err: Error | null, reply?: Reply) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        live.delete(stop);
        if (err === null) resolve(reply!);
        else reject(err);
      };
      // A guard of this request fired: it fails with that reason, and its connection is dropped.
      const stop = (reason: Error) => {
        settle(reason);
        controller.abort(reason);
      };
      const timer = setTimeout(() => stop(named('TimeoutError', '')), Math.min(options.timeoutMs, MAX_TIMER_MS));
      live.add(stop);
      const headers: Record<string, string> = { 'User-Agent': 'jaspar-static check', ...(req.headers ?? {}) };
      if (req.accept !== undefined) headers.Accept = req.accept;
      // As browsers and most clients ask: compression is the transport's, the answer is the same once decoded.
      // Not for the download area, whose `.sql.gz` is the stored gzip the contract names (§9).
      if (!req.target.startsWith(DOWNLOAD_PREFIX) && headers['Accept-Encoding'] === undefined)
        headers['Accept-Encoding'] = 'gzip';
      const send = https ? httpsRequest : httpRequest;
      const r = send(
        {
          protocol: base.protocol,
          hostname: base.hostname,
          port: base.port === '' ? undefined : base.port,
          method: req.method,
          path: `${prefix}${req.target}`,
          headers,
          agent,
          signal: controller.signal,
        },
        (res) => {
          res.on('error', (err: Error) => settle(err));
          const declared = Number(res.headers['content-length'] ?? 0);
          if (declared > options.maxBytes) return stop(named('TooLargeError', String(declared)));
          let chunks: Buffer[] = [];
          let size = 0;
          res.on('data', (c: Buffer) => {
            if (done) return;
            size += c.length;
            if (size <= options.maxBytes) chunks.push(c);
            else {
              chunks = [];
              stop(named('TooLargeError', ''));
            }
          });
          res.on('end', () => {
            const got: Record<string, string> = {};
            for (const [k, v] of Object.entries(res.headers))
              if (v !== undefined) got[k] = Array.isArray(v) ? v.join(', ') : v;
            let body = Buffer.concat(chunks);
            if (headers['Accept-Encoding'] === 'gzip' && got['content-encoding'] === 'gzip' && body.length > 0) {
              // Decoded within the same cap: a bomb stops here as too large.
              try {
                body = gunzipSync(body, { maxOutputLength: options.maxBytes });
              } catch (err) {
                return stop(
                  (err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE'
                    ? named('TooLargeError', '')
                    : (err as Error),
                );
              }
              delete got['content-encoding'];
            }
            settle(null, {
              status: res.statusCode ?? 0,
              contentType: res.headers['content-type'] ?? null,
              body,
              headers: got,
            });
          });
        },
      );
      r.on('error', (err: Error) => settle(err));
      r.end();
    });
  const send: Sender = async (req) => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await once(req);
      } catch (err) {
        if (options.signal.aborted) throw err;
        const code = (err as NodeJS.ErrnoException).code ?? '';
        if (attempt < options.retries && RETRIED.has(code)) continue;
        throw new NetworkError(describeNetworkError(err, base, options));
      }
    }
  };
  return {
    send,
    close: () => {
      options.signal.removeEventListener('abort', abort);
      agent.destroy();
    },
  };
}
