/** The real servers the conformance and hostile suites run against, started on a built site. */
import { afterAll, beforeAll } from 'vitest';
import { deployDirFor } from '../../../src/site/build.js';
import { describeWith } from '../../support/requirements.js';
import { apacheRequirements, startApache } from './apache.js';
import { nginxRequirements, startNginx, type Running } from './nginx.js';

export const REAL_SERVERS = [
  { host: 'nginx', name: 'nginx with njs (the emitted include)', requirements: nginxRequirements, start: startNginx },
  { host: 'apache', name: 'Apache (the emitted include)', requirements: apacheRequirements, start: startApache },
] as const;

export type RealServer = (typeof REAL_SERVERS)[number];

/**
 * A describe block per real server (skipped with its reason when the server is missing): the
 * server is started on `siteDir()` and its deploy folder before the tests and stopped after.
 */
export function describeEachServer(
  siteDir: () => string,
  body: (server: RealServer, running: () => Running) => void,
): void {
  for (const server of REAL_SERVERS) {
    describeWith(server.name, server.requirements(), () => {
      let running: Running | undefined;
      beforeAll(async () => {
        running = await server.start(siteDir(), deployDirFor(siteDir()));
      });
      afterAll(async () => running?.close());
      body(server, () => running as Running);
    });
  }
}
