import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { UserError } from '../../errors.js';
import { readSqlChunks, readSqlDump } from './read-sql.js';
import { firstInvalidUtf8 } from './utf8.js';
import { readText, rejection } from './test-support.js';

const MATRIX = 'CREATE TABLE MATRIX (ID int, COLLECTION text, BASE_ID text, VERSION int, NAME text);\n';
const MYSQL_HEAD = '/*!40101 SET NAMES utf8 */;\n';

const dir = mkdtempSync(join(tmpdir(), 'sql-errors-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('SQL dump errors name file, table, line and text', () => {
  it.each([1, Infinity])('a statement cut off at end of file (chunks of %s bytes)', async (size) => {
    expect(await rejection(readText(`${MATRIX}INSERT INTO MATRIX VALUES(1,'CORE',\n'MA0001'`, size))).toEqual({
      message: 'statement cut off at end of file (no closing ;)',
      place: { file: 'test.sql', table: 'MATRIX', line: 2, text: "INSERT INTO MATRIX VALUES (1,'CORE','MA0001'…" },
    });
  });

  it('a skipped statement cut off at end of file', async () => {
    expect(await rejection(readText('PRAGMA foreign_keys=OFF;\nCOMMIT'))).toEqual({
      message: 'statement cut off at end of file (no closing ;)',
      place: { file: 'test.sql', line: 2, text: 'COMMIT…' },
    });
  });

  it('an unterminated string', async () => {
    expect(await rejection(readText(`${MATRIX}INSERT INTO MATRIX VALUES(1,'CORE','MA0001',1,'AGL3);\n`))).toEqual({
      message: "unterminated string (no closing ' before end of file)",
      place: { file: 'test.sql', table: 'MATRIX', line: 2, text: "'AGL3);\n" },
    });
  });

  it('a row with the wrong number of values (declared columns)', async () => {
    const text = `${MATRIX}INSERT INTO MATRIX VALUES(1,'CORE','MA0001',1,'A'),\n(2,'CORE','MA0002',1);`;
    expect(await rejection(readText(text))).toEqual({
      message: 'row has 4 values, MATRIX has 5 columns (CREATE TABLE on line 1)',
      place: { file: 'test.sql', table: 'MATRIX', line: 3, text: "(2,'CORE','MA0002',1)" },
    });
  });

  it('a row with the wrong number of values (no CREATE TABLE: contract order assumed)', async () => {
    expect(await rejection(readText("\n\nINSERT INTO tax VALUES('9606');"))).toEqual({
      message: 'row has 1 value, TAX has 2 columns (no CREATE TABLE, so assumed TAX_ID, SPECIES)',
      place: { file: 'test.sql', table: 'TAX', line: 3, text: "('9606')" },
    });
  });

  it('a row with the wrong number of values (explicit column list)', async () => {
    expect(await rejection(readText('INSERT INTO "TAX" ("SPECIES","TAX_ID") VALUES (\'a\',\'1\',\'x\');'))).toEqual({
      message: 'row has 3 values, TAX has 2 columns (its column list)',
      place: { file: 'test.sql', table: 'TAX', line: 1, text: "('a','1','x')" },
    });
  });

  it('a bad escape in the MySQL dialect', async () => {
    const text = `${MYSQL_HEAD}${MATRIX}INSERT INTO \`MATRIX\` VALUES (1,'CORE','MA0001',1,'x\\qy');`;
    expect(await rejection(readText(text))).toEqual({
      message: 'bad escape \\q in a string',
      place: { file: 'test.sql', table: 'MATRIX', line: 3, text: 'x\\q' },
    });
  });

  it('a CREATE TABLE without a needed column', async () => {
    const text = '-- x\ncreate table matrix (ID int, COLLECTION text, BASE_ID text, NAME text, PRIMARY KEY (ID));';
    expect(await rejection(readText(text))).toEqual({
      message: 'CREATE TABLE matrix lacks column VERSION, which the API needs',
      place: {
        file: 'test.sql',
        table: 'MATRIX',
        line: 2,
        text: 'CREATE TABLE matrix (ID, COLLECTION, BASE_ID, NAME)',
      },
    });
  });

  it('an INSERT column list without a needed column', async () => {
    expect(await rejection(readText("INSERT INTO TAX (TAX_ID) VALUES ('1');"))).toEqual({
      message: 'INSERT INTO TAX lists no column SPECIES, which the API needs',
      place: { file: 'test.sql', table: 'TAX', line: 1, text: 'INSERT INTO TAX (TAX_ID) VALUES' },
    });
  });

  it('an INSERT … SELECT into a needed table, and a malformed row', async () => {
    expect(await rejection(readText('INSERT INTO TAX SELECT * FROM x;'))).toEqual({
      message: 'expected VALUES in INSERT INTO TAX (only INSERT … VALUES is supported)',
      place: { file: 'test.sql', table: 'TAX', line: 1, text: 'INSERT INTO TAX SELECT' },
    });
    expect(await rejection(readText("INSERT INTO TAX VALUES ('1' 'a');"))).toEqual({
      message: 'expected , or ) after a value in a row of TAX',
      place: { file: 'test.sql', table: 'TAX', line: 1, text: "('1','a'" },
    });
    expect(await rejection(readText("INSERT INTO TAX VALUES ('1',);"))).toEqual({
      message: 'expected a value in a row of TAX',
      place: { file: 'test.sql', table: 'TAX', line: 1, text: "('1',)" },
    });
  });

  it('an unterminated string in a skipped table names that table', async () => {
    expect(await rejection(readText("INSERT INTO django_session VALUES('k',\n'oops);"))).toEqual({
      message: "unterminated string (no closing ' before end of file)",
      place: { file: 'test.sql', table: 'django_session', line: 2, text: "'oops);" },
    });
  });

  it('bytes that are not UTF-8, with their line', async () => {
    const bytes = Buffer.concat([
      Buffer.from("PRAGMA x;\nINSERT INTO TAX VALUES('1',\n'Kr"),
      Buffer.from([0xfc]),
      Buffer.from("ppel');\n"),
    ]);
    expect(await rejection(readSqlChunks([bytes], 'x.sql'))).toEqual({
      message: 'text is not valid UTF-8 (bytes \\xFC)',
      place: { file: 'x.sql', table: 'TAX', line: 3, text: "'Kr\\xFC" },
    });
    const oneByte = await rejection(
      readSqlChunks(
        Array.from(bytes, (b) => Uint8Array.of(b)),
        'x.sql',
      ),
    );
    expect(oneByte).toEqual({
      message: 'text is not valid UTF-8 (bytes \\xFC)',
      place: { file: 'x.sql', table: 'TAX', line: 3, text: '\\xFC' },
    });
    const cut = await rejection(
      readSqlChunks([Buffer.from("INSERT INTO TAX VALUES('1','\xe2\x82", 'latin1')], 'x.sql'),
    );
    expect(cut).toEqual({
      message: 'text is not valid UTF-8 (file ends inside a multi-byte character)',
      place: { file: 'x.sql', table: 'TAX', line: 1 },
    });
  });

  it('finds the first invalid UTF-8 sequence', () => {
    const at = (...b: number[]): number => firstInvalidUtf8(Uint8Array.from(b));
    expect(at(0x41, 0xc3, 0xbc, 0x42)).toBe(-1);
    expect(at(0xbc, 0x41, 0xff)).toBe(2); // a leading continuation byte may finish the previous chunk
    expect(at(0x41, 0xc0, 0x80)).toBe(1); // overlong
    expect(at(0xed, 0xa0, 0x80)).toBe(0); // surrogate
    expect(at(0x41, 0xe2, 0x82)).toBe(-1); // cut off by the chunk's end: not an error yet
  });

  it('a truncated gzip file', async () => {
    const path = join(dir, 'JASPAR2099.sql.gz');
    const rows = Array.from({ length: 3000 }, (_, i) => `INSERT INTO TAX VALUES('${i}','species ${i * 7919}');\n`).join(
      '',
    );
    const gz = gzipSync(`PRAGMA foreign_keys=OFF;\n${rows}`);
    writeFileSync(path, gz.subarray(0, gz.length - 200));
    const e = await rejection(readSqlDump(path));
    expect(e.message).toBe('gzip data is truncated (unexpected end of file)');
    expect(e.place.file).toBe(path);
    expect(e.place.line).toBeGreaterThan(1000);
  });

  it('a corrupt gzip file and a missing file', async () => {
    const path = join(dir, 'bad.sql.gz');
    writeFileSync(path, Buffer.from([0x1f, 0x8b, 0x08, 0x00, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]));
    expect((await rejection(readSqlDump(path))).message).toMatch(/^gzip data is corrupt \(/);
    const missing = await rejection(readSqlDump(join(dir, 'none.sql')));
    expect(missing.message).toMatch(/^cannot read SQL dump \(ENOENT/);
    expect(missing.place).toEqual({ file: join(dir, 'none.sql') });
  });

  it('formats as one CLI line', async () => {
    try {
      await readText(`${MATRIX}INSERT INTO MATRIX VALUES(1);`, Infinity, 'JASPAR.sql');
    } catch (error) {
      if (!(error instanceof UserError)) throw error;
      expect(error.format()).toBe(
        'JASPAR.sql:2: [MATRIX] row has 1 value, MATRIX has 5 columns (CREATE TABLE on line 1): "(1)"',
      );
    }
    expect.assertions(1);
  });
});
