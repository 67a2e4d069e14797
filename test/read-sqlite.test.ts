import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sqlite from 'node-sqlite3-wasm';
import { afterAll, describe, expect, it } from 'vitest';
import { UserError } from '../src/errors.js';
import { buildRelease } from '../src/model/build-release.js';
import { readDump } from '../src/dump/read-dump.js';
import { readText, rowsOf } from '../src/dump/sql/test-support.js';
import { readSqliteDump } from '../src/dump/sqlite/read-sqlite.js';

const dir = mkdtempSync(join(tmpdir(), 'jaspar-static-sqlite-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A database at `name` made by running `sql`. */
function database(name: string, sql: string): string {
  const path = join(dir, name);
  rmSync(path, { force: true });
  const db = new sqlite.Database(path);
  try {
    db.exec(sql);
  } finally {
    db.close();
  }
  return path;
}

async function failure(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof UserError) return error.format().replace(dir, '<dir>');
    throw error;
  }
  throw new Error('expected a UserError');
}

const MATRIX = `CREATE TABLE matrix (id integer PRIMARY KEY, collection text, base_id text, version integer, name text, extra text);
INSERT INTO matrix VALUES (9229, 'CORE', 'MA0001', 1, 'AGL3', 'x'), (9230, 'CORE', 'MA0002', 2, 'Krüppel', NULL);`;
const TFFM_SQL = `CREATE TABLE TFFM (ID integer, BASE_ID text, VERSION integer, MATRIX_BASE_ID text, MATRIX_VERSION integer, NAME text,
  LOG_P_1ST_ORDER float, LOG_P_DETAILED float, EXPERIMENT_NAME text);`;

