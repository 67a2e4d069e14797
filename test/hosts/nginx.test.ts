/**
 * nginx with njs (`--targets nginx`) answers client-shaped requests exactly as the dev server:
 * a real Debian nginx with the emitted include and njs module, on a full and a compact build
 * of the sample.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWith } from '../support/requirements.js';
import { send } from './support/client.js';
import { compareHosts } from './support/compare.js';
import { startReference, type Reference } from './support/dev-server.js';
import { nginxRequirements, startNginx, type RunningNginx } from './support/nginx.js';
import { clientRequests, LOGO_REQUESTS } from './support/requests.js';
import { buildSampleSites, type SampleSites } from './support/sites.js';

describeWith('nginx + njs answers as the dev server', nginxRequirements(), () => {
  let sites: SampleSites;
  const servers: { name: string; reference: Reference; nginx: RunningNginx }[] = [];

  beforeAll(async () => {
    sites = await buildSampleSites(['nginx'], ['nginx']);
    for (const [name, built] of [['full', sites.full], ['compact', sites.compact]] as const) {
      servers.push({ name, reference: await startReference(built.site), nginx: await startNginx(built.site, built.deploy) });
    }
  });

  afterAll(async () => {
    for (const s of servers) await Promise.all([s.reference.close(), s.nginx.close()]);
    sites?.cleanup();
  });

  for (const name of ['full', 'compact']) {
    it(`${name} build: status, Content-Type and bytes of every client request`, async () => {
      const s = servers.find((x) => x.name === name)!;
      const requests = [...clientRequests(), ...LOGO_REQUESTS];
      const { mismatches, statuses } = await compareHosts(requests, s.reference.send, (req) => send(s.nginx.port, req));
      expect(mismatches, `${mismatches.length} of ${requests.length} differ\n${s.nginx.log()}`).toEqual([]);
      expect(statuses[200]).toBeGreaterThan(200);
      expect(s.nginx.log()).not.toMatch(/js exception|jaspar:/);
    });
  }
});
