/**
 * `jaspar-static check` (docs/check.md) as a user runs it, in process (runMain): against the
 * dev server over the same site it passes and its JSON carries the counts; against broken
 * deployments (a plain file server with no API logic, a proxy that drops Content-Type or Vary,
 * a cache that answers page 1 for every page, a site built for another base URL, a closed port)
 * it exits 1 naming the kind; a usage error exits 2; Ctrl-C exits 130 with the partial summary.
 */
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import serveHandler from 'serve-handler';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckSummary } from '../src/check/summary.js';
import { FORMAT_NAMES } from '../src/api/formats.js';
import { startDevServer } from '../src/server/dev-server.js';
import { build } from '../src/site/build.js';
import { BASE, buildSample, SAMPLE, SAMPLE_YEAR, type BuiltSample } from './hosts/support/sites.js';
import { freePort } from './hosts/support/ports.js';
import { runMain } from './support/cli.js';
import { removeTree } from './support/scratch.js';

const origin = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

function listen(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<Server> {
  const server = createServer(handler);
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const close = (server: Server | undefined) =>
  new Promise<void>((resolve) => {
    if (server === undefined) return resolve();
    server.closeAllConnections();
    server.close(() => resolve());
  });

/** A proxy in front of `upstream` that rewrites the path asked and the headers answered. */
function proxy(
  upstream: Server,
  path: (p: string) => string,
  headers: (h: Record<string, string | string[] | undefined>) => void,
): Promise<Server> {
  const port = (upstream.address() as AddressInfo).port;
  return listen((req, res) => {
    const out = request(
      { host: '127.0.0.1', port, method: req.method, path: path(req.url ?? '/'), headers: req.headers },
      (up) => {
        const h = { ...up.headers };
        headers(h);
        res.writeHead(up.statusCode ?? 502, h as Record<string, string>);
        up.pipe(res);
      },
    );
    out.on('error', () => res.destroy());
    req.pipe(out);
  });
}

const summaryOf = (stdout: string) => JSON.parse(stdout) as CheckSummary;

describe('jaspar-static check', () => {
  let built: BuiltSample;
  let mirror: Server;
  const others: string[] = [];
  const extra: Server[] = [];

  beforeAll(async () => {
    // A compute-tier target: the mirror owes the dev server's very bytes.
    built = await buildSample(['nginx'], false);
    mirror = await startDevServer({ dir: built.site, port: 0, host: '127.0.0.1' });
  });

  afterAll(async () => {
    await Promise.all([close(mirror), ...extra.map(close)]);
    await Promise.all(others.map(removeTree));
    await built?.cleanup();
  });

  const check = (url: string, ...args: string[]) => runMain(['check', url, '--site', built.site, ...args]);

  it('passes against the dev server over the same site; --json carries the counts', async () => {
    const r = await check(origin(mirror), '--json');
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const s = summaryOf(r.stdout);
    expect(s.tier).toBe('compute');
    expect(s.requests).toBe(s.planned);
    expect(s.requests).toBeGreaterThan(400);
    expect(s.identical).toBe(s.requests);
    expect(s.failing).toBe(0);
    expect(s.failed).toEqual([]);
    const text = await check(origin(mirror));
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/identical +\d+/);
  });

  it('--all asks every prebuilt route, and passes', async () => {
    const r = await check(origin(mirror), '--all', '--json');
    expect(r.code, r.stdout.slice(0, 2000)).toBe(0);
    const s = summaryOf(r.stdout);
    expect(s.requests).toBeGreaterThan(1000);
    expect(s.identical).toBe(s.requests);
  });

  it('a 1,000-request sample (--sample 1000) against the dev server, bounded concurrency', async () => {
    const started = performance.now();
    const r = await check(origin(mirror), '--sample', '1000', '--seed', '7', '--concurrency', '8', '--json');
    const seconds = (performance.now() - started) / 1000;
    console.log(`check --sample 1000 against the dev server: ${seconds.toFixed(2)} s wall`);
    expect(r.code).toBe(0);
    expect(summaryOf(r.stdout).requests).toBe(1000);
    // The same seed draws the same requests.
    const again = await check(origin(mirror), '--sample', '1000', '--seed', '7', '--json');
    expect(summaryOf(again.stdout).planned).toBe(1000);
  });

  it('a plain file server over the site (no API logic: every list answers 404) fails: wrong status', async () => {
    const plain = await listen((req, res) => void serveHandler(req, res, { public: built.site }));
    extra.push(plain);
    const r = await check(origin(plain));
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/failing +\d+ \(.*wrong status \d+/);
    expect(r.stdout).toContain('first 10 failing requests:');
    expect(r.stdout).toMatch(/GET \/api\/v1\/matrix\/\S*: wrong status: status 404, expected 200/);
  });

  it('a server that drops Content-Type fails: wrong type', async () => {
    const bare = await proxy(
      mirror,
      (p) => p,
      (h) => delete h['content-type'],
    );
    extra.push(bare);
    const r = await check(origin(bare), '--json');
    expect(r.code).toBe(1);
    const s = summaryOf(r.stdout);
    expect(s.failures['wrong type']).toBeGreaterThan(100);
    expect(s.failed[0]!.detail).toMatch(/^Content-Type none, expected /);
  });

  it('a server that drops Vary fails: missing header, named', async () => {
    const noVary = await proxy(
      mirror,
      (p) => p,
      (h) => delete h.vary,
    );
    extra.push(noVary);
    const r = await check(origin(noVary));
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/missing header \d+/);
    expect(r.stdout).toContain('missing header: vary: expected "Accept", got none');
  });

  it('a cache that ignores the page (page 1 for every page) fails: wrong bytes', async () => {
    const firstPage = await proxy(
      mirror,
      (p) => p.replace(/([?&])page=[^&]*/g, '$1page=1'),
      () => {},
    );
    extra.push(firstPage);
    const r = await check(origin(firstPage), '--json');
    expect(r.code).toBe(1);
    const s = summaryOf(r.stdout);
    expect(s.failures['wrong bytes']).toBeGreaterThan(0);
    expect(s.failed.some((f) => /[?&]page=2/.test(f.target) && f.kind === 'wrong bytes')).toBe(true);
  });

  /** The sample built as `changes` say, served by a dev server of its own (closed after the tests). */
  async function otherSite(name: string, changes: { baseUrl?: string; year?: number }): Promise<Server> {
    const root = join(built.site, '..', name);
    others.push(root);
    await build({
      dump: SAMPLE,
      out: join(root, 'site'),
      deployDir: join(root, 'site.deploy'),
      baseUrl: changes.baseUrl ?? BASE,
      year: changes.year ?? SAMPLE_YEAR,
      formats: [...FORMAT_NAMES],
      targets: ['nginx'],
      compact: false,
      pageSizes: [100],
      orderFields: ['name'],
      filterKeys: ['collection', 'tax_group'],
      filterOrders: false,
    });
    const server = await startDevServer({ dir: join(root, 'site'), port: 0, host: '127.0.0.1' });
    extra.push(server);
    return server;
  }

  it('a mirror of a site built for another base URL fails: wrong bytes', async () => {
    const r = await check(origin(await otherSite('base', { baseUrl: 'https://elsewhere.example.org' })));
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/wrong bytes \d+/);
  });

  it('a mirror still serving another release fails: its lists refuse release=2016 (wrong status)', async () => {
    const r = await check(origin(await otherSite('release', { year: 2014 })), '--json');
    expect(r.code).toBe(1);
    const s = summaryOf(r.stdout);
    expect(s.failures['wrong status']).toBeGreaterThan(0);
    expect(s.failed.some((f) => f.target.includes('release=2016') && f.kind === 'wrong status')).toBe(true);
  });

  it('a compact build: its mirror passes, --all asks every list and detail', async () => {
    const compact = await buildSample(['nginx'], true);
    try {
      const server = await startDevServer({ dir: compact.site, port: 0, host: '127.0.0.1' });
      extra.push(server);
      const r = await runMain(['check', origin(server), '--site', compact.site, '--all', '--json']);
      expect(r.code, r.stdout.slice(0, 2000)).toBe(0);
      const s = summaryOf(r.stdout);
      expect(s.tier).toBe('compute');
      expect(s.requests).toBeGreaterThan(100);
    } finally {
      await compact.cleanup();
    }
  });

  it('a closed port: unreachable, one line naming the refusal', async () => {
    const port = await freePort();
    const r = await check(`http://127.0.0.1:${port}`, '--json');
    expect(r.code).toBe(1);
    const s = summaryOf(r.stdout);
    expect(s.failures.unreachable).toBe(s.requests);
    expect(s.failed[0]!.detail).toBe(`connection refused by 127.0.0.1:${port}`);
    // For people: the refusal on each listed request, no answers to compare.
    const text = await check(`http://127.0.0.1:${port}`);
    expect(text.code).toBe(1);
    expect(text.stdout).toContain(`: unreachable: connection refused by 127.0.0.1:${port}\n`);
    expect(text.stdout).not.toContain('no answer');
  });

  it('a server error (5xx) is unreachable, and a server that does not answer times out, each one line', async () => {
    const failing = await listen((_req, res) => {
      res.writeHead(503, { 'Content-Type': 'text/plain' });
      res.end('busy');
    });
    const silent = await listen(() => {});
    extra.push(failing, silent);
    const five = summaryOf((await check(origin(failing), '--sample', '16', '--json')).stdout);
    expect(five.failures.unreachable).toBe(16);
    expect(five.failed[0]!.detail).toMatch(/^server error 503 where \d+ is expected$/);
    const slow = await check(origin(silent), '--sample', '16', '--timeout', '200', '--json');
    expect(slow.code).toBe(1);
    const s = summaryOf(slow.stdout);
    expect(s.failures.unreachable).toBe(16);
    expect(s.failed[0]!.detail).toBe(`timeout: no answer from ${origin(silent).slice(7)} within 200 ms`);
  });

  it('--against compares two servers, differences listed by request', async () => {
    const bare = await proxy(
      mirror,
      (p) => p,
      (h) => delete h['content-type'],
    );
    extra.push(bare);
    const same = await runMain(['check', origin(mirror), '--against', origin(mirror), '--site', built.site]);
    expect(same.code, same.stdout).toBe(0);
    const r = await runMain(['check', origin(bare), '--against', origin(mirror), '--site', built.site, '--json']);
    expect(r.code).toBe(1);
    expect(summaryOf(r.stdout).reference).toBe(`${origin(mirror)}/`);
  });

  it('usage errors: one line, exit 2', async () => {
    const noSite = await runMain(['check', origin(mirror), '--site', join(built.site, 'nope')]);
    expect(noSite.code).toBe(2);
    expect(noSite.stderr).toMatch(/^jaspar-static: error: .*no built site here.*\n$/);
    const badUrl = await runMain(['check', 'ftp://example.org', '--site', built.site]);
    expect(badUrl.code).toBe(2);
    expect(badUrl.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('a rules-tier site: a host answering as the rules tier passes with refusals; a plain file server fails', async () => {
    const rules = await buildSample(['apache'], false);
    try {
      const host = await startDevServer({ dir: rules.site, port: 0, host: '127.0.0.1', mode: 'rules' });
      const plain = await listen((req, res) => void serveHandler(req, res, { public: rules.site }));
      extra.push(host, plain);
      const ok = await runMain(['check', origin(host), '--site', rules.site, '--json']);
      const s = summaryOf(ok.stdout);
      expect(ok.code, JSON.stringify(s.failed.slice(0, 5), null, 1)).toBe(0);
      expect(s.tier).toBe('rules');
      expect(s.refused).toBeGreaterThan(0);
      expect(s.identical).toBeGreaterThan(100);
      const bad = await runMain(['check', origin(plain), '--site', rules.site]);
      expect(bad.code).toBe(1);
      expect(bad.stdout).toMatch(/wrong status \d+/);
    } finally {
      await rules.cleanup();
    }
  });

  // Issue 36, defect 1: over a site of some formats built for Netlify, the dev server (which reads
  // Accept) answers DRF's 406 where Netlify (which cannot) serves the default format: both pass.
  it('a site of some formats (--formats json,meme) built for Netlify: the dev server over it passes, in both modes', async () => {
    const subset = await buildSample(['netlify'], false, { formats: ['json', 'meme'] });
    try {
      for (const mode of ['compute', 'rules'] as const) {
        const host = await startDevServer({ dir: subset.site, port: 0, host: '127.0.0.1', mode });
        extra.push(host);
        const r = await runMain(['check', origin(host), '--site', subset.site, '--json']);
        const s = summaryOf(r.stdout);
        expect([mode, r.code, s.failed.slice(0, 3)]).toEqual([mode, 0, []]);
        expect(s.identical).toBeGreaterThan(50);
        // DRF's order, negotiation before lookup: a format the site lacks is 406, even for an unknown id.
        for (const target of ['/api/v1/matrix/?page_size=3', '/api/v1/matrix/MA9999.1/']) {
          const res = await fetch(`${origin(host)}${target}`, { headers: { Accept: 'text/transfac' } });
          expect([mode, target, res.status]).toEqual([mode, target, 406]);
        }
      }
    } finally {
      await subset.cleanup();
    }
  });

  // The first request is check's reachability probe. A mirror that never answers it is
  // interrupted during the probe; one that answers it and then nothing is interrupted once the
  // check's eight sockets all wait. Either way long before any timeout.
  it.each([
    ['during the reachability probe', 0, 1],
    ['while every socket waits', 1, 9],
  ])('Ctrl-C stops at once (%s): the partial summary, exit 130', async (_when, answered, interruptAt) => {
    let asked = 0;
    const stuck = await listen((_req, res) => {
      asked++;
      if (asked <= answered) res.writeHead(404).end();
      if (asked === interruptAt) process.emit('SIGINT');
    });
    extra.push(stuck);
    const r = await check(origin(stuck), '--json');
    expect(r.code).toBe(130);
    const s = summaryOf(r.stdout);
    expect(s.interrupted).toBe(true);
    expect(s.requests).toBeLessThan(s.planned);
  });
});