describe('SQLite database reader', () => {
  it('matches tables and columns in any case, ignores extras, reads text as SQLite prints it', async () => {
    const path = database(
      'JASPAR2024.sqlite',
      `${MATRIX}
      CREATE TABLE Matrix_Data (ID integer, "ROW" text, Col integer, VAL real);
      INSERT INTO Matrix_Data VALUES (9229, 'A', 1, 4), (9229, 'C', 1, 61.75), (9229, 'G', 1, '0.000'), (9229, 'T', 1, NULL);
      CREATE TABLE django_session (key text);
      ${TFFM_SQL} INSERT INTO TFFM VALUES (1, 'TFFM0091', 1, 'MA0001', 1, 'RUNX1', -1042.13, -1004.13, 'None');`,
    );
    const dump = await readSqliteDump(path);
    expect(dump.shape).toBe('SQLite database');
    expect(dump.name).toBe('JASPAR2024');
    expect(Object.keys(dump.tables)).toEqual(['MATRIX', 'MATRIX_DATA', 'TFFM']);
    expect(rowsOf(dump, 'MATRIX')).toEqual([
      [9229, '9229', 'CORE', 'MA0001', '1', 'AGL3'],
      [9230, '9230', 'CORE', 'MA0002', '2', 'Krüppel'],
    ]);
    expect(rowsOf(dump, 'MATRIX_DATA').map((r) => r[4])).toEqual(['4.0', '61.75', '0.0', null]);
    expect(rowsOf(dump, 'TFFM')[0]?.slice(7)).toEqual(['-1042.13', '-1004.13', 'None']);
  });

  it('a REAL -1042.13 gives the same model as the SQL dump text -1042.130000000000109', async () => {
    const rows = `(9229,'CORE','MA0001',1,'AGL3');
      INSERT INTO MATRIX_DATA VALUES (9229,'A',1,897.0),(9229,'C',1,0.1),(9229,'G',1,3.0000000000000004),(9229,'T',1,12.000);
      INSERT INTO TFFM VALUES (1,'TFFM0091',1,'MA0001',1,'RUNX1',-1042.130000000000109,-1004.1299999999999954,'x');`;
    const tables = `CREATE TABLE MATRIX (ID integer, COLLECTION text, BASE_ID text, VERSION integer, NAME text);
      CREATE TABLE MATRIX_DATA (ID integer, row text, col integer, val float); ${TFFM_SQL}`;
    const fromDb = await readSqliteDump(database('real.sqlite', `${tables} INSERT INTO MATRIX VALUES ${rows}`));
    const fromSql = await readText(
      `PRAGMA foreign_keys=OFF;\n${tables}\nINSERT INTO MATRIX VALUES${rows}\n`,
      Infinity,
      'real.sql',
    );
    expect(rowsOf(fromDb, 'TFFM')[0]?.slice(7, 9)).toEqual(['-1042.13', '-1004.13']);
    expect(rowsOf(fromSql, 'TFFM')[0]?.slice(7, 9)).toEqual(['-1042.130000000000109', '-1004.1299999999999954']);
    const a = buildRelease({ ...fromDb, name: 'x' }).release;
    const b = buildRelease({ ...fromSql, name: 'x' }).release;
    expect(a.tffms[0]?.logP1stOrder).toBe(-1042.13);
    expect(a).toEqual(b);
  });

  it('numbers the rows of a WITHOUT ROWID table by position', async () => {
    const path = database(
      'norowid.sqlite',
      `CREATE TABLE TAX (TAX_ID text PRIMARY KEY, SPECIES text) WITHOUT ROWID;
      INSERT INTO TAX VALUES ('9606', 'Homo sapiens'), ('10090', NULL);`,
    );
    expect(rowsOf(await readSqliteDump(path), 'TAX')).toEqual([
      [1, '10090', null],
      [2, '9606', 'Homo sapiens'],
    ]);
  });

  it('is detected by its header, whatever the file is called', async () => {
    const path = join(dir, 'release.sql');
    copyFileSync(database('detect.sqlite', MATRIX), path);
    expect((await readDump(path)).shape).toBe('SQLite database');
  });

  it('names file, table and rowid in errors', async () => {
    expect(
      await failure(readSqliteDump(database('missing.sqlite', 'CREATE TABLE MATRIX (ID integer, BASE_ID text);'))),
    ).toBe(
      '<dir>/missing.sqlite: [MATRIX] table lacks column COLLECTION, VERSION, NAME, which the API needs: "MATRIX (ID, BASE_ID)"',
    );
    const blob = database('blob.sqlite', `${MATRIX} UPDATE matrix SET name = x'00ff' WHERE id = 9230;`);
    expect(await failure(readSqliteDump(blob))).toBe(
      '<dir>/blob.sqlite:9230: [MATRIX] a cell holds a BLOB; expected text or a number',
    );
    const utf8 = database(
      'utf8.sqlite',
      `${MATRIX} UPDATE matrix SET name = CAST(x'4b72fc7070656c' AS TEXT) WHERE id = 9230;`,
    );
    expect(await failure(readSqliteDump(utf8))).toBe(
      '<dir>/utf8.sqlite:9230: [MATRIX] text is not valid UTF-8 (column name): "4b72fc7070656c"',
    );
  });

  it('reports files that are not, or no longer, SQLite databases', async () => {
    const text = join(dir, 'text.sqlite');
    writeFileSync(text, 'hello\n');
    expect(await failure(readSqliteDump(text))).toBe(
      '<dir>/text.sqlite: not a SQLite database (the file does not start with "SQLite format 3\\0")',
    );
    const big = database(
      'big.sqlite',
      `${MATRIX} CREATE TABLE MATRIX_ANNOTATION (ID integer, TAG text, VAL text);
      WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 5000)
      INSERT INTO MATRIX_ANNOTATION SELECT 9229, 'comment', printf('%0200d', i) FROM n;`,
    );
    const cut = join(dir, 'cut.sqlite');
    const bytes = readFileSync(big);
    writeFileSync(cut, bytes.subarray(0, bytes.length / 2));
    expect(await failure(readSqliteDump(cut))).toMatch(
      /^<dir>\/cut\.sqlite(:\d+)?: (\[MATRIX\w*\] )?cannot read SQLite database \(database disk image is malformed\)$/,
    );
  });
});
