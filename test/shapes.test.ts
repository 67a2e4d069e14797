/**
 * Every dump shape gives the same site: the sample release is exported here into each shape
 * the build reads (headerless TSV, CSV with a header, CRLF with mixed-case file names, SQLite-
 * and MySQL-dialect SQL, gzipped SQL, a SQLite database). Each must give a model deep-equal to
 * the original folder's, and a built site byte-identical to it, with the shape reported. The
 * sites are built in two formats (a data and a text format): renderers are pure functions of the
 * model, which is compared whole.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { exportAllShapes, type ExportedShape } from '../src/dump/export/shapes.js';
import { readFlatDump } from '../src/dump/flat/read-flat.js';
import { readDump } from '../src/dump/read-dump.js';
import type { FormatName } from '../src/api/formats.js';
import { buildRelease } from '../src/model/build-release.js';
import { hashTree } from './support/files.js';
import { tempDirSync } from './support/scratch.js';
import { SAMPLE, buildSite, type BuiltSite } from './support/site.js';

const FORMATS: FormatName[] = ['json', 'jaspar'];
const model = async (dump: string) => buildRelease(await readDump(dump)).release;

describe('every dump shape builds the same site', () => {
  const root = tempDirSync('shapes');
  let reference: BuiltSite;
  let expected: Map<string, string>;
  const shapes: ExportedShape[] = exportAllShapes(readFlatDump(SAMPLE), root, 'sample', SAMPLE);

  beforeAll(async () => {
    reference = await buildSite(SAMPLE, { formats: FORMATS });
    expected = await hashTree(reference.dir);
  });

  it('exports seven shapes', () => {
    expect(shapes.map((s) => s.label)).toEqual(['tsv', 'csv-header', 'crlf-mixed-case', 'sqlite-sql', 'sqlite-sql-gz', 'mysql-sql', 'sqlite-db']);
  });

  for (const shape of shapes) {
    it(`${shape.label}: reported as "${shape.shape}", same model, site byte-identical`, async () => {
      expect(await model(shape.path)).toEqual(await model(SAMPLE));
      const site = await buildSite(shape.path, { formats: FORMATS });
      try {
        expect(site.summary.shape).toBe(shape.shape);
        expect(site.summary.release).toBe('sample');
        expect(site.summary.warnings).toEqual(reference.summary.warnings.map((w) => ({ ...w, place: expect.anything() })));
        const actual = await hashTree(site.dir);
        const differing = [...expected.keys()].filter((k) => actual.get(k) !== expected.get(k));
        expect(differing).toEqual([]);
        expect(actual.size).toBe(expected.size);
      } finally {
        await site.cleanup();
      }
    });
  }
});
