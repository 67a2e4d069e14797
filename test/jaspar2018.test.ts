/**
 * Real data: JASPAR 2018 as JASPAR ships it today (a gzipped SQLite-dialect SQL dump). Counts,
 * and the golden match: our jaspar, meme and transfac detail output of every CORE fungi matrix
 * equals its block in JASPAR's own 2018 download files byte for byte.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { describeWith, sharedPath } from './support/requirements.js';
import { sharedSite, type BuiltSite } from './support/site.js';

const dump = sharedPath('releases', 'JASPAR2018', 'JASPAR2018.sql.gz');
const golden = sharedPath('golden', 'JASPAR2018');
const goldenFile = (fmt: string) =>
  readFileSync(join(golden.path, `JASPAR2018_CORE_fungi_non-redundant_pfms_${fmt}.txt`), 'utf8');

/** Split a golden file into per-matrix blocks keyed by matrix id. */
function blocks(text: string, start: RegExp, id: (block: string) => string): Map<string, string> {
  const out = new Map<string, string>();
  const starts = [...text.matchAll(start)].map((m) => m.index ?? 0);
  starts.forEach((s, i) => {
    const block = text.slice(s, starts[i + 1] ?? text.length);
    out.set(id(block), block);
  });
  return out;
}

describeWith("JASPAR2018 (real SQL dump) and JASPAR's own download files", [dump, golden], () => {
  let site: BuiltSite;
  beforeAll(async () => {
    // What these checks read: the default list pages and the details. Extra page sizes and
    // filters would only add list pages no test here opens (jaspar2016.test.ts checks those).
    site = await sharedSite(dump.path, {
      baseUrl: 'http://jaspar.genereg.net',
      formats: ['json', 'jaspar', 'meme', 'transfac'],
      pageSizes: [],
      filterKeys: [],
    });
  });
  const read = (path: string) => readFileSync(join(site.dir, path), 'utf8');

  it("says which chosen target's platform limit the site breaks: Cloudflare's 20,000 assets, naming --compact (issue 26)", () => {
    // Built for every target (the default), and well over Cloudflare's asset count.
    expect(site.summary.files).toBeGreaterThan(20_004);
    expect(site.summary.limits.map((l) => l.target)).toContain('cloudflare');
    const cloudflare = site.summary.limits.find((l) => l.target === 'cloudflare')!;
    expect(cloudflare.message).toContain(`${(site.summary.files - 4).toLocaleString('en-US')} static asset files`);
    expect(cloudflare.message).toContain('--compact');
  });

  it('reads 2404 matrices and 446 TFFMs, release year 2018 from the dump name', () => {
    expect(site.summary.shape).toBe('SQL dump (SQLite dialect)');
    expect(site.summary.year).toBe(2018);
    expect(JSON.parse(read('files/default/matrix/_/default/default/1.json')).count).toBe(2404);
    expect(JSON.parse(read('files/default/tffm/_/default/default/1.json')).count).toBe(446);
  });

  it('jaspar detail of every golden matrix equals its block', () => {
    const gold = blocks(goldenFile('jaspar'), /^>/gm, (b) => b.slice(1, b.indexOf('\t')));
    expect(gold.size).toBe(176);
    for (const [id, block] of gold) expect(read(`files/jaspar/matrix/${id}.jaspar`), id).toBe(block);
  });

  it('transfac detail of every golden matrix equals its record', () => {
    const gold = blocks(goldenFile('transfac'), /^AC /gm, (b) => b.slice(3, b.indexOf('\n')));
    expect(gold.size).toBe(176);
    for (const [id, block] of gold) expect(read(`files/transfac/matrix/${id}.transfac`), id).toBe(block);
  });

  it('meme detail of every golden matrix equals the header plus its motif', () => {
    const text = goldenFile('meme');
    const first = text.indexOf('MOTIF ');
    const header = text.slice(0, first);
    const gold = blocks(text.slice(first), /^MOTIF /gm, (b) => b.split(' ')[1] as string);
    expect(gold.size).toBe(176);
    for (const [id, block] of gold) expect(read(`files/meme/matrix/${id}.meme`), id).toBe(header + block);
  });
});
