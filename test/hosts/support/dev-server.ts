/** The reference host: the dev server on a loopback port, in compute or rules mode. */
import type { AddressInfo } from 'node:net';
import type { Mode } from '../../../src/runtime/resolve.js';
import { startDevServer } from '../../../src/server/dev-server.js';
import { send } from './client.js';
import type { ClientRequest, Reply } from '../../../src/check/types.js';

export interface Reference {
  send(req: ClientRequest): Promise<Reply>;
  close(): Promise<void>;
}

export async function startReference(dir: string, mode: Mode = 'compute'): Promise<Reference> {
  const server = await startDevServer({ dir, port: 0, host: '127.0.0.1', mode });
  const { port } = server.address() as AddressInfo;
  return {
    send: (req) => send(port, req),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
