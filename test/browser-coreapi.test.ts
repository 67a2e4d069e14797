/**
 * The JavaScript Core API client (npm `coreapi`, its browser build) in Debian's headless
 * Chromium (contract §8.2): a page of another origin loads the client and the copy's
 * `/api/v1/docs/schema.js` (and the 2018 form's `/api/v1/doc/schema.js`) as `<script>`s, as
 * JASPAR's API Clients page shows, then runs `matrix list` and `matrix read`; each answer must be
 * the API's JSON answer. A script has no address of its own, so the copy is built for the
 * address it is served at (`--base-url`), as a mirror is.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startDevServer } from '../src/server/dev-server.js';
import { chromiumInstalled, launch, type Browser } from './support/browser.js';
import { describeWith } from './support/requirements.js';
import { buildSite, SAMPLE, type BuiltSite } from './support/site.js';

const require = createRequire(import.meta.url);
const COREAPI = readFileSync(require.resolve('coreapi/dist/coreapi.js'), 'utf8');

/** A port free now (the copy is built for its address before it is served there). */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

const page = (api: string) => `<!doctype html><meta charset="utf-8"><title>Core API client</title>
<script src="/coreapi.js"></script>
<script src="${api}/api/v1/docs/schema.js"></script>
<script>window.docs = window.schema;</script>
<script src="${api}/api/v1/doc/schema.js"></script>
<script>
window.doc2018 = window.schema;
window.run = (which, keys, params) => new Promise((resolve) => resolve(new window.coreapi.Client().action(window[which], keys, params)))
  .then((data) => ({ ok: true, data: JSON.parse(JSON.stringify(data)) }), (e) => ({ ok: false, error: String(e) }));
</script><p>another origin</p>`;

describeWith(
  'the JavaScript Core API client in Chromium, from another origin (contract §8.2)',
  [chromiumInstalled()],
  () => {
    let b: Browser;
    let site: BuiltSite;
    let api: Server;
    let client: Server;
    let origin = '';

    beforeAll(async () => {
      const port = await freePort();
      origin = `http://127.0.0.1:${port}`;
      site = await buildSite(SAMPLE, { year: 2016, baseUrl: origin, targets: [] });
      api = await startDevServer({ dir: site.dir, port, host: '127.0.0.1' });
      client = createServer((req, res) => {
        const [type, body] =
          req.url === '/coreapi.js'
            ? ['text/javascript', COREAPI]
            : req.url === '/'
              ? ['text/html; charset=utf-8', page(origin)]
              : ['text/plain', 'no'];
        res.writeHead(type === 'text/plain' ? 404 : 200, { 'Content-Type': type });
        res.end(body);
      });
      await new Promise<void>((resolve) => client.listen(0, '127.0.0.1', resolve));
      b = await launch();
      await b.page.goto(`http://127.0.0.1:${(client.address() as AddressInfo).port}/`);
      await b.page.waitForFunction(() => {
        const w = window as unknown as { docs?: unknown; doc2018?: unknown; run?: unknown };
        return typeof w.run === 'function' && w.docs !== undefined && w.doc2018 !== undefined;
      });
    }, 300_000);

    afterAll(async () => {
      await b?.close();
      await new Promise<void>((resolve) => (client ? client.close(() => resolve()) : resolve()));
      await new Promise<void>((resolve) => (api ? api.close(() => resolve()) : resolve()));
      await site?.cleanup();
    });

    const run = (which: 'docs' | 'doc2018', keys: string[], params: Record<string, unknown>) =>
      b.page.evaluate(
        ([w, k, p]) =>
          (
            window as unknown as {
              run(w: string, k: string[], p: object): Promise<{ ok: boolean; data?: unknown; error?: string }>;
            }
          ).run(w, k, p),
        [which, keys, params] as const,
      );
    const json = async (path: string): Promise<unknown> => (await fetch(`${origin}${path}`)).json();

    it('runs matrix read and matrix list from /api/v1/docs/schema.js: the JSON answers', async () => {
      expect(await run('docs', ['matrix', 'read'], { matrix_id: 'MA0101.2' })).toEqual({
        ok: true,
        data: await json('/api/v1/matrix/MA0101.2/'),
      });
      expect(await run('docs', ['matrix', 'list'], { collection: 'CORE', page_size: 5, page: 2 })).toEqual({
        ok: true,
        data: await json('/api/v1/matrix/?collection=CORE&page=2&page_size=5'),
      });
      expect(await run('docs', ['tffm', 'list'], { search: 'arkin', page_size: 1000 })).toEqual({
        ok: true,
        data: await json('/api/v1/tffm/?page_size=1000&search=arkin'),
      });
    });

    it('runs the same from the 2018 form (/api/v1/doc/schema.js, sections under v1)', async () => {
      expect(await run('doc2018', ['v1', 'matrix', 'read'], { matrix_id: 'MA0101.2' })).toEqual({
        ok: true,
        data: await json('/api/v1/matrix/MA0101.2/'),
      });
      expect(await run('doc2018', ['v1', 'matrix', 'list'], { tax_group: 'vertebrates', version: 'latest' })).toEqual({
        ok: true,
        data: await json('/api/v1/matrix/?tax_group=vertebrates&version=latest'),
      });
    });

    it('refuses a parameter the link does not declare, as the client does', async () => {
      const got = await run('docs', ['matrix', 'list'], { no_such_parameter: 1 });
      expect(got).toEqual({ ok: false, error: expect.stringMatching(/Unknown parameter/) });
    });
  },
);
