/**
 * An HTTP address on loopback for a host the suites drive in process by its `send` (the
 * CloudFront function over its model of S3, Lambda@Edge, Netlify's engine): what needs a URL
 * (the Core API client, `jaspar-static check`) reaches it there. The reply goes out as the host
 * gave it: status, Content-Type, the headers it reports (hop-by-hop ones and Content-Encoding
 * aside: the body is the decoded one) and the body.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ClientRequest, Reply } from '../../../src/check/types.js';

/** Headers not passed on: node:http writes its own framing, and the body is already decoded. */
const DROPPED = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'content-encoding']);

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
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
