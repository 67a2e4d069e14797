/**
 * The Cloudflare Worker (`--targets cloudflare`) answers client-shaped requests exactly as the
 * dev server: the emitted `_worker.js` in workerd (miniflare) with the site as static assets,
 * on a full and a compact build. The Workers project in the deploy folder runs the same script.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { WORKERD } from '../support/probes.js';
import { command } from '../support/requirements.js';
import { send } from './support/client.js';
import { startWorker } from './support/miniflare.js';
import { LOGO_REQUESTS, PROFILE_REQUESTS } from '../../src/check/requests.js';
import { computeHostSuite } from './support/suite.js';

computeHostSuite({
  title: 'Cloudflare Worker in workerd answers as the dev server',
  // miniflare runs workerd, an npm package's binary: there after `npm ci` where workerd supports the platform.
  requirements: [command(WORKERD, ['--version'], 'workerd (npm, installed with miniflare by npm ci)')],
  compresses: 'platform',
  target: 'cloudflare',
  start: async (built) => {
    const worker = await startWorker(built.site, join(built.site, '_worker.js'));
    return { send: (req) => send(worker.port, req), close: () => worker.close(), log: () => '' };
  },
  extraRequests: () => [
    ...LOGO_REQUESTS,
    ...PROFILE_REQUESTS,
    { method: 'GET', target: '/_worker.js' },
    { method: 'GET', target: '/.assetsignore' },
  ],
  more: (built) => {
    it('the Workers project in the deploy folder runs the same script as Pages', () => {
      for (const b of [built('full'), built('compact')]) {
        expect(readFileSync(join(b.deploy, 'cloudflare/worker.js'), 'utf8')).toBe(
          readFileSync(join(b.site, '_worker.js'), 'utf8'),
        );
        expect(readFileSync(join(b.deploy, 'cloudflare/wrangler.toml'), 'utf8')).toMatch(/^run_worker_first = true$/m);
      }
    });
  },
});
