/**
 * The JASPAR 2026 reconstruction (../shared/releases/JASPAR2026, contract §8.3): it builds in every
 * dump shape the build reads (the SQL dump as shipped, and an SQLite file, flat-file tables and a
 * mysqldump made from it with every table, rows and all), each giving the same site; the read
 * summary names, in one line, the deep-learning and web-site tables it read past; release 11; and
 * the recorded 949-record list's tie (`BHLHE22`) comes out in row order, as the service sent it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { notServedLine, readLines } from '../src/cli/summary.js';
import { DOWNLOADS_PATH, pageFile } from '../src/portal/paths.js';
import { build, type BuildSummary } from '../src/site/build.js';
import { hashTree } from './support/files.js';
import { withoutRowsLinking } from './support/html.js';
import { describeWith, sharedPath } from './support/requirements.js';
import { tempDir } from './support/scratch.js';
import { serve, type Served } from './support/site.js';
import { dumpShapes } from './support/sqlite-shapes.js';

const dump = sharedPath('releases', 'JASPAR2026', 'JASPAR2026.sql.gz');
const live = sharedPath('golden', 'live');
const DL_TABLES = [
  'DL_CLUSTER',
  'DL_CLUSTER_JASPAR_MATCH',
  'DL_CLUSTER_MODEL',
  'DL_MATRIX',
  'DL_MODEL',
  'DL_MOTIF',
  'DL_PROFILE_SUMMARY',
  'DL_PROFILE_SUMMARY_CLUSTER',
];

describeWith('JASPAR 2026 (reconstruction) in every dump shape', [dump, live], () => {
  const built = new Map<string, { summary: BuildSummary; out: string }>();
  let served: Served;
  beforeAll(async () => {
    const root = await tempDir('jaspar2026');
    const shapes = dumpShapes(dump.path, join(root, 'dumps'), 'JASPAR2026');
    for (const [label, path] of [
      ['sql', dump.path],
      ['sqlite', shapes.sqlite],
      ['flat', shapes.flat],
      ['mysql', shapes.mysql],
    ] as const) {
      const out = join(root, label);
      const summary = await build({
        dump: path,
        out,
        baseUrl: 'https://jaspar.elixir.no',
        formats: ['json', 'jaspar'],
        targets: ['nginx'],
        pageSizes: [1000],
        orderFields: [],
        filterKeys: [],
      });
      built.set(label, { summary, out });
    }
    served = await serve(built.get('sql')!.out);
  });
  afterAll(async () => served?.close());

  it('builds from each shape, the same site from each', async () => {
    expect([...built.keys()]).toEqual(['sql', 'sqlite', 'flat', 'mysql']);
    const shapes = [...built.values()].map((b) => b.summary.shape);
    expect(new Set(shapes).size).toBe(4);
    // The same site but the dump itself, which the download area offers as it was read (contract §9), in its
    // folder with that folder's listing, and the Downloads page, the same but for its rows of that folder.
    const dumpFolder = 'download/database/';
    const downloads = pageFile(DOWNLOADS_PATH);
    const digests = await Promise.all(
      [...built.values()].map(async (b) =>
        JSON.stringify(
          [...(await hashTree(b.out))].filter(([path]) => !path.startsWith(dumpFolder) && path !== downloads),
        ),
      ),
    );
    expect(digests[0]!.length).toBeGreaterThan(1000);
    expect(new Set(digests).size).toBe(1);
    const pages = [...built.values()].map((b) => readFileSync(join(b.out, downloads), 'utf8'));
    const besidesDump = pages.map((html) => withoutRowsLinking(downloads, html, dumpFolder));
    expect(besidesDump.filter((rest, i) => rest === pages[i])).toEqual([]);
    expect(new Set(besidesDump).size).toBe(1);
    for (const { summary } of built.values()) {
      expect(summary.release).toBe('JASPAR2026');
      expect(summary.matrices).toBe(4129);
    }
  });

  it('names, in one line of the read summary, the tables it did not serve', () => {
    for (const [label, { summary }] of built) {
      expect([label, [...summary.notServed].sort()]).toEqual([
        label,
        [...DL_TABLES, 'django_migrations', 'portal_post'],
      ]);
      const line = readLines(summary).find((l) => l.startsWith('not served: '));
      expect(line).toBe(notServedLine(summary.notServed));
      expect(line).toMatch(
        /^not served: DL_\w+(, DL_\w+){7} \(JASPAR's API does not list the deep-learning collection\); (django_migrations, portal_post|portal_post, django_migrations)$/,
      );
    }
  });

  it('is release 11', async () => {
    const res = await fetch(`${served.origin}/api/v1/releases/?format=json`);
    const body = (await res.json()) as { results: { release_number: number; name: string }[] };
    expect(body.results.map((r) => [r.name, r.release_number])).toEqual([['JASPAR2026', 11]]);
  });

  it("orders the recorded list's request by name, its BHLHE22 tie in row order as recorded", async () => {
    const recorded = JSON.parse(
      readFileSync(join(live.path, 'jaspar2022-matrix-list-CORE-vertebrates-9606-ps1000.json'), 'utf8'),
    ) as { results: { matrix_id: string; name: string }[] };
    const res = await fetch(
      `${served.origin}/api/v1/matrix/?format=json&page_size=1000&collection=CORE&tax_group=Vertebrates&tax_id=9606`,
    );
    const ours = ((await res.json()) as { results: { matrix_id: string; name: string }[] }).results;
    expect(ours.length).toBeGreaterThan(900);
    const tie = (list: { matrix_id: string; name: string }[]) =>
      list.filter((r) => r.name === 'BHLHE22').map((r) => r.matrix_id);
    // 2026 adds MA1635.2 after the recorded three, in its row order.
    expect(tie(ours)).toEqual([...tie(recorded.results), 'MA1635.2']);
    // Sorted by name in binary order, as the recording (the reconstruction's key order decides other ties).
    const names = ours.map((r) => r.name);
    expect(names).toEqual([...names].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b))));
    const recordedNames = recorded.results.map((r) => r.name);
    expect(recordedNames).toEqual([...recordedNames].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b))));
  });
});
