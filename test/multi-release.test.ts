/**
 * A site of two releases (issue 11 item 4, contract §8): `build DUMP1 DUMP2` writes each
 * release under its own folder; the dev server answers `?release=` for both, the newest without
 * it, a third release with a 404 naming both, and `/api/v1/releases/` lists both in either
 * release's answer. The Cloudflare Worker (workerd, via miniflare) answers the same bytes.
 * The two releases are copies of the sample named JASPAR2016 and JASPAR2018, the older one
 * without its first matrix, so their data differ.
 */
import { readFile, readdir } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startDevServer } from '../src/server/dev-server.js';
import { build } from '../src/site/build.js';
import { send } from './hosts/support/client.js';
import type { ClientRequest, Reply } from '../src/check/types.js';
import { startWorker, type RunningWorker } from './hosts/support/miniflare.js';
import { WORKERD } from './support/probes.js';
import { command, describeWith } from './support/requirements.js';
import { removeTree, tempDir } from './support/scratch.js';
import { sampleVariant } from './support/trimmed-sample.js';

interface Page {
  count: number;
  results: { matrix_id?: string; name: string; year?: number }[];
}

let dir: string;
let site: string;
let server: Server;
let port: number;
let dropped: string;
let onlyOlder: string;

beforeAll(async () => {
  dir = await tempDir('multi-release');
  // The older release lacks the first matrix; the newer lacks the last: only the older one has it (its logo must be
  // served too).
  const older = await sampleVariant(dir, 'JASPAR2016', (i) => i > 0);
  const newer = (await sampleVariant(dir, 'JASPAR2018', (i, count) => i < count - 1)).dump;
  dropped = older.ids[0]!;
  onlyOlder = older.ids[older.ids.length - 1]!;
  site = join(dir, 'site');
  // Small: three formats, no extra page sizes, orders or filters.
  await build({
    dump: [older.dump, newer],
    out: site,
    baseUrl: 'http://jaspar.test',
    formats: ['json', 'jaspar', 'api'],
    targets: ['cloudflare'],
    pageSizes: [],
    orderFields: [],
    filterKeys: [],
    releasePubmed: [{ year: null, value: 29140473 }],
    releaseWebsite: [{ year: 2016, value: 'https://jaspar2016.genereg.net' }],
  });
  server = await startDevServer({ dir: site, port: 0, host: '127.0.0.1' });
  port = (server.address() as AddressInfo).port;
}, 120_000);

afterAll(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  await removeTree(dir);
});

const REQUESTS: ClientRequest[] = [
  { method: 'GET', target: '/api/v1/matrix/?release=2016&page_size=1000&page=1' },
  { method: 'GET', target: '/api/v1/matrix/?release=JASPAR2018&page_size=1000&page=1' },
  { method: 'GET', target: '/api/v1/matrix/?format=json' },
  { method: 'GET', target: '/api/v1/matrix/?release=2020' },
  { method: 'GET', target: '/api/v1/releases/?release=2016' },
  { method: 'GET', target: '/api/v1/releases/' },
  { method: 'GET', target: '/api/v1/collections/CORE/?release=jaspar2016&version=latest' },
  { method: 'GET', target: '/api/v1/releases/7/' },
  { method: 'GET', target: '/api/v1/releases/6/?release=2016&format=yaml' },
  { method: 'GET', target: '/api/v1/releases/6/?format=api' },
  { method: 'GET', target: '/api/v1/releases/?format=api&release=2016' },
  { method: 'GET', target: '/api/v1/releases/8/' },
  { method: 'GET', target: '/api/v1/infer/MKVLAAGR/?release=2016' },
];

const json = (r: Reply): unknown => JSON.parse(r.body.toString('utf8'));
const devGet = (target: string): Promise<Reply> => send(port, { method: 'GET', target });

it('writes each release under its own folder, newest first in the site configuration', async () => {
  expect((await readdir(join(site, 'releases'))).sort()).toEqual(['JASPAR2016', 'JASPAR2018']);
  const config = JSON.parse(await readFile(join(site, '_jaspar/site.json'), 'utf8')) as {
    releases: { name: string; root: string }[];
  };
  expect(config.releases.map((r) => [r.name, r.root])).toEqual([
    ['JASPAR2018', 'releases/JASPAR2018/'],
    ['JASPAR2016', 'releases/JASPAR2016/'],
  ]);
});

it('answers each release by ?release=, the newest without it', async () => {
  const older = json(await devGet('/api/v1/matrix/?release=2016&page_size=1000&page=1')) as Page;
  const newer = json(await devGet('/api/v1/matrix/?release=JASPAR2018&page_size=1000&page=1')) as Page;
  const plain = json(await devGet('/api/v1/matrix/?page_size=1000')) as Page;
  expect(newer.count).toBe(older.count);
  expect(newer.results.map((m) => m.matrix_id)).toContain(dropped);
  expect(older.results.map((m) => m.matrix_id)).not.toContain(dropped);
  expect(older.results.map((m) => m.matrix_id)).toContain(onlyOlder);
  expect(newer.results.map((m) => m.matrix_id)).not.toContain(onlyOlder);
  expect(plain.results).toEqual(newer.results);
  // A detail only the newer release has.
  expect((await devGet(`/api/v1/matrix/${dropped}/?release=2018&format=jaspar`)).status).toBe(200);
  expect((await devGet(`/api/v1/matrix/${dropped}/?release=2016&format=jaspar`)).status).toBe(404);
});

