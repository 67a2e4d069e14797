/**
 * The Cloudflare Worker (`--targets cloudflare`) answers client-shaped requests exactly as the
 * dev server: the emitted `_worker.js` in workerd (miniflare) with the site as static assets,
 * on a full and a compact build. The Workers project in the deploy folder runs the same script.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { command, describeWith, PROJECT_ROOT, type Requirement } from '../support/requirements.js';
import { send } from './support/client.js';
import { compareHosts } from './support/compare.js';
import { startReference, type Reference } from './support/dev-server.js';
import { startWorker, type RunningWorker } from './support/miniflare.js';
import { clientRequests, LOGO_REQUESTS } from './support/requests.js';
import { buildSampleSites, type SampleSites } from './support/sites.js';

/** miniflare runs workerd, an npm package's binary: there after `npm ci` on the platforms workerd supports. */
const workerd = (): Requirement => command(join(PROJECT_ROOT, 'node_modules/.bin/workerd'), ['--version'], 'workerd (npm, installed with miniflare by npm ci)');

describeWith('Cloudflare Worker in workerd answers as the dev server', [workerd()], () => {
  let sites: SampleSites;
  const servers: { name: string; reference: Reference; worker: RunningWorker }[] = [];

  beforeAll(async () => {
    sites = await buildSampleSites(['cloudflare'], ['cloudflare']);
    for (const [name, built] of [['full', sites.full], ['compact', sites.compact]] as const) {
      servers.push({ name, reference: await startReference(built.site), worker: await startWorker(built.site, join(built.site, '_worker.js')) });
    }
  });

  afterAll(async () => {
    for (const s of servers) await Promise.all([s.reference.close(), s.worker.close()]);
    sites?.cleanup();
  });

  it('the Workers project runs the same script as Pages', () => {
    for (const built of [sites.full, sites.compact]) {
      expect(readFileSync(join(built.deploy, 'cloudflare/worker.js'), 'utf8')).toBe(readFileSync(join(built.site, '_worker.js'), 'utf8'));
      expect(readFileSync(join(built.deploy, 'cloudflare/wrangler.toml'), 'utf8')).toMatch(/^run_worker_first = true$/m);
    }
  });

  for (const name of ['full', 'compact']) {
    it(`${name} build: status, Content-Type and bytes of every client request`, async () => {
      const s = servers.find((x) => x.name === name)!;
      const requests = [...clientRequests(), ...LOGO_REQUESTS, { method: 'GET', target: '/_worker.js' }];
      const { mismatches, statuses } = await compareHosts(requests, s.reference.send, (req) => send(s.worker.port, req));
      expect(mismatches, `${mismatches.length} of ${requests.length} differ`).toEqual([]);
      expect(statuses[200]).toBeGreaterThan(200);
    });
  }
});
