import { describe, expect, it } from 'vitest';
import { releaseId, releaseNumber, releaseRecord, type ServedRelease } from './releases.js';

describe('JASPAR release numbers (contract §8.1)', () => {
  it.each([
    [2004, 1],
    [2006, 2],
    [2008, 3],
    [2010, 4],
    [2014, 5],
    [2016, 6],
    [2018, 7],
    [2020, 8],
    [2022, 9],
    [2024, 10],
    [2026, 11],
    [2028, 12],
    [2030, 13],
  ])('%i is release %i', (year, n) => {
    expect(releaseNumber(year)).toBe(n);
  });
  it.each([2012, 2017, 2002, 1999, 2025])('%i is off the grid: no number', (year) => {
    expect(releaseNumber(year)).toBeNull();
  });
  it('no year: no number; such a release is addressed by its name', () => {
    expect(releaseNumber(null)).toBeNull();
    expect(releaseId({ name: 'sample', year: null })).toBe('sample');
    expect(releaseId({ name: 'JASPAR2016', year: 2016 })).toBe('6');
  });
});

describe('release records', () => {
  const r: ServedRelease = {
    name: 'JASPAR2016',
    year: 2016,
    active: true,
    pubmedId: 26531826,
    website: 'https://jaspar2016.genereg.net',
    matrices: 34,
    tffms: 23,
  };
  it("carry the fields clients read first, in order, then this project's own", () => {
    const rec = releaseRecord(r, 'https://jaspar.example.org');
    expect(Object.keys(rec)).toEqual([
      'release_number',
      'year',
      'active',
      'pubmed_id',
      'website',
      'url',
      'name',
      'matrices',
      'tffms',
    ]);
    expect(rec).toMatchObject({
      release_number: 6,
      year: 2016,
      active: true,
      pubmed_id: 26531826,
      url: 'https://jaspar.example.org/api/v1/releases/6/',
    });
  });
  it('null where nothing was told, and a url by name off the grid', () => {
    const rec = releaseRecord(
      { ...r, name: 'JASPAR2012', year: 2012, active: false, pubmedId: null, website: null },
      'http://x.test',
    );
    expect(rec).toMatchObject({
      release_number: null,
      year: 2012,
      active: false,
      pubmed_id: null,
      website: null,
      url: 'http://x.test/api/v1/releases/JASPAR2012/',
    });
  });
});
