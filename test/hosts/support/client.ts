/**
 * Sending one request to a server on 127.0.0.1 and reading what the host tests compare:
 * status, Content-Type and body bytes. The target goes out as written (node:http does not
 * normalise it); one connection per request.
 */
import { request } from 'node:http';
import type { ClientRequest, Reply } from '../../../src/check/types.js';

export function send(port: number, req: ClientRequest): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = {
      ...(req.headers ?? {}),
      ...(req.accept === undefined ? {} : { Accept: req.accept }),
    };
    const r = request(
      { host: '127.0.0.1', port, method: req.method, path: req.target, headers, agent: false, timeout: 60_000 },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        const headers: Record<string, string> = {};
        for (const [k, v] of Object.entries(res.headers))
          if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(', ') : v;
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            contentType: res.headers['content-type'] ?? null,
            body: Buffer.concat(chunks),
            nosniff: res.headers['x-content-type-options'] === 'nosniff',
            headers,
          }),
        );
        res.on('error', reject);
      },
    );
    r.on('timeout', () => r.destroy(new Error(`no answer to ${req.method} ${req.target}`)));
    r.on('error', reject);
    r.end();
  });
}

/** `send` to a server given by its origin (`http://127.0.0.1:PORT`). */
export const sendTo = (origin: string, req: ClientRequest): Promise<Reply> => send(Number(new URL(origin).port), req);

/** `sender` that also notes, in `missing`, every API request answered without nosniff (contract §8.1). */
export function notingNosniff<R extends Reply>(
  sender: (req: ClientRequest) => Promise<R>,
  who: string,
  missing: string[],
): (req: ClientRequest) => Promise<R> {
  return async (req) => {
    const r = await sender(req);
    if (req.target.startsWith('/api') && r.nosniff === false)
      missing.push(`${who}: ${req.method} ${req.target} (${r.status})`);
    return r;
  };
}
