/**
 * `jaspar-static check --against <url> --release <year>` (docs/check.md): a mirror of one
 * release compared with a server of several that serves its newest when `release` is absent, as
 * the live JASPAR service does. Two dev servers: the mirror over the sample built as JASPAR2016;
 * "the live service" over the sample as JASPAR2016 and JASPAR2018 (the newer without its last
 * matrix, so their lists differ). Without --release every list differs; with it, every API
 * request naming no release asks both for 2016 and the lists agree.
 */
import { cp, readFile, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { FORMAT_NAMES } from '../src/api/formats.js';
import { withRelease } from '../src/check/run.js';
import type { CheckSummary } from '../src/check/summary.js';
import { startDevServer } from '../src/server/dev-server.js';
import { build } from '../src/site/build.js';
import { runMain } from './support/cli.js';
import { PROJECT_ROOT } from './support/requirements.js';
import { removeTree, tempDir } from './support/scratch.js';

let dir: string;
let mirrorSite: string;
const servers: Server[] = [];
let mirror: string;
let live: string;

async function site(out: string, dumps: string[]): Promise<string> {
  await build({
    dump: dumps,
    out,
    baseUrl: 'https://jaspar.example.org',
    formats: [...FORMAT_NAMES],
    targets: ['nginx'],
    pageSizes: [100],
    orderFields: ['name'],
    filterKeys: ['collection', 'tax_group'],
    filterOrders: false,
  });
  const server = await startDevServer({ dir: out, port: 0, host: '127.0.0.1' });
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  dir = await tempDir('check-release');
  const older = join(dir, 'JASPAR2016');
  const newer = join(dir, 'JASPAR2018');
  await cp(join(PROJECT_ROOT, 'releases/sample'), older, { recursive: true });
  await cp(join(PROJECT_ROOT, 'releases/sample'), newer, { recursive: true });
  const lines = (await readFile(join(newer, 'MATRIX.txt'), 'utf8')).split('\n').filter((l) => l !== '');
  await writeFile(join(newer, 'MATRIX.txt'), `${lines.slice(0, -1).join('\n')}\n`);
  mirrorSite = join(dir, 'mirror');
  mirror = await site(mirrorSite, [older]);
  live = await site(join(dir, 'live'), [older, newer]);
});

afterAll(async () => {
  await Promise.all(
    servers.map(
      (s) =>
        new Promise<void>((resolve) => {
          s.closeAllConnections();
          s.close(() => resolve());
        }),
    ),
  );
  if (dir !== undefined) await removeTree(dir);
});

const check = async (...args: string[]) => {
  const r = await runMain(['check', mirror, '--against', live, '--site', mirrorSite, '--json', ...args]);
  return { code: r.code, summary: JSON.parse(r.stdout) as CheckSummary };
};

it('--release appends release=<year> to API requests that name none, and leaves the others', () => {
  const at = (target: string) => withRelease({ method: 'GET', target }, 2016).target;
  expect(at('/api/v1/matrix/')).toBe('/api/v1/matrix/?release=2016');
  expect(at('/api/v1/matrix/?page=2')).toBe('/api/v1/matrix/?page=2&release=2016');
  expect(at('/api/v1/matrix/?')).toBe('/api/v1/matrix/?release=2016');
  expect(at('/api/v1/matrix/?release=2014&page=2')).toBe('/api/v1/matrix/?release=2014&page=2');
  expect(at('/api/v1/matrix/?release')).toBe('/api/v1/matrix/?release');
  expect(at('/static/logos/MA0101.2.png')).toBe('/static/logos/MA0101.2.png');
});

it('against a server of several releases, a mirror of the older one differs on every list; with --release 2016 they agree', async () => {
  const without = await check();
  expect(without.code).toBe(1);
  const LIST = /^\/api\/v1\/(matrix|collections|taxon|species|tffm)\/[^?]*(\?|$)/;
  // List requests naming no release, as the table sends them (and with --release, as appended).
  const unnamed = without.summary.failed.filter((f) => LIST.test(f.target) && !/[?&]release=/.test(f.target));
  expect(unnamed.length).toBeGreaterThan(20);

  const withIt = await check('--release', '2016');
  const s = withIt.summary;
  console.log(
    `--against a two-release server: ${without.summary.failing} failing without --release, ${s.failing} with --release 2016`,
  );
  expect(withIt.code).toBe(1);
  expect(s.requests).toBe(without.summary.requests);
  // Every list request naming no release agrees (the appended release=2016 is the only one).
  const appended = (t: string) => /[?&]release=2016$/.test(t);
  expect(
    s.failed.filter(
      (f) =>
        LIST.test(f.target) &&
        appended(f.target) &&
        !/format=api/.test(f.target) &&
        !(f.accept ?? '').includes('text/html'),
    ),
  ).toEqual([]);
  // What is left failed without --release too: what a server of two releases says of itself (its
  // release records, the API's documents and browsable pages, the refusals of another release).
  const key = (f: CheckSummary['failed'][number]) =>
    `${f.method} ${f.target.replace(/[?&]release=2016$/, '')} ${f.accept ?? ''}`;
  const before = new Set(without.summary.failed.map(key));
  const added = s.failed.filter((f) => !before.has(key(f)));
  expect(added, JSON.stringify(added.slice(0, 5), null, 1)).toEqual([]);
  expect(s.failing).toBeLessThan(without.summary.failing);
});
