import { join } from 'node:path';
import { expect, it } from 'vitest';
import { describeWith, sharedPath } from '../../../test/support/requirements.js';
import { readSqlDump } from './read-sql.js';

const release = sharedPath('releases', 'JASPAR2018');

describeWith('JASPAR2018.sql.gz (a real SQLite-dialect dump)', [release], () => {
  it('reads every table, consistently, and reports time and peak memory', async () => {
    const path = join(release.path, 'JASPAR2018.sql.gz');
    const rssBefore = process.memoryUsage.rss();
    let peak = rssBefore;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 5);
    const started = performance.now();
    const dump = await readSqlDump(path);
    const ms = performance.now() - started;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage.rss());
    const mb = (bytes: number): string => (bytes / 2 ** 20).toFixed(0);
    console.log(`JASPAR2018.sql.gz: ${ms.toFixed(0)} ms, RSS ${mb(rssBefore)} MiB before, peak ${mb(peak)} MiB`);

    expect(dump.shape).toBe('SQL dump (SQLite dialect)');
    expect(dump.name).toBe('JASPAR2018');
    const count = (t: keyof typeof dump.tables): number | undefined => dump.tables[t]?.rows.length;
    expect(count('MATRIX')).toBe(2404);
    expect(count('TFFM')).toBe(446);
    expect(count('MATRIX_DATA')).toBe(122596);
    // Corrected from JASPAR's own 2018 files: CORE matrices carry their tax_group (issue 33).
    expect(count('MATRIX_ANNOTATION')).toBe(6828);
    expect(count('MATRIX_PROTEIN')).toBe(408);
    expect(count('MATRIX_SPECIES')).toBe(638);
    expect(count('TAX')).toBe(4);

    const matrix = dump.tables.MATRIX?.rows ?? [];
    expect(matrix[0]).toEqual({ cells: ['9686', 'CNE', 'CN0001', '1', 'LM1'], line: 10 });
    const ids = new Set(matrix.map((r) => r.cells[0]));
    expect(ids.size).toBe(2404);
    const data = dump.tables.MATRIX_DATA?.rows ?? [];
    expect(data.filter((r) => !ids.has(r.cells[0]))).toEqual([]);
    expect(new Set(data.map((r) => r.cells[1]))).toEqual(new Set(['A', 'C', 'G', 'T']));
    expect(data.every((r) => /^\d+$/.test(r.cells[2] ?? '') && Number.isFinite(Number(r.cells[3])))).toBe(true);
    const lines = data.map((r) => r.line);
    expect(lines.every((line, i) => i === 0 || line === (lines[i - 1] ?? 0) + 1)).toBe(true); // one statement a line

    const tffm = dump.tables.TFFM?.rows ?? [];
    expect(tffm[0]).toEqual({
      cells: [
        '1',
        'TFFM0091',
        '1',
        'MA0002',
        '2',
        'RUNX1',
        '-1042.130000000000109',
        '-1004.1299999999999954',
        'Runx1_GSE22178_jl_AM_mm9_processed',
      ],
      line: 132924,
    });
    const nullLogP = tffm.filter((r) => r.cells[6] === null && r.cells[7] === null);
    expect(nullLogP.map((r) => [r.line, r.cells[1]])).toEqual([
      [133054, 'TFFM0158'],
      [133055, 'TFFM0159'],
      [133056, 'TFFM0160'],
    ]);
    expect(tffm.filter((r) => r.cells.some((c, i) => c === null && i !== 6 && i !== 7))).toEqual([]);
  });
});
