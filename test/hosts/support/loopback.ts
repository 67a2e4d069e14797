/**
 * An HTTP address on loopback for a host the suites drive in process by its `send` (the
 * CloudFront function over its model of S3, Lambda@Edge, Netlify's engine): what needs a URL
 * (the Core API client, `jaspar-static check`) reaches it there. The reply goes out as the host
 * gave it: status, Content-Type, the headers it reports (hop-by-hop ones aside) and the body,
 * Content-Encoding with the bytes it names (a `.sql.gz` is the stored gzip; a sender that
 * decodes a body drops the header, as lambda-edge.ts's replyOf does).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ClientRequest, Reply } from '../../../src/check/types.js';

/** Headers not passed on: node:http writes its own framing. */
const DROPPED = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length']);

/** Listen on 127.0.0.1:`port` (0: any free port); rejects when the port cannot be had. */
export function listenLocal(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
}

/** Stop a server at once, its kept-alive connections too. */
export function closeNow(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}

export interface Loopback {
  /** `http://127.0.0.1:PORT` (no trailing slash). */
  readonly url: string;
  close(): Promise<void>;
}

export async function loopback(send: (req: ClientRequest) => Promise<Reply>): Promise<Loopback> {
  const server = createServer((req, res) => {
    const accept = req.headers.accept;
    send({ method: req.method ?? 'GET', target: req.url ?? '/', ...(accept === undefined ? {} : { accept }) }).then(
      (reply) => {
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(reply.headers ?? {}))
          if (!DROPPED.has(name.toLowerCase())) headers[name.toLowerCase()] = value;
        delete headers['content-type'];
        if (reply.contentType !== null) headers['content-type'] = reply.contentType;
        res.writeHead(reply.status, headers);
        res.end(reply.body);
      },
      (e: unknown) => {
        res.writeHead(502, { 'Content-Type': 'text/plain' });
        res.end(String(e));
      },
    );
  });
  const port = await listenLocal(server, 0);
  return { url: `http://127.0.0.1:${port}`, close: () => closeNow(server) };
}
