import { describe, expect, it } from 'vitest';
import { bytesOf, readText, rowsOf } from './test-support.js';
import { readSqlChunks } from './read-sql.js';

/** A small SQLite-dialect dump with every construct the reader must handle (line numbers matter). */
const SQLITE_DUMP = `PRAGMA foreign_keys=OFF;
BEGIN TRANSACTION;
CREATE TABLE \`MATRIX\` (
  \`ID\` integer NOT NULL PRIMARY KEY AUTOINCREMENT
,  \`COLLECTION\` varchar(16) DEFAULT ''
,  \`BASE_ID\` varchar(16) NOT NULL DEFAULT ''
,  \`VERSION\` integer NOT NULL DEFAULT '1'
,  \`NAME\` varchar(255) NOT NULL DEFAULT ''
);
INSERT INTO MATRIX VALUES(9229,'CORE','MA0001',1,'AGL3');
INSERT INTO MATRIX VALUES(9230,'CORE','MA0002',1,'it''s; (a) "test"
on two lines');
INSERT INTO matrix VALUES(9231,'','MA0003',2,'Krüppel');
CREATE TABLE "matrix_annotation" ("id" integer NOT NULL, "tag" varchar(255), "val" varchar(255), "LOCAL_ID" integer,
  CONSTRAINT "pk" PRIMARY KEY ("LOCAL_ID"));
INSERT INTO "matrix_annotation" ("LOCAL_ID","id","tag","val") VALUES (1,9229,'family','MADS'),
(2,9229,'comment',NULL);
CREATE TABLE MATRIX_DATA (ID integer, row varchar(1), col integer, val float, PRIMARY KEY (ID,row,col));
INSERT INTO MATRIX_DATA VALUES(9229,'A',1,-1042.130000000000109);
INSERT INTO MATRIX_DATA VALUES(9229,'C',1,4.0e-1);
CREATE TABLE IF NOT EXISTS "main"."TFFM" ("ID" integer, "BASE_ID" text, "VERSION" integer, "MATRIX_BASE_ID" text,
  "MATRIX_VERSION" integer, "NAME" text, "LOG_P_1ST_ORDER" float, "LOG_P_DETAILED" float, "EXPERIMENT_NAME" text);
INSERT OR REPLACE INTO "TFFM" VALUES(1,'TFFM0001',1,'MA0001',1,'AGL3',NULL,NULL,'None');
CREATE TABLE django_session (session_key varchar(40) NOT NULL PRIMARY KEY, session_data text NOT NULL);
INSERT INTO django_session VALUES('abc','x;y''z (
');
CREATE TABLE "auth_user" ("id" integer);
INSERT INTO "auth_user" VALUES(1);
CREATE TRIGGER t AFTER INSERT ON MATRIX BEGIN DELETE FROM TAX; INSERT INTO TAX VALUES('x','y'); END;
DELETE FROM sqlite_sequence;
INSERT INTO sqlite_sequence VALUES('MATRIX',9231);
CREATE INDEX \`MATRIX_ANNOTATION_ID\` ON \`MATRIX_ANNOTATION\` (\`ID\`);
-- a comment; with a 'quote
INSERT INTO TAX VALUES('9606','Homo sapiens'); /* no CREATE TABLE TAX: contract order */
INSERT INTO MATRIX_SPECIES VALUES(9229,'C:\\new\\path');
INSERT INTO MATRIX_SPECIES VALUES(9230,'-');
COMMIT;
`;

describe('SQL dump, SQLite dialect', () => {
  it('reads every construct into rows in TABLE_COLUMNS order with statement lines', async () => {
    const dump = await readText(SQLITE_DUMP);
    expect(dump.shape).toBe('SQL dump (SQLite dialect)');
    expect(dump.name).toBe('test');
    expect(Object.keys(dump.tables)).toEqual([
      'MATRIX',
      'MATRIX_DATA',
      'MATRIX_ANNOTATION',
      'MATRIX_SPECIES',
      'TAX',
      'TFFM',
    ]);
    expect(dump.tables.MATRIX?.file).toBe('test.sql');
    expect(rowsOf(dump, 'MATRIX')).toEqual([
      [10, '9229', 'CORE', 'MA0001', '1', 'AGL3'],
      [11, '9230', 'CORE', 'MA0002', '1', 'it\'s; (a) "test"\non two lines'],
      [13, '9231', '', 'MA0003', '2', 'Krüppel'],
    ]);
    expect(rowsOf(dump, 'MATRIX_ANNOTATION')).toEqual([
      [16, '9229', 'family', 'MADS'],
      [17, '9229', 'comment', null],
    ]);
    expect(rowsOf(dump, 'MATRIX_DATA')).toEqual([
      [19, '9229', 'A', '1', '-1042.130000000000109'],
      [20, '9229', 'C', '1', '4.0e-1'],
    ]);
    expect(rowsOf(dump, 'TFFM')).toEqual([[23, '1', 'TFFM0001', '1', 'MA0001', '1', 'AGL3', null, null, 'None']]);
    expect(rowsOf(dump, 'TAX')).toEqual([[34, '9606', 'Homo sapiens']]); // not the trigger's row
    expect(rowsOf(dump, 'MATRIX_SPECIES')).toEqual([
      [35, '9229', 'C:\\new\\path'], // PRAGMA fixed the dialect: a backslash is itself
      [36, '9230', '-'],
    ]);
  });

  it('gives the same result for every chunk boundary and for one byte at a time', async () => {
    const whole = await readText(SQLITE_DUMP);
    const bytes = bytesOf(SQLITE_DUMP);
    for (let k = 0; k <= bytes.length; k++) {
      const split = await readSqlChunks([bytes.subarray(0, k), bytes.subarray(k)], 'test.sql');
      expect(split, `split at byte ${k}`).toEqual(whole);
    }
    expect(await readText(SQLITE_DUMP, 1)).toEqual(whole);
  });

  it('handles CRLF line ends and a file without tables', async () => {
    const dump = await readText(SQLITE_DUMP.replace(/\n/g, '\r\n'));
    expect(rowsOf(dump, 'MATRIX')[1]).toEqual([11, '9230', 'CORE', 'MA0002', '1', 'it\'s; (a) "test"\r\non two lines']);
    expect(rowsOf(dump, 'TAX')).toEqual([[34, '9606', 'Homo sapiens']]);
    expect(await readText('PRAGMA foreign_keys=OFF;\n', Infinity, 'dir/JASPAR2024.sql')).toEqual({
      shape: 'SQL dump (SQLite dialect)',
      name: 'JASPAR2024',
      tables: {},
      notServed: [],
    });
  });

  it('keeps a declared but empty table (present with no rows)', async () => {
    const dump = await readText('CREATE TABLE TAX (TAX_ID text, SPECIES text);');
    expect(dump.tables.TAX).toEqual({ name: 'TAX', file: 'test.sql', rows: [] });
  });
});
