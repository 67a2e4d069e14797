import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, cpSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { main } from '../src/cli/main.js';
import { readExtras } from '../src/dump/extras/read-extras.js';
import { readFlatDump } from '../src/dump/flat/read-flat.js';
import { inspectDump } from '../src/inspect/inspect.js';
import { renderReport } from '../src/inspect/render.js';
import { BASE, sharedSite } from './support/site.js';

const SAMPLE = join(import.meta.dirname, '../releases/sample');
const dir = mkdtempSync(join(tmpdir(), 'jaspar-static-inspect-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The sample with several problems at once. */
function brokenSample(): string {
  const d = join(dir, 'broken');
  cpSync(SAMPLE, d, { recursive: true });
  const edit = (file: string, fn: (lines: string[]) => string[]) => {
    const lines = readFileSync(join(d, file), 'utf8').split('\n');
    writeFileSync(join(d, file), fn(lines).join('\n'));
  };
  edit('MATRIX_DATA.txt', (lines) => {
    lines[2] = '101\tN\t3\t0.000'; // unknown row letter (and so a gap in row A)
    lines[3] = '101\tA\t4\t1,5'; // non-numeric value
    return [...lines.filter((l) => !l.startsWith('102\t')), '998\tA\t1\t1'];
  });
  edit('MATRIX.txt', (lines) => [...lines.slice(0, -1), '146\tCORE\tMA0103\t1\tagain', '147\tCORE\t../x\t1\tbad', '']);
  edit('TFFM.txt', (lines) => [...lines.slice(0, -1), '24\tTFFM0099\t1\tMA0404\t1\tx\t-1\t-1\ty', '']);
  return d;
}

describe('inspect', () => {
  it('counts tables, collections, lists and pages of the sample, with its one warning', async () => {
    const report = inspectDump(await readFlatDump(SAMPLE));
    expect(report.shape).toBe('flat-file tables');
    expect(report.tables.map((t) => [t.table, t.found?.rows])).toEqual([
      ['MATRIX', 34],
      ['MATRIX_DATA', 1688],
      ['MATRIX_ANNOTATION', 273],
      ['MATRIX_PROTEIN', 26],
      ['MATRIX_SPECIES', 35],
      ['TAX', 9],
      ['TFFM', 23],
      ['RELEASE', undefined],
    ]);
    expect(report.collections).toEqual([
      { name: 'CNE', matrices: 7 },
      { name: 'CORE', matrices: 16 },
      { name: 'PBM', matrices: 7 },
      { name: 'POLII', matrices: 4 },
    ]);
    expect(report.lists.slice(0, 3)).toEqual([
      { list: 'matrix', items: 34, pages: 4 },
      { list: 'tffm', items: 23, pages: 3 },
      { list: 'collections/CNE', items: 7, pages: 1 },
    ]);
    expect(report.fatal).toEqual([]);
    expect(report.warnings.map((w) => w.message)).toEqual([
      'TFFM TFFM0007.1 points at matrix MA0999.1, which is not in the release',
    ]);
  });

  it('reports every problem, not only the first', async () => {
    const d = brokenSample();
    const report = inspectDump(await readFlatDump(d));
    expect(report.fatal.map((f) => f.formatted.replace(d, '<d>'))).toEqual([
      '<d>/MATRIX_DATA.txt:4: value "1,5" is not a number',
      '<d>/MATRIX_DATA.txt:3: matrix MA0103.1: unknown row letter "N" (expected A, C, G or T)',
      '<d>/MATRIX_DATA.txt:1: matrix MA0103.1: row A has no value for columns 3, 4 (columns must be 1..9)',
      '<d>/MATRIX.txt:35: duplicate matrix MA0103.1 (first on line 1)',
      '<d>/MATRIX.txt:36: BASE_ID "../x" cannot be published: ids must use only A-Z a-z 0-9 . _ -',
    ]);
    expect(report.warnings.map((w) => `${w.place.line}: ${w.message}`)).toEqual([
      '2: matrix MA0101.1 (ID 102) has no MATRIX_DATA rows; it is published with an empty PFM',
      '1666: MATRIX_DATA rows for ID 998, which is not in MATRIX, are ignored',
      '20: TFFM TFFM0007.1 points at matrix MA0999.1, which is not in the release',
      '24: TFFM TFFM0099.1 points at matrix MA0404.1, which is not in the release',
    ]);
    const text = renderReport('broken', report);
    expect(text[0]).toBe('broken: flat-file tables, release broken');
    expect(text).toContain('problems: 5 fatal (a build stops at the first), 4 warning(s)');
  });

  it('reports the download area a build writes: files and bytes in all and per folder, as the built site has them', async () => {
    const report = inspectDump(await readFlatDump(SAMPLE), { extras: readExtras(SAMPLE), baseUrl: BASE });
    // The sample built at BASE: every file of its download/ but the Downloads page, counted by folder.
    const site = await sharedSite(SAMPLE);
    const root = join(site.dir, 'download');
    const built = new Map<string, { files: number; bytes: number }>();
    for (const e of readdirSync(root, { recursive: true, withFileTypes: true })) {
      if (!e.isFile() || e.name === 'index.html') continue;
      const path = relative(root, join(e.parentPath, e.name)).split('/');
      const name = path[0] === 'database' ? 'database' : path[2]!;
      const count = built.get(name) ?? { files: 0, bytes: 0 };
      built.set(name, { files: count.files + 1, bytes: count.bytes + statSync(join(e.parentPath, e.name)).size });
    }
    const d = report.downloads!;
    expect(d.folder).toBe('sample');
    expect(new Map(d.folders.map((f) => [f.name, { files: f.files, bytes: f.bytes }]))).toEqual(built);
    expect([...built.keys()].sort()).toEqual(['CORE', 'bed', 'collections', 'database', 'sites']);
    expect(d.files).toBe(d.folders.reduce((n, f) => n + f.files, 0));
    const text = renderReport('sample', report);
    expect(text).toContain(
      `download area (/download/data/sample/ and /download/database/): ${d.files} files, ${d.bytes.toLocaleString('en-US')} bytes`,
    );
    // A dump no build would finish: no download area to report.
    const broken = inspectDump(await readFlatDump(brokenSample()));
    expect(broken.downloads).toBeNull();
    expect(renderReport('broken', broken)).toContain('download area: not computed (the dump has fatal problems)');
  });

  it('jaspar-static inspect prints the report and fails when a build would', async () => {
    const out = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const err = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      expect(await main(['node', 'jaspar-static', 'inspect', SAMPLE])).toBe(0);
      expect(String(out.mock.calls[0]?.[0])).toContain('matrices: 34, TFFMs: 23, collections: 4');
      // The files beside the tables are read: the binding sites are in the download area.
      expect(String(out.mock.calls[0]?.[0])).toMatch(/\n {2}sites +1 files +[\d,]+ bytes\n/);
      const d = brokenSample();
      expect(await main(['node', 'jaspar-static', 'inspect', d])).toBe(1);
      expect(err.mock.calls.map((c) => String(c[0])).join('')).toBe(
        `jaspar-static: error: ${d}: 5 fatal problems found; a build of this dump would fail\n`,
      );
    } finally {
      out.mockRestore();
      err.mockRestore();
    }
  });
});
