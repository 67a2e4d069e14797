/**
 * The network client of `check`: one request to a server given by its base address, with a
 * timeout, retries on connection errors only (refused, reset: never a timeout or an answer),
 * and each failure as one line a person can act on (name not resolved, TLS, refused, timeout).
 * The target goes out as written (node:http does not normalise it).
 */
import { request as httpRequest, Agent as HttpAgent } from 'node:http';
import { request as httpsRequest, Agent as HttpsAgent } from 'node:https';
import type { ClientRequest, Reply } from './types.js';

export interface ClientOptions {
  /** Milliseconds to wait for the whole answer. */
  readonly timeoutMs: number;
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

const RETRIED = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'EAI_AGAIN', 'ECONNABORTED']);

/** Why a request got no answer, in one line. */
export function describeNetworkError(err: unknown, url: URL, timeoutMs: number): string {
  const e = err as NodeJS.ErrnoException;
  const code = e.code ?? '';
  const where = url.host;
  if (e.name === 'TimeoutError') return `timeout: no answer from ${where} within ${timeoutMs} ms`;
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
  const once = (req: ClientRequest): Promise<Reply> =>
    new Promise((resolve, reject) => {
      const headers: Record<string, string> = { 'User-Agent': 'jaspar-static check' };
      if (req.accept !== undefined) headers.Accept = req.accept;
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
          signal: AbortSignal.any([options.signal, AbortSignal.timeout(options.timeoutMs)]),
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('error', reject);
          res.on('end', () => {
            const got: Record<string, string> = {};
            for (const [k, v] of Object.entries(res.headers))
              if (v !== undefined) got[k] = Array.isArray(v) ? v.join(', ') : v;
            resolve({
              status: res.statusCode ?? 0,
              contentType: res.headers['content-type'] ?? null,
              body: Buffer.concat(chunks),
              headers: got,
            });
          });
        },
      );
      r.on('error', (err: Error) => {
        // An abort by the timeout signal carries the signal's reason.
        const reason = (err as { cause?: unknown }).cause;
        reject(reason instanceof Error && reason.name === 'TimeoutError' ? reason : err);
      });
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
        throw new NetworkError(describeNetworkError(err, base, options.timeoutMs));
      }
    }
  };
  return { send, close: () => agent.destroy() };
}
