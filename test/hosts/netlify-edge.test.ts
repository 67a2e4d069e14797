/**
 * The Netlify Edge Function (`--targets netlify-edge`) answers client-shaped requests exactly
 * as the dev server: the emitted function run by Deno with the Request and Context Netlify
 * passes, reading the site over HTTP from the same origin, on a full and a compact build.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { EDGE_DIR, EDGE_FUNCTION } from '../../src/hosts/netlify-edge.js';
import { describeWith } from '../support/requirements.js';
import { send } from './support/client.js';
import { compareHosts } from './support/compare.js';
import { denoRequirements, startEdge, type RunningEdge } from './support/deno.js';
import { startReference, type Reference } from './support/dev-server.js';
import { clientRequests, LOGO_REQUESTS } from './support/requests.js';
import { buildSampleSites, type SampleSites } from './support/sites.js';

describeWith('Netlify Edge Function under Deno answers as the dev server', denoRequirements(), () => {
  let sites: SampleSites;
  const servers: { name: string; reference: Reference; edge: RunningEdge }[] = [];

  beforeAll(async () => {
    sites = await buildSampleSites(['netlify-edge'], ['netlify-edge']);
    for (const [name, built] of [['full', sites.full], ['compact', sites.compact]] as const) {
      const fn = join(built.deploy, EDGE_DIR, `${EDGE_FUNCTION}.js`);
      servers.push({ name, reference: await startReference(built.site), edge: await startEdge(built.site, fn) });
    }
  });

  afterAll(async () => {
    for (const s of servers) await Promise.all([s.reference.close(), s.edge.close()]);
    sites?.cleanup();
  });

  for (const name of ['full', 'compact']) {
    it(`${name} build: status, Content-Type and bytes of every client request`, async () => {
      const s = servers.find((x) => x.name === name)!;
      // Logos are the function's only in a compact build; otherwise Netlify serves them as files.
      const requests = [...clientRequests(), ...(name === 'compact' ? LOGO_REQUESTS : [])];
      const { mismatches, statuses } = await compareHosts(requests, s.reference.send, (req) => send(s.edge.port, req));
      expect(mismatches, `${mismatches.length} of ${requests.length} differ\n${s.edge.output()}`).toEqual([]);
      expect(statuses[200]).toBeGreaterThan(200);
      expect(s.edge.output()).not.toMatch(/jaspar:|error/i);
    });
  }
});
