/**
 * JSONP with the real client (contract §8.1): jQuery (npm `jquery`) in Debian's headless
 * Chromium, on a page served from another origin than the API (a small static server on its own
 * port), calls `$.ajax({ dataType: 'jsonp' })` against the dev server for a list page, a
 * detail and filtered lists (the TFFM search, the 2018 names), on a full and a compact build.
 * jQuery sends its own callback name (`jQuery…`) and a cache-busting `_`; each success callback
 * must receive exactly the record the API's JSON answer holds, and the list's `next` keeps the
 * callback. A callback name that is no JavaScript name is a 400, which jQuery reports as an error.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { chromiumInstalled, launch, type Browser } from './support/browser.js';
import { describeWith } from './support/requirements.js';
import { SAMPLE, serve, sharedSite, type Served } from './support/site.js';

// jQuery's browser build (the package's CommonJS entry, `dist/jquery.js`).
const require = createRequire(import.meta.url);
const JQUERY = readFileSync(require.resolve('jquery'), 'utf8');

/** The page of the other origin: jQuery, and a promise around its JSONP transport. */
const PAGE = `<!doctype html><meta charset="utf-8"><title>JSONP client</title><script src="/jquery.js"></script>
<script>
window.jsonp = (url, options) => new Promise((resolve) => $.ajax(Object.assign({
  url, dataType: 'jsonp',
  success: (data) => resolve({ ok: true, data }),
  error: (xhr, status, error) => resolve({ ok: false, status, error: String(error) }),
}, options)));
</script><p>another origin</p>`;

