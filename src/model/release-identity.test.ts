import { describe, expect, it } from 'vitest';
import type { RawDump, SourceRow } from '../dump/tables.js';
import { CollectAll } from './problems.js';
import { releaseIdentity, yearFromName } from './release-identity.js';

const dump = (name: string, release?: (string | null)[][]): RawDump => ({
  shape: 'test',
  name,
  tables: release
    ? {
        RELEASE: {
          name: 'RELEASE',
          file: 'dump/RELEASE.txt',
          rows: release.map((cells, i): SourceRow => ({ cells, line: i + 1 })),
        },
      }
    : {},
});

function identify(d: RawDump, options: { year?: number; releaseName?: string } = {}) {
  const problems = new CollectAll();
  const identity = releaseIdentity(d, options, problems);
  return {
    ...identity,
    warnings: problems.warnings.map((w) => w.message),
    fatals: problems.fatals.map((e) => e.format()),
  };
}

describe('year from a dump name', () => {
  it.each([
    ['JASPAR2020.mysql', 2020],
    ['JASPAR2020-flat', 2020],
    ['jaspar2018', 2018],
    ['JASPAR_2016 copy', 2016],
    ['Copy of jaspar-2022 (old)', 2022],
    ['sample', null],
    ['release-2020', null],
    ['JASPAR20201', null],
    ['JASPAR3020', null],
  ])('%s → %s', (name, year) => {
    expect(yearFromName(name)).toBe(year);
  });
});

describe('release identity', () => {
  it('names the release JASPAR<year> from the dump name, never from the rest of it', () => {
    for (const name of ['JASPAR2020.mysql', 'JASPAR2020-flat', 'jaspar2020', 'jaspar_2020 tables (export)']) {
      expect(identify(dump(name))).toEqual({
        info: { name: 'JASPAR2020', year: 2020 },
        yearFrom: 'dump name',
        warnings: [],
        fatals: [],
      });
    }
  });

  it('--release names the release JASPAR<year> whatever the dump is called, and says when they disagree', () => {
    expect(identify(dump('sample'), { year: 2018 })).toMatchObject({
      info: { name: 'JASPAR2018', year: 2018 },
      yearFrom: 'option',
      warnings: [],
    });
    expect(identify(dump('JASPAR2020.sql'), { year: 2018 })).toMatchObject({
      info: { name: 'JASPAR2018', year: 2018 },
      warnings: ["--release 2018 differs from the dump's own JASPAR2020; publishing JASPAR2018 as asked"],
    });
  });

  it('--release-name overrides the name only', () => {
    expect(identify(dump('JASPAR2020-flat'), { releaseName: 'mirror-2020' }).info).toEqual({
      name: 'mirror-2020',
      year: 2020,
    });
    expect(identify(dump('sample'), { releaseName: 'demo' }).info).toEqual({ name: 'demo', year: null });
  });

  it("the dump's RELEASE table wins over its name (with a warning when they differ)", () => {
    expect(identify(dump('export', [['JASPAR2022']]))).toMatchObject({
      info: { name: 'JASPAR2022', year: 2022 },
      yearFrom: 'release table',
      warnings: [],
    });
    expect(identify(dump('export', [['2024']])).info).toEqual({ name: 'JASPAR2024', year: 2024 });
    expect(identify(dump('JASPAR2020', [['JASPAR2022']]))).toMatchObject({
      info: { name: 'JASPAR2022', year: 2022 },
      warnings: ['the RELEASE table names JASPAR2022 but the dump is named "JASPAR2020"; the table wins'],
    });
  });

  it('a RELEASE table that names no single release is a fatal problem naming file, table and line', () => {
    expect(identify(dump('x', [['latest']])).fatals).toEqual([
      'dump/RELEASE.txt:1: RELEASE NAME "latest" names no release; expected JASPAR<year>, e.g. JASPAR2020',
    ]);
    expect(identify(dump('x', [['JASPAR2020'], ['JASPAR2022']])).fatals).toEqual([
      'dump/RELEASE.txt:2: RELEASE table has 2 rows; a dump holds one release',
    ]);
    expect(identify(dump('x', [])).fatals).toEqual([
      'dump/RELEASE.txt: RELEASE table has no rows; it must name the release, e.g. JASPAR2020',
    ]);
  });

  it('without any year the dump keeps its own name and no year', () => {
    expect(identify(dump('sample'))).toEqual({
      info: { name: 'sample', year: null },
      yearFrom: null,
      warnings: [],
      fatals: [],
    });
  });
});
