import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../test/support/requirements.js';
import { sampleRelease } from '../../test/support/sample-release.js';
import { readZip } from '../../test/support/zip-read.js';
import type { Matrix, Release } from '../model/types.js';
import { bundles, latestVersions } from './bundles.js';
import { BUNDLE_FORMATS, downloadFiles, downloadPlaces, downloadSteps, type DownloadFile } from './files.js';
import { ordered, recordOrder, taxaOf } from './order.js';

const BASE = 'https://jaspar.example.org';
const text = (c: string | Uint8Array) => (typeof c === 'string' ? c : Buffer.from(c).toString('utf8'));

let release: Release;
let files: Map<string, DownloadFile>;
beforeAll(async () => {
  release = await sampleRelease();
  files = new Map([...downloadFiles(release, downloadPlaces([release])[0]!, BASE)].map((f) => [f.path, f]));
});

describe('the record order year table (contract §9)', () => {
  it('names 2018 and 2022 key order, 2020 by name, 2024 on by taxa; other years key order', () => {
    const years = [2016, 2018, 2019, 2020, 2021, 2022, 2023, 2024, 2026, null] as const;
    expect(years.map(recordOrder)).toEqual(['key', 'key', 'key', 'name', 'key', 'key', 'key', 'taxa', 'taxa', 'key']);
  });

  it('by taxa: the taxa in JASPAR order, then other groups alphabetically, then matrices of no group, each in key order', () => {
    const m = (key: number, name: string, taxa: string[]): Matrix =>
      ({ key, name, annotations: taxa.map((value) => ({ tag: 'tax_group', value })) }) as unknown as Matrix;
    const ms = [
      m(1, 'b', ['fungi']),
      m(2, 'A', ['vertebrates']),
      m(3, 'c', []),
      m(4, 'd', ['algae']),
      m(5, 'e', ['plants']),
      m(6, 'f', ['vertebrates']),
    ];
    expect(ordered(ms, 'taxa', true).map((x) => x.key)).toEqual([2, 6, 5, 1, 4, 3]);
    expect(ordered(ms, 'taxa', false).map((x) => x.key)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(ordered(ms, 'name', true).map((x) => x.name)).toEqual(['A', 'b', 'c', 'd', 'e', 'f']);
    expect(ordered([...ms].reverse(), 'key', true).map((x) => x.key)).toEqual([1, 2, 3, 4, 5, 6]);
  });
});

describe('the download area of the sample release', () => {
  it('has CORE split by taxon and redundancy, and one file per other collection, in each format as .txt and .zip', () => {
    const stems = bundles(release, 'JASPAR2016').map((b) => `${b.folder}/${b.stem}`);
    const taxa = [...new Set(release.matrices.filter((m) => m.collection === 'CORE').flatMap(taxaOf))];
    expect(stems.filter((s) => s.startsWith('CORE/')).length).toBe(2 + 2 * taxa.length);
    expect(stems).toContain('CORE/JASPAR2016_CORE_non-redundant_pfms');
    expect(stems).toContain('CORE/JASPAR2016_CORE_vertebrates_redundant_pfms');
    expect(stems).toContain('collections/JASPAR2016_CNE_pfms');
    for (const stem of stems)
      for (const { format } of BUNDLE_FORMATS)
        for (const ext of ['txt', 'zip'])
          expect(files.has(`download/data/2016/${stem}_${format}.${ext}`), `${stem} ${format} ${ext}`).toBe(true);
  });

  it('each .txt is the renderer’s list body of its matrices, each zip member a detail answer, joined they are the .txt', () => {
    for (const b of bundles(release, 'JASPAR2016')) {
      for (const { format, renderer } of BUNDLE_FORMATS) {
        const ctx = { baseUrl: BASE, year: 2016 };
        const file = `download/data/2016/${b.folder}/${b.stem}_${format}`;
        const txt = text(files.get(`${file}.txt`)!.content);
        expect(txt, file).toBe(renderer.renderMatrices(b.matrices, ctx));
        const members = readZip(files.get(`${file}.zip`)!.content as Uint8Array);
        expect(members.map((m) => m.name)).toEqual(b.matrices.map((m) => `${m.matrixId}.${format}`));
        members.forEach((member, i) =>
          expect(member.content.toString('utf8')).toBe(renderer.renderMatrices([b.matrices[i]!], ctx)),
        );
        // MEME: each member has its own header, the .txt one at the top.
        const header = format === 'meme' ? txt.slice(0, txt.indexOf('MOTIF ')) : '';
        expect(header + members.map((m) => m.content.toString('utf8').slice(header.length)).join('')).toBe(txt);
      }
    }
  });

  it('non-redundant holds the highest version of each base id, a taxon file the matrices of that tax_group', () => {
    const core = release.matrices.filter((m) => m.collection === 'CORE');
    const ids = (name: string) =>
      [...text(files.get(`download/data/2016/CORE/${name}_jaspar.txt`)!.content).matchAll(/^>(\S+)/gm)].map(
        (m) => m[1],
      );
    expect(ids('JASPAR2016_CORE_redundant_pfms')).toEqual(core.map((m) => m.matrixId));
    expect(ids('JASPAR2016_CORE_non-redundant_pfms')).toEqual(latestVersions(core).map((m) => m.matrixId));
    expect(latestVersions(core).length).toBeLessThan(core.length);
    expect(ids('JASPAR2016_CORE_vertebrates_redundant_pfms')).toEqual(
      core.filter((m) => taxaOf(m).includes('vertebrates')).map((m) => m.matrixId),
    );
  });

  it('copies the files the release folder ships, byte for byte', () => {
    const sites = files.get('download/data/2016/sites/MA0101.2.sites');
    expect(Buffer.from(sites!.content as Uint8Array)).toEqual(
      readFileSync(join(PROJECT_ROOT, 'releases/sample/sites/MA0101.2.sites')),
    );
    expect(files.has('download/data/2016/bed/MA0113.1.bed')).toBe(true);
    // A folder of tables is no dump file, and its tables as SQLite are the build's (test/downloads-database.test.ts).
    expect([...files.keys()].filter((p) => p.startsWith('download/database/'))).toEqual([]);
  });

  it('gives the same bytes every time', () => {
    const again = [...downloadFiles(release, downloadPlaces([release])[0]!, BASE)];
    expect(again.map((f) => f.path)).toEqual([...files.keys()]);
    for (const f of again) expect(Buffer.from(f.content).equals(Buffer.from(files.get(f.path)!.content))).toBe(true);
  });

  it("are the build's steps, with one step between them for each record of each format (src/site/in-turns.ts)", () => {
    const steps = [...downloadSteps(release, downloadPlaces([release])[0]!, BASE)];
    const given = steps.filter((f) => f !== null);
    expect(given.map((f) => f.path)).toEqual([...files.keys()]);
    // Each matrix a bundle holds is one record of each format, made once however many bundles hold it.
    const held = new Set(bundles(release, release.info.name).flatMap((b) => b.matrices));
    expect(held.size).toBeGreaterThan(0);
    expect(steps.length - given.length).toBe(held.size * BUNDLE_FORMATS.length);
    // The records of a format come before its bundles: no bundle file between two of them.
    const firstFile = steps.findIndex((f) => f !== null);
    expect(steps.slice(0, firstFile).length).toBe(held.size);
  });

  it('places each release of a site in its year, or its name when the year is unknown or taken', () => {
    const r = (name: string, year: number | null) => ({ ...release, info: { name, year } });
    expect(downloadPlaces([r('JASPAR2024', 2024), r('JASPAR2018', 2018), r('custom', 2018), r('mine', null)])).toEqual([
      { folder: '2024', prefix: 'JASPAR2024' },
      { folder: '2018', prefix: 'JASPAR2018' },
      { folder: 'custom', prefix: 'custom' },
      { folder: 'mine', prefix: 'mine' },
    ]);
  });
});
