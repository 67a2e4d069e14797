/**
 * Every dump shape gives the same site, whatever the dump is called: the sample release is
 * exported into each shape the build reads (headerless TSV, CSV with a header, CRLF with mixed-
 * case file names, SQLite- and MySQL-dialect SQL, gzipped SQL, a SQLite database) under names
 * that share nothing but `JASPAR2020`, and again under names without any year but with a RELEASE
 * table naming JASPAR2020. Each copy must give a model deep-equal to the original folder built
 * with `--release 2020`, and a site byte-identical to it, with the shape reported. The sites are
 * built in a data format (the release list names the release) and a text format whose layout
 * depends on the year; renderers are pure functions of the model, which is compared whole.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FormatName } from '../src/api/formats.js';
import { exportAllShapes, type ExportedShape } from '../src/dump/export/shapes.js';
import { readFlatDump } from '../src/dump/flat/read-flat.js';
import { readDump } from '../src/dump/read-dump.js';
import type { RawDump } from '../src/dump/tables.js';
import { buildRelease } from '../src/model/build-release.js';
import { DOWNLOADS_PATH, pageFile } from '../src/portal/paths.js';
import { hashTree } from './support/files.js';
import { withoutRowsLinking } from './support/html.js';
import { tempDirSync } from './support/scratch.js';
import { SAMPLE, buildSite, type BuiltSite, type SiteOptions } from './support/site.js';

const YEAR = 2020;
/** Trimmed so 15 builds stay quick: every detail, lists in the default and one other order. */
const OPTIONS: SiteOptions = {
  formats: ['json', 'transfac'] satisfies FormatName[],
  pageSizes: [],
  orderFields: ['name'],
  filterKeys: [],
};
const model = async (dump: string, year?: number) => buildRelease(await readDump(dump), { year: year ?? null }).release;

/** Names that differ in everything but `JASPAR2020` (the first is a case from the issue). */
const YEAR_NAMES: Readonly<Record<string, string>> = {
  tsv: 'JASPAR2020-flat',
  'csv-header': 'jaspar2020_tables (csv export)',
  'crlf-mixed-case': 'Copy of JASPAR_2020',
  'sqlite-sql': 'JASPAR2020.sqlite-dialect',
  'sqlite-sql-gz': 'old-jaspar2020-core',
  'mysql-sql': 'JASPAR2020.mysql',
  'sqlite-db': 'jaspar2020',
};

/** The sample with a RELEASE table naming the release, as a dump may carry. */
function withReleaseTable(dump: RawDump): RawDump {
  return {
    ...dump,
    tables: {
      ...dump.tables,
      RELEASE: { name: 'RELEASE', file: 'RELEASE', rows: [{ cells: [`JASPAR${YEAR}`], line: 1 }] },
    },
  };
}

/** The download area's folder of the dump as it was read (contract §9), with its listing, which names it. */
const DUMP_FOLDER = 'download/database/';
/** The Downloads page, which lists the dump with its size. */
const DOWNLOADS_FILE = pageFile(DOWNLOADS_PATH);

/** A site's files without what depends on the dump's own shape: the dump's folder and the Downloads page. */
const sameSite = (tree: Map<string, string>) =>
  new Map([...tree].filter(([path]) => !path.startsWith(DUMP_FOLDER) && path !== DOWNLOADS_FILE));

/** The Downloads page of the site in `dir` but its rows of the dump's folder, which it must have. */
async function downloadsBesidesDump(dir: string): Promise<string> {
  const html = await readFile(join(dir, DOWNLOADS_FILE), 'utf8');
  const rest = withoutRowsLinking(DOWNLOADS_FILE, html, DUMP_FOLDER);
  expect(rest).not.toBe(html);
  return rest;
}

/** The sample as the flat reader reads it, exported into every shape below. */
const sample = await readFlatDump(SAMPLE);

describe('every dump shape builds the same site, whatever its name', () => {
  const root = tempDirSync('shapes');
  let reference: BuiltSite;
  let expected: Map<string, string>;
  const named = exportAllShapes(sample, join(root, 'named'), (label) => YEAR_NAMES[label] ?? label, SAMPLE);
  const tabled = exportAllShapes(withReleaseTable(sample), join(root, 'table'), (label) => `export-${label}`, SAMPLE);

  beforeAll(async () => {
    reference = await buildSite(SAMPLE, { ...OPTIONS, year: YEAR });
    expected = await hashTree(reference.dir);
  });

  it('exports seven shapes, each named differently', () => {
    expect(named.map((s) => s.label)).toEqual([
      'tsv',
      'csv-header',
      'crlf-mixed-case',
      'sqlite-sql',
      'sqlite-sql-gz',
      'mysql-sql',
      'sqlite-db',
    ]);
    expect(new Set(named.map((s) => s.path.split('/').at(-1))).size).toBe(7);
  });

  it('the reference is JASPAR2020: named so in the release list, in the 2020 transfac layout', async () => {
    expect(reference.summary).toMatchObject({ release: 'JASPAR2020', year: YEAR, yearFrom: 'option' });
    const bodies = await Promise.all([...expected.keys()].map((path) => readFile(join(reference.dir, path), 'utf8')));
    // The release list (contract §8.1: JASPAR's release number first; 2020 = 8).
    expect(
      bodies.filter(
        (b) => b.includes('"results":[{"release_number":8,"year":2020,') && b.includes('"name":"JASPAR2020"'),
      ),
    ).not.toEqual([]);
    // 2020: `DE <id> <name> ; From JASPAR` and one CC line with the four keys (contract §5).
    expect(
      bodies.filter((b) => /; From JASPAR\nPO\t[\s\S]*\nCC tax_group:[^\n]*; pubmed_ids:[^\n]*; data_type:/.test(b)),
    ).not.toEqual([]);
  });

  const check = (how: string, shapes: ExportedShape[], yearFrom: string) => {
    for (const shape of shapes) {
      it(`${how}, ${shape.label}: reported as "${shape.shape}", same model, site byte-identical`, async () => {
        expect(await model(shape.path)).toEqual(await model(SAMPLE, YEAR));
        const site = await buildSite(shape.path, OPTIONS);
        try {
          expect(site.summary).toMatchObject({ shape: shape.shape, release: 'JASPAR2020', year: YEAR, yearFrom });
          expect(site.summary.warnings).toEqual(
            reference.summary.warnings.map((w) => ({ ...w, place: expect.anything() })),
          );
          // The same site but the dump the download area offers as it was read, and the Downloads page's rows of it.
          const actual = sameSite(await hashTree(site.dir));
          const want = sameSite(expected);
          const differing = [...want.keys()].filter((k) => actual.get(k) !== want.get(k));
          expect(differing).toEqual([]);
          expect(actual.size).toBe(want.size);
          expect(await downloadsBesidesDump(site.dir)).toBe(await downloadsBesidesDump(reference.dir));
        } finally {
          await site.cleanup();
        }
      });
    }
  };
  check('named JASPAR2020 only in part', named, 'dump name');
  check('named without a year, with a RELEASE table', tabled, 'release table');
});
