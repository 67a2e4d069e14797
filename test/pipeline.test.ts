/**
 * Whole pipeline on the project's sample release: exact files at exact paths, contents checked
 * against the dump read independently here (plain split of the TSV files), determinism, and
 * the atomic swap.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync, mkdirSync, cpSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { build } from '../src/site/build.js';
import { UserError } from '../src/errors.js';
import { HOST_TARGETS } from '../src/targets/registry.js';
import { hashTree } from './support/files.js';
import { tempDir } from './support/scratch.js';
import { BASE, SAMPLE, buildSite, sharedSite, type BuiltSite } from './support/site.js';

const tsv = (name: string) =>
  readFileSync(join(SAMPLE, name), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => l.split('\t'));

const json = (site: BuiltSite, path: string) => JSON.parse(readFileSync(join(site.dir, path), 'utf8'));
const byteOrder = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

describe('sample release, whole pipeline', () => {
  let site: BuiltSite;
  const matrices = tsv('MATRIX.txt').map(([id, collection, baseId, version, name]) => ({
    id: Number(id),
    collection,
    baseId,
    version: Number(version),
    name: name as string,
    matrixId: `${baseId}.${version}`,
  }));
  const tffms = tsv('TFFM.txt');

  beforeAll(async () => {
    site = await sharedSite(SAMPLE);
  });

  it('writes the API tree, host files and manifest at their paths', () => {
    for (const path of [
      'files/default/matrix/_/default/default/1.json',
      'files/json/matrix/_/default/-name/last.json',
      'files/jsonp/tffm/_/default/log_p_detailed/3.js',
      'files/json/matrix/MA0101.2.json',
      'files/json/matrix/versions/MA0101.json',
      'files/json/tffm/TFFM0040.1.json',
      'files/errors/not-found.json',
      'files/errors/invalid-page.json',
      '404.html',
      '_redirects',
      '_headers',
      'jaspar-static.json',
    ]) {
      expect(existsSync(join(site.dir, path)), path).toBe(true);
    }
  });

  it('paginates the matrix list: count, 10 per page, next/previous links with sorted keys', () => {
    const p1 = json(site, 'files/default/matrix/_/default/default/1.json');
    expect(Object.keys(p1)).toEqual(['count', 'next', 'previous', 'results']);
    expect(p1.count).toBe(matrices.length);
    expect(p1.results).toHaveLength(10);
    expect(p1.next).toBe(`${BASE}/api/v1/matrix/?page=2`);
    expect(p1.previous).toBeNull();
    const p2 = json(site, 'files/json/matrix/_/default/-name/2.json');
    expect(p2.next).toBe(`${BASE}/api/v1/matrix/?format=json&order=-name&page=3`);
    expect(p2.previous).toBe(`${BASE}/api/v1/matrix/?format=json&order=-name`);
    const pages = Math.ceil(matrices.length / 10);
    const last = json(site, `files/default/matrix/_/default/default/${pages}.json`);
    expect(last.results).toHaveLength(matrices.length - (pages - 1) * 10);
    expect(last.next).toBeNull();
    expect(readFileSync(join(site.dir, 'files/default/matrix/_/default/default/last.json'), 'utf8')).toBe(
      readFileSync(join(site.dir, `files/default/matrix/_/default/default/${pages}.json`), 'utf8'),
    );
  });

  it('orders by name in byte order, ties in MATRIX.ID order, both directions; the default order is by name', () => {
    const all = (order: string) =>
      [1, 2, 3, 4].flatMap((p) =>
        json(site, `files/default/matrix/_/default/${order}/${p}.json`).results.map(
          (r: { matrix_id: string }) => r.matrix_id,
        ),
      );
    const byId = [...matrices].sort((a, b) => a.id - b.id);
    const asc = [...byId].sort((a, b) => byteOrder(a.name, b.name)).map((m) => m.matrixId);
    const desc = [...byId].sort((a, b) => byteOrder(b.name, a.name)).map((m) => m.matrixId);
    expect(all('name')).toEqual(asc);
    expect(all('-name')).toEqual(desc);
    // The default order is today's service's (contract §8.3): by name, ties in key order.
    expect(all('default')).toEqual(asc);
    // Ties of an explicit order keep the default order: by name, then key.
    const byName = [...byId].sort((a, b) => byteOrder(a.name, b.name));
    const byVersion = byName.sort((a, b) => a.version - b.version).map((m) => m.matrixId);
    expect(all('version')).toEqual(byVersion);
  });

  it('writes matrix list records with version as a string and detail with version as an integer', () => {
    const rec = json(site, 'files/json/matrix/_/default/base_id/1.json').results[0];
    expect(Object.keys(rec)).toEqual(['matrix_id', 'name', 'collection', 'base_id', 'version', 'sequence_logo', 'url']);
    expect(typeof rec.version).toBe('string');
    expect(rec.url).toBe(`${BASE}/api/v1/matrix/${rec.matrix_id}/`);
    const d = json(site, 'files/json/matrix/MA0101.2.json');
    expect(d.version).toBe(2);
    expect(Object.keys(d).slice(0, 9)).toEqual([
      'matrix_id',
      'name',
      'base_id',
      'version',
      'collection',
      'sequence_logo',
      'versions_url',
      'sites_url',
      'pfm',
    ]);
    expect(Object.keys(d).slice(-3)).toEqual(['uniprot_ids', 'species', 'tffm']);
    expect(d.versions_url).toBe(`${BASE}/api/v1/matrix/MA0101/versions`);
  });

  it('keeps floats as floats in the PFM (Python repr)', () => {
    const raw = readFileSync(join(site.dir, 'files/json/matrix/MA0101.2.json'), 'utf8');
    expect(raw).toMatch(/"A":\[\d+\.\d+(,[-\d.e+]+)*\]/);
  });

  it('lists the TFFMs with the quirky matrix_url and log-p as text, NULL last when descending', () => {
    const pages = Math.ceil(tffms.length / 10);
    const all = [...Array(pages).keys()].flatMap(
      (i) => json(site, `files/default/tffm/_/default/-log_p_1st_order/${i + 1}.json`).results,
    );
    expect(all).toHaveLength(tffms.length);
    const values = all.map((r: { log_p_1st_order: string | null }) => r.log_p_1st_order);
    const nonNull = values.filter((v: string | null) => v !== null).map(Number);
    expect(nonNull).toEqual([...nonNull].sort((a, b) => b - a));
    expect(values.at(-1)).toBeNull();
    const first = all[0];
    expect(Object.keys(first)).toEqual([
      'tffm_id',
      'name',
      'base_id',
      'version',
      'matrix_base_id',
      'matrix_version',
      'matrix_id',
      'tffm_url',
      'matrix_url',
      'log_p_1st_order',
      'log_p_detailed',
      'experiment_name',
    ]);
    expect(first.matrix_url).toBe(`${BASE}/api/v1/matrix/${first.tffm_id}/`);
  });

  it('versions list every version of a base id as integers, ordered by version', () => {
    const v = json(site, 'files/json/matrix/versions/MA0101.json');
    const expected = matrices
      .filter((m) => m.baseId === 'MA0101')
      .map((m) => m.version)
      .sort((a, b) => a - b);
    expect(Object.keys(v)).toEqual(['count', 'results']);
    expect(v.results.map((r: { version: number }) => r.version)).toEqual(expected);
  });

  it('writes a file whose bytes an earlier one has as a hard link of it: page last of its page N, a suffix alias of its detail', async () => {
    const ino = async (path: string) => (await stat(join(site.dir, path))).ino;
    const folder = 'files/json/matrix/_/default/default';
    const pages = (await readdir(join(site.dir, folder))).filter((f) => /^\d+\.json$/.test(f));
    const lastN = `${folder}/${Math.max(...pages.map((f) => Number.parseInt(f, 10)))}.json`;
    expect(await readFile(join(site.dir, `${folder}/last.json`), 'utf8')).toBe(
      await readFile(join(site.dir, lastN), 'utf8'),
    );
    expect(await ino(`${folder}/last.json`)).toBe(await ino(lastN));
    const details = (await readdir(join(site.dir, 'files/json/matrix'))).filter((f) => /\.\d+\.json$/.test(f));
    expect(details.length).toBeGreaterThan(10);
    for (const detail of details)
      expect(await ino(`api/v1/matrix/${detail}`)).toBe(await ino(`files/json/matrix/${detail}`));
    // A page unlike any other stands alone.
    expect((await stat(join(site.dir, `${folder}/1.json`))).nlink).toBe(1);
  });

  it('is deterministic and has no symlinks', async () => {
    const again = await buildSite(SAMPLE);
    try {
      expect(await hashTree(again.dir)).toEqual(await hashTree(site.dir));
    } finally {
      await again.cleanup();
    }
  });
});

describe('atomic output', () => {
  // Which files the site holds does not matter here, only what happens to them: JSON, no extra page sizes or filters.
  const trimmed = { formats: ['json' as const], pageSizes: [], filterKeys: [] };

  it('a failed build leaves the previous site byte-identical and no staging folder', async () => {
    const root = await tempDir('swap');
    const out = join(root, 'dist');
    const opts = { out, baseUrl: BASE, ...trimmed, targets: [...HOST_TARGETS] };
    await build({ dump: SAMPLE, ...opts });
    const before = await hashTree(out);
    const bad = join(root, 'bad');
    mkdirSync(bad);
    cpSync(SAMPLE, bad, { recursive: true });
    writeFileSync(
      join(bad, 'MATRIX_DATA.txt'),
      `${readFileSync(join(SAMPLE, 'MATRIX_DATA.txt'), 'utf8')}101\tA\t1\t1,5\n`,
    );
    await expect(build({ dump: bad, ...opts })).rejects.toThrow(UserError);
    expect(await hashTree(out)).toEqual(before);
    expect(readdirSync(dirname(out)).sort()).toEqual(['bad', 'dist', 'dist.deploy']);
  });

  it('an aborted build leaves the previous site byte-identical and no staging folder', async () => {
    const root = await tempDir('abort');
    const out = join(root, 'dist');
    const opts = { out, baseUrl: BASE, ...trimmed, targets: [...HOST_TARGETS] };
    await build({ dump: SAMPLE, ...opts });
    const before = await hashTree(out);
    const controller = new AbortController();
    controller.abort();
    await expect(build({ dump: SAMPLE, ...opts, signal: controller.signal })).rejects.toThrow();
    expect(await hashTree(out)).toEqual(before);
    expect(readdirSync(root).sort()).toEqual(['dist', 'dist.deploy']);
  });
});
