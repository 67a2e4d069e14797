import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UserError } from '../../errors.js';
import { ReadBudget } from '../limits.js';
import type { RawDump } from '../tables.js';
import { SqlDumpReader } from './reader.js';
import { bytesOf } from './test-support.js';

/** What reading `text` in chunks of `size` bytes gives: the dump, or the error's message and place. */
function read(text: string, size: number, plain: boolean, budget?: ReadBudget): RawDump | { error: string } {
  const reader = new SqlDumpReader('t.sql', 't', 1000, budget, plain);
  const bytes = bytesOf(text);
  try {
    for (let i = 0; i < bytes.length; i += size) reader.push(bytes.subarray(i, i + size));
    return reader.end();
  } catch (error) {
    if (!(error instanceof UserError)) throw error;
    return { error: `${error.message} @ ${JSON.stringify(error.place)}` };
  }
}

/** Values as dumps write them, plain ones and the near misses the tokens must read instead. */
const value = fc.oneof(
  fc.constantFrom('1', '-2', '0.0', '12.5', '1e-5', 'NULL', 'null', "'A'", "''", "'Kr\\xFC'", "'it''s'"),
  fc.constantFrom("'a\nb'", "'C:\\new'", "'x;y(z)'", '--1', '/*c*/1', "'MA0001'", "'a long value of thirteen+'"),
  fc.constantFrom("'Krüppel'", "'Δ-8'", "'a\tb'", '\t1', "'😀'"),
  fc.stringMatching(/^[0-9a-z.+-]{1,6}$/),
  fc.string({ maxLength: 5 }).map((s) => `'${s.replace(/'/g, "''")}'`),
);
const rowOf = (min: number, max: number) =>
  fc.array(value, { minLength: min, maxLength: max }).map((values) => `(${values.join(',')})`);
// Rows as wide as TAX (2) and MATRIX (5) are, so that many statements are read, not the first refused.
const row = fc.oneof(rowOf(2, 2), rowOf(5, 5), rowOf(0, 6));
const spaced = row.map((r) => r.replace(/,/g, ', ')); // not plain: read in tokens
const table = fc.constantFrom('MATRIX', 'TAX', 'matrix', 'other_table', '"TAX"', '`TAX`', 'main.TAX', 'TAX2');
const statement = fc.oneof(
  fc.tuple(table, row).map(([t, r]) => `INSERT INTO ${t} VALUES${r};`),
  fc.tuple(table, row).map(([t, r]) => `INSERT INTO ${t} VALUES ${r};`),
  fc
    .tuple(table, fc.array(fc.oneof(row, spaced), { minLength: 1, maxLength: 4 }))
    .map(([t, rows]) => `INSERT INTO ${t} VALUES ${rows.join(',')};`),
  fc.tuple(table, row).map(([t, r]) => `insert into ${t} values${r};`),
  fc.tuple(table, row).map(([t, r]) => `INSERT INTO ${t} (TAX_ID, SPECIES) VALUES${r};`),
  fc.tuple(table, row).map(([t, r]) => `INSERT INTO ${t} VALUES${r} ON CONFLICT DO NOTHING;`),
  fc.constantFrom(
    'CREATE TABLE TAX (TAX_ID int, SPECIES text);',
    'CREATE TABLE MATRIX (ID int, COLLECTION text, BASE_ID text, VERSION int, NAME text);',
    'PRAGMA foreign_keys=OFF;',
    '/*!40101 SET NAMES utf8 */;',
    '-- a comment',
    'BEGIN TRANSACTION;',
    'INSERT INTO TAX VALUES(1,',
    "INSERT INTO TAX VALUES('9606','Homo sapiens')",
  ),
);
const dump = fc
  .tuple(fc.array(statement, { maxLength: 8 }), fc.constantFrom('\n', '\r\n', '\n\n', ' '))
  .map(([lines, end]) => lines.join(end));

describe('plain statements and rows (simple-rows.ts)', () => {
  it('read without tokens give what their tokens give: rows, lines, dialect, tables passed, errors', () => {
    fc.assert(
      fc.property(dump, fc.constantFrom(1, 3, 17, 64, 10_000), (text, size) => {
        expect(read(text, size, true)).toEqual(read(text, size, false));
      }),
      { numRuns: 2000 },
    );
  });

  it('stop at the same row when the kept rows outgrow the budget', () => {
    const text = Array.from({ length: 50 }, (_, i) => `INSERT INTO TAX VALUES('${i}','species ${i}');`).join('\n');
    const budget = () => new ReadBudget({ maxMiB: 0.001 });
    const plain = read(text, 10_000, true, budget());
    expect(plain).toEqual(read(text, 10_000, false, budget()));
    expect(plain).toHaveProperty('error');
  });

  it('are read plainly: a SQLite dump and a mysqldump row each make no token', () => {
    let tokens = 0;
    const reader = new SqlDumpReader('t.sql', 't');
    const tokenizer = (reader as unknown as { tokenizer: { emit: (t: unknown) => void } }).tokenizer;
    const emit = tokenizer.emit;
    tokenizer.emit = (t) => {
      tokens++;
      emit(t);
    };
    reader.push(bytesOf("INSERT INTO TAX VALUES('9606','Homo sapiens');\nINSERT INTO TAX VALUES('10090','Mus');\n"));
    expect(tokens).toBe(0);
    reader.push(bytesOf("INSERT INTO `TAX` VALUES ('1','a'),('2','b');\n"));
    // INSERT INTO `TAX` VALUES , ; in tokens; the two rows without.
    expect(tokens).toBe(6);
    expect(reader.end().tables.TAX?.rows.map((r) => r.cells)).toEqual([
      ['9606', 'Homo sapiens'],
      ['10090', 'Mus'],
      ['1', 'a'],
      ['2', 'b'],
    ]);
  });
});
