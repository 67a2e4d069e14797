import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { exportAllShapes } from './export/shapes.js';
import { readFlatDump } from './flat/read-flat.js';
import type { Amount } from './progress.js';
import { readDump } from './read-dump.js';

const SAMPLE = join(import.meta.dirname, '../../releases/sample');

/** The sample as the flat reader reads it, exported into every shape below. */
const sample = await readFlatDump(SAMPLE);

describe('reading progress in every dump shape', () => {
  const root = mkdtempSync(join(tmpdir(), 'jaspar-static-read-progress-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const shapes = exportAllShapes(sample, root, 'JASPAR2020');

  for (const shape of shapes) {
    it(`${shape.label}: bytes only grow and end at the dump's size, every file counted`, async () => {
      const seen: { done: Amount; total: Amount }[] = [];
      await readDump(shape.path, (done, total) => seen.push({ done, total }));
      const last = seen.at(-1);
      expect(last).toBeDefined();
      expect(last?.done).toEqual(last?.total);
      const isFolder = statSync(shape.path).isDirectory();
      if (!isFolder) expect(last?.total).toEqual({ files: 1, bytes: statSync(shape.path).size });
      else expect(last?.total.files).toBe(7);
      expect(
        seen.every((s, i) => s.done.bytes >= (seen[i - 1]?.done.bytes ?? 0) && s.done.bytes <= s.total.bytes),
      ).toBe(true);
    });
  }

  it('a SQL dump reports chunk by chunk, not only at the end', async () => {
    const sql = shapes.find((s) => s.label === 'sqlite-sql');
    if (!sql) throw new Error('no sqlite-sql export');
    // Padded with rows of a table the reader skips, so the file spans several read chunks.
    const padded = join(root, 'padded.sql');
    const padding = Array.from(
      { length: 4000 },
      (_, i) => `INSERT INTO django_migrations VALUES(${i + 2},'${'x'.repeat(60)}');`,
    ).join('\n');
    writeFileSync(padded, readFileSync(sql.path, 'utf8').replace(/COMMIT;\n$/, `${padding}\nCOMMIT;\n`));
    const size = statSync(padded).size;
    expect(size).toBeGreaterThan(4 * 65536);
    const seen: number[] = [];
    await readDump(padded, (done) => seen.push(done.bytes));
    // The read stream delivers 64 KiB chunks: one report per chunk, then one at the end.
    expect(seen.length).toBeGreaterThanOrEqual(Math.ceil(size / 65536));
    expect(seen.at(-1)).toBe(size);
  });
});
