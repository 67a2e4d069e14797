import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { readSqlChunks } from './read-sql.js';

/** A full garbage collection (exposed at run time, so no node flag is needed). */
function collectGarbage(): () => void {
  setFlagsFromString('--expose-gc');
  const gc: unknown = runInNewContext('gc');
  if (typeof gc !== 'function') throw new Error('gc is not available');
  return () => gc();
}

const MIB = 2 ** 20;
const encode = (text: string): Uint8Array => new TextEncoder().encode(text);

describe('streaming', () => {
  it('keeps memory flat however much of the dump is skipped, and keeps no chunk alive', async () => {
    const gc = collectGarbage();
    const heap = (): number => {
      gc();
      return process.memoryUsage().heapUsed;
    };
    // ~60 KiB tuple of a skipped table whose string holds ; ( ) '' and newlines.
    const filler = `'${"x;y(z)''\n".repeat(6000)}'`;
    const tuple = encode(`('k',${filler}),\n`);
    const blocks = 400; // ~24 MiB per phase
    const marks: number[] = [];

    async function* dump(): AsyncGenerator<Uint8Array> {
      yield encode('PRAGMA foreign_keys=OFF;\nCREATE TABLE MATRIX_ANNOTATION (ID int, TAG text, VAL text);\n');
      // Phase 1: one giant multi-row INSERT into a skipped table.
      yield encode('INSERT INTO django_session VALUES ');
      for (let i = 0; i < blocks; i++) {
        if (i === 20) marks.push(heap());
        yield tuple;
      }
      yield encode("('last','x');\n");
      marks.push(heap());
      // Phase 2: skipped statements with one kept row (long value) each; its cells must not
      // keep the ~64 KiB text chunk they were cut from alive.
      const skipped = `INSERT INTO django_session VALUES ('k',${filler});\n`;
      for (let i = 0; i < blocks; i++) {
        const kept = `INSERT INTO MATRIX_ANNOTATION VALUES(${i},'comment','a comment long enough to be a sliced string');\n`;
        yield encode(skipped + kept);
      }
      marks.push(heap());
    }

    const result = await readSqlChunks(dump(), 'big.sql');
    expect(result.tables.MATRIX_ANNOTATION?.rows.length).toBe(blocks);
    const [start = 0, afterGiant = 0, end = 0] = marks;
    console.log(
      `heap: ${(start / MIB).toFixed(1)} → ${(afterGiant / MIB).toFixed(1)} → ${(end / MIB).toFixed(1)} MiB over ~${((2 * blocks * tuple.length) / MIB).toFixed(0)} MiB of input`,
    );
    expect(afterGiant - start).toBeLessThan(4 * MIB);
    expect(end - afterGiant).toBeLessThan(4 * MIB); // 400 chunks kept alive would be ~24 MiB
  });
});