it('serves the logos of every release, compact or not', async () => {
  for (const id of [dropped, onlyOlder]) {
    const r = await devGet(`/static/logos/svg/${id}.svg`);
    expect([id, r.status]).toEqual([id, 200]);
  }
  const compact = join(dir, 'compact');
  await build({
    dump: [join(dir, 'JASPAR2018'), join(dir, 'JASPAR2016')],
    out: compact,
    baseUrl: 'http://jaspar.test',
    formats: ['json'],
    targets: [],
    compact: true,
  });
  const other = await startDevServer({ dir: compact, port: 0, host: '127.0.0.1' });
  try {
    const otherPort = (other.address() as AddressInfo).port;
    for (const id of [dropped, onlyOlder]) {
      const r = await send(otherPort, { method: 'GET', target: `/static/logos/svg/${id}.rc.svg` });
      expect([id, r.status, r.body.toString('utf8').slice(0, 4)]).toEqual([id, 200, '<svg']);
    }
    const older = JSON.parse(
      (await send(otherPort, { method: 'GET', target: '/api/v1/matrix/?release=2016&page_size=1000' })).body.toString(
        'utf8',
      ),
    ) as Page;
    expect(older.results.map((m) => m.matrix_id)).toContain(onlyOlder);
  } finally {
    await new Promise<void>((resolve) => other.close(() => resolve()));
  }
}, 60_000);

it('answers another release with a 404 naming both', async () => {
  const r = await devGet('/api/v1/matrix/?release=2020');
  expect(r.status).toBe(404);
  expect(json(r)).toEqual({ detail: 'Release 2020 is not served here; this copy serves JASPAR2018, JASPAR2016.' });
});

it('lists both releases in /api/v1/releases/ of either release', async () => {
  for (const target of ['/api/v1/releases/', '/api/v1/releases/?release=2016']) {
    const page = json(await devGet(target)) as Page;
    expect(page.results.map((r) => [r.name, r.year])).toEqual([
      ['JASPAR2018', 2018],
      ['JASPAR2016', 2016],
    ]);
  }
});

it('answers each release record by its number, in either release, the newest active, with what the build was told', async () => {
  const seven = {
    release_number: 7,
    year: 2018,
    active: true,
    pubmed_id: 29140473,
    website: null,
    url: 'http://jaspar.test/api/v1/releases/7/',
  };
  const six = {
    release_number: 6,
    year: 2016,
    active: false,
    pubmed_id: null,
    website: 'https://jaspar2016.genereg.net',
    url: 'http://jaspar.test/api/v1/releases/6/',
  };
  for (const query of ['', '?release=2016']) {
    expect(json(await devGet(`/api/v1/releases/7/${query}`))).toMatchObject(seven);
    expect(json(await devGet(`/api/v1/releases/6/${query}`))).toMatchObject(six);
    const list = json(await devGet(`/api/v1/releases/${query}`)) as { results: unknown[] };
    expect(list.results).toMatchObject([seven, six]);
  }
  const missing = await devGet('/api/v1/releases/8/');
  expect([missing.status, json(missing)]).toEqual([404, { detail: 'Not found.' }]);
});

it("links each release from the API's landing page, /api/", async () => {
  const html = (await devGet('/api/')).body.toString('utf8');
  expect(html).toContain('href="/api/v1/matrix/?format=api&amp;release=JASPAR2018"');
  expect(html).toContain('href="/api/v1/matrix/?format=api&amp;release=JASPAR2016"');
});

it("keeps an older release's HTML pages browsable: every link of its detail page resolves", async () => {
  const page = `/releases/JASPAR2016/files/api/matrix/${onlyOlder}.html`;
  const html = (await devGet(page)).body.toString('utf8');
  const hrefs = [...html.matchAll(/href="([^"]+)"/g)]
    .map((m) => m[1]!.replace(/&amp;/g, '&'))
    .filter((h) => !/^(https?|data):/.test(h));
  expect(hrefs.length).toBeGreaterThan(3);
  // Answered at an API URL, its links resolve against its own file, in its release's folder (page.ts, baseFixup).
  expect(html).toContain(`var f=${JSON.stringify(page)};`);
  for (const href of hrefs) {
    const url = new URL(href, `http://x${page}`);
    expect([href, (await devGet(`${url.pathname}${url.search}`)).status]).toEqual([href, 200]);
  }
});

describeWith(
  'the Cloudflare Worker on the two-release site',
  [command(WORKERD, ['--version'], 'workerd (npm, installed with miniflare by npm ci)')],
  () => {
    let worker: RunningWorker;
    beforeAll(async () => {
      worker = await startWorker(site, join(site, '_worker.js'));
    }, 60_000);
    afterAll(async () => worker?.close());

    it('answers as the dev server', async () => {
      for (const req of REQUESTS) {
        const [dev, cf] = [await send(port, req), await send(worker.port, req)];
        expect({ target: req.target, status: cf.status, type: cf.contentType, body: cf.body.toString('utf8') }).toEqual(
          { target: req.target, status: dev.status, type: dev.contentType, body: dev.body.toString('utf8') },
        );
      }
    });
  },
);
