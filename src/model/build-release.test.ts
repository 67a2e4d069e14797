import { describe, expect, it } from 'vitest';
import type { RawDump, RawTable, TableName } from '../dump/tables.js';
import { buildRelease } from './build-release.js';
import { yearFromName } from './release-identity.js';
import { UserError } from '../errors.js';
import { CollectAll } from './problems.js';

const table = (name: TableName, rows: (string | null)[][]): RawTable => ({
  name,
  file: `${name}.txt`,
  rows: rows.map((cells, i) => ({ cells, line: i + 1 })),
});

/** Two matrices of one base id, counts for the first only, one annotation and a species. */
function dump(
  matrixRows: (string | null)[][] = [
    ['1', 'CORE', 'MA0001', '1', 'AGL3'],
    ['2', 'CORE', 'MA0001', '2', 'AGL3'],
  ],
): RawDump {
  return {
    shape: 'test tables',
    name: 'JASPAR2020_test',
    tables: {
      MATRIX: table('MATRIX', matrixRows),
      MATRIX_DATA: table('MATRIX_DATA', [
        ['1', 'A', '1', '3'],
        ['1', 'C', '1', '0'],
        ['1', 'G', '1', '1'],
        ['1', 'T', '1', '0'],
        ['1', 'A', '2', '0'],
        ['1', 'C', '2', '4'],
        ['1', 'G', '2', '0'],
        ['1', 'T', '2', '0'],
      ]),
      MATRIX_ANNOTATION: table('MATRIX_ANNOTATION', [['1', 'tax_group', 'plants']]),
      MATRIX_SPECIES: table('MATRIX_SPECIES', [['1', '3702']]),
      TAX: table('TAX', [['3702', 'Arabidopsis thaliana']]),
    },
  };
}

describe('yearFromName', () => {
  it('reads a release year from a dump name, or none', () => {
    expect(yearFromName('JASPAR2016')).toBe(2016);
    expect(yearFromName('jaspar_2018.sql.gz')).toBe(2018);
    expect(yearFromName('JASPAR-2024')).toBe(2024);
    expect(yearFromName('sample')).toBeNull();
    expect(yearFromName('JASPAR1850')).toBeNull();
  });
});

describe('buildRelease', () => {
  it('builds matrices in MATRIX.ID order with their counts, annotations and species', () => {
    const { release, warnings } = buildRelease(dump());
    // The second matrix has no MATRIX_DATA rows: listed, with a warning naming it.
    expect(warnings).toHaveLength(1);
    expect(JSON.stringify(warnings[0])).toContain('MA0001.2');
    // Release identity: the year from JASPAR<year> in the dump's name, never the rest of the name.
    expect(release.info).toEqual({ name: 'JASPAR2020', year: 2020 });
    expect(release.matrices.map((m) => m.matrixId)).toEqual(['MA0001.1', 'MA0001.2']);
    const [m] = release.matrices;
    expect(m!.pfm.A).toEqual([3, 0]);
    expect(m!.pfm.C).toEqual([0, 4]);
    expect(m!.annotations).toContainEqual({ tag: 'tax_group', value: 'plants' });
    expect(m!.species.map((s) => s.taxId)).toEqual(['3702']);
  });

  it('takes the year given over the one in the name', () => {
    expect(buildRelease(dump(), { year: 2016 }).release.info.year).toBe(2016);
  });

  it('stops at a bad cell, naming file, table and line', () => {
    const bad = dump([
      ['1', 'CORE', 'MA0001', '1', 'AGL3'],
      ['x2', 'CORE', 'MA0002', '1', 'B'],
    ]);
    const error = (() => {
      try {
        buildRelease(bad);
      } catch (e) {
        return e;
      }
      return null;
    })();
    expect(error).toBeInstanceOf(UserError);
    expect((error as UserError).format()).toMatch(/^MATRIX\.txt:2: ID "x2" is not an integer/);
  });

  it('collects every problem for inspect instead of stopping', () => {
    const problems = new CollectAll();
    buildRelease(
      dump([
        ['x1', 'CORE', 'MA0001', '1', 'A'],
        ['2', 'CORE', 'bad id/..', '1', 'B'],
      ]),
      { problems },
    );
    expect(problems.fatals.length).toBeGreaterThanOrEqual(2);
  });

  it('refuses a dump without matrices', () => {
    expect(() => buildRelease({ shape: 'test tables', name: 'x', tables: {} })).toThrow(/no MATRIX table/);
    expect(() => buildRelease(dump([]))).toThrow(/MATRIX table has no rows/);
  });
});