/** A static server for the client page, on a port (so an origin) of its own. */
async function clientOrigin(): Promise<{ origin: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const [type, body] =
      req.url === '/jquery.js'
        ? ['text/javascript', JQUERY]
        : req.url === '/'
          ? ['text/html; charset=utf-8', PAGE]
          : [null, 'no'];
    res.writeHead(type === null ? 404 : 200, { 'Content-Type': type ?? 'text/plain' });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

type Outcome = { ok: true; data: unknown } | { ok: false; status: string; error: string };

describeWith('jQuery JSONP in Chromium, from another origin, against the dev server', [chromiumInstalled()], () => {
  let b: Browser;
  let client: { origin: string; close(): Promise<void> };
  const apis: { kind: string; served: Served }[] = [];
  /** The callback names jQuery sent, by request URL. */
  const sent: string[] = [];
  beforeAll(async () => {
    const [full, compact] = await Promise.all([
      sharedSite(SAMPLE, { year: 2016 }),
      sharedSite(SAMPLE, { year: 2016, compact: true }),
    ]);
    apis.push({ kind: 'full', served: await serve(full.dir) }, { kind: 'compact', served: await serve(compact.dir) });
    client = await clientOrigin();
    b = await launch();
    b.page.on('request', (r) => {
      if (r.url().includes('/api/v1/')) sent.push(r.url());
    });
    await b.page.goto(`${client.origin}/`);
    await b.page.waitForFunction(() => typeof (window as unknown as { jsonp?: unknown }).jsonp === 'function');
  }, 300_000);
  afterAll(async () => {
    await b?.close();
    await client?.close();
    for (const a of apis) await a.served.close();
  });

  const jsonp = (url: string, options: Record<string, string> = {}): Promise<Outcome> =>
    b.page.evaluate(
      ([u, o]) => (window as unknown as { jsonp(url: string, options: object): Promise<Outcome> }).jsonp(u, o),
      [url, options] as const,
    );
  const json = async (url: string): Promise<unknown> => {
    const res = await fetch(url);
    expect([url, res.status]).toEqual([url, 200]);
    return (await res.json()) as unknown;
  };

  it('is another origin than the API', () => {
    for (const a of apis) expect(new URL(client.origin).origin).not.toBe(new URL(a.served.origin).origin);
  });

  it('gets a list page: the records, count and links of the JSON answer, next keeping jQuery’s callback', async () => {
    for (const { kind, served } of apis) {
      const got = await jsonp(`${served.origin}/api/v1/matrix/?format=jsonp&page_size=5&page=2`);
      expect([kind, got.ok], JSON.stringify(got)).toEqual([kind, true]);
      const data = (got as { data: { count: number; next: string; previous: string; results: unknown[] } }).data;
      const want = (await json(`${served.origin}/api/v1/matrix/?format=json&page_size=5&page=2`)) as typeof data;
      expect(data.results).toEqual(want.results);
      expect(data.count).toBe(want.count);
      const request = new URL(sent[sent.length - 1]!);
      const name = request.searchParams.get('callback')!;
      expect(name).toMatch(/^jQuery\d+_\d+$/);
      expect(request.searchParams.get('_')).toMatch(/^\d+$/);
      const next = new URL(data.next);
      expect([
        next.searchParams.get('callback'),
        next.searchParams.get('format'),
        next.searchParams.get('page'),
        next.searchParams.get('_'),
      ]).toEqual([name, 'jsonp', '3', request.searchParams.get('_')]);
      expect(new URL(data.previous).searchParams.get('callback')).toBe(name);
    }
  });

  it('gets a detail: exactly the record of the JSON answer', async () => {
    for (const { kind, served } of apis) {
      for (const path of ['/api/v1/matrix/MA0101.2/', '/api/v1/tffm/TFFM0001.1/', '/api/v1/releases/6/']) {
        const got = await jsonp(`${served.origin}${path}?format=jsonp`);
        expect([kind, path, got.ok], JSON.stringify(got)).toEqual([kind, path, true]);
        expect((got as { data: unknown }).data).toEqual(await json(`${served.origin}${path}?format=json`));
      }
      // jQuery told to use the default name, as a page would against a rules-only host.
      const fixed = await jsonp(`${served.origin}/api/v1/matrix/MA0101.2/?format=jsonp`, { jsonpCallback: 'callback' });
      expect(fixed).toEqual({ ok: true, data: await json(`${served.origin}/api/v1/matrix/MA0101.2/?format=json`) });
      expect(new URL(sent[sent.length - 1]!).searchParams.get('callback')).toBe('callback');
    }
  });

  it('gets filtered lists: the TFFM search and the 2018 names, as their JSON answers', async () => {
    for (const { kind, served } of apis) {
      for (const query of [
        'search=arkin&tax_group=vertebrates&page_size=1000',
        'class=zinc&version=latest&page_size=1000',
        'family=nk&type=selex',
      ]) {
        const path = query.startsWith('search') ? '/api/v1/tffm/' : '/api/v1/matrix/';
        const got = await jsonp(`${served.origin}${path}?format=jsonp&${query}`);
        expect([kind, query, got.ok], JSON.stringify(got)).toEqual([kind, query, true]);
        const data = (got as { data: { count: number; results: unknown[] } }).data;
        const want = (await json(`${served.origin}${path}?format=json&${query}`)) as typeof data;
        expect(data.results).toEqual(want.results);
        expect([kind, query, data.count]).toEqual([kind, query, want.count]);
        expect(data.count).toBeGreaterThan(0);
      }
    }
  });

  it('reports a 400 for a callback name that is no JavaScript name (jQuery’s error callback, no script run)', async () => {
    const before = b.problems.length;
    for (const { served } of apis) {
      const got = await jsonp(`${served.origin}/api/v1/matrix/?format=jsonp`, { jsonpCallback: 'alert(1)//' });
      expect(got.ok).toBe(false);
      const res = await fetch(sent[sent.length - 1]!);
      expect([res.status, await res.text()]).toEqual([400, '{"detail":"Invalid JSONP callback name."}']);
    }
    // The refused scripts are the only problems the page saw (no dialog: nothing ran). Chromium
    // reports them as a 400 or, the JSON error being no script (nosniff), blocked by its ORB.
    const refused = (p: string) =>
      /callback=alert\(1\)\/\//.test(p) && /^(HTTP 400|request failed: .* net::ERR_BLOCKED_BY_ORB)/.test(p);
    const seen = b.problems.slice(before);
    expect(
      seen.filter(
        (p) => !refused(p) && !/^console: Failed to load resource: the server responded with a status of 400/.test(p),
      ),
    ).toEqual([]);
    expect(seen.filter(refused).length).toBeGreaterThanOrEqual(apis.length);
  });

  it('saw no other problem in the page', () => {
    expect(b.problems.filter((p) => !/callback=alert\(1\)|status of 400/.test(p))).toEqual([]);
  });
});
