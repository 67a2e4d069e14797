/** The reference: the dev server (compute mode) over the built site, in process, on a loopback port of its own. */
import type { AddressInfo } from 'node:net';
import { startDevServer } from '../server/dev-server.js';

export interface LocalReference {
  /** Its address, e.g. `http://127.0.0.1:40123`. */
  readonly url: URL;
  close(): Promise<void>;
}

export async function startLocalReference(site: string): Promise<LocalReference> {
  const server = await startDevServer({ dir: site, port: 0, host: '127.0.0.1', mode: 'compute' });
  const { port } = server.address() as AddressInfo;
  return {
    url: new URL(`http://127.0.0.1:${port}`),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
