/** The filter oracle's own parts (test/support/oracle-*.ts), on tiny inputs: they must be right for the oracle to mean anything. */
import { describe, expect, it } from 'vitest';
import sqlite from 'node-sqlite3-wasm';
import { sqlBatches, tsvRows, unescapeField } from './support/oracle-db.js';
import { prng } from './support/prng.js';
import { likeContains, oracleAnswer, orderBy, pageSizeOf } from './support/oracle-sql.js';

describe('oracle database loading', () => {
  it('reads MySQL --tab fields as contract §1 says', () => {
    expect(unescapeField('\\N')).toBeNull();
    expect(unescapeField('-\\t')).toBe('-\t');
    expect(unescapeField('a\\nb\\\\c\\0')).toBe('a\nb\\c\0');
    expect(unescapeField('Krüppel')).toBe('Krüppel');
    expect(tsvRows('1\tCORE\r\n\n2\t\\N\n')).toEqual([
      ['1', 'CORE'],
      ['2', null],
    ]);
  });

  it('splits a SQL dump only where a statement ends outside a string literal', () => {
    const sql = "INSERT INTO T VALUES('a;\n');\nINSERT INTO T VALUES('it''s;');\nINSERT INTO T VALUES('x');\n";
    const batches = sqlBatches(sql, 1);
    expect(batches.join('')).toBe(sql);
    expect(batches).toEqual([
      "INSERT INTO T VALUES('a;\n');\n",
      "INSERT INTO T VALUES('it''s;');\n",
      "INSERT INTO T VALUES('x');\n",
    ]);
  });
});

describe('oracle SQL', () => {
  it('escapes LIKE metacharacters and reads page_size and order as §3 and §8 say', () => {
    expect(likeContains('a%b_c\\')).toBe('%a\\%b\\_c\\\\%');
    expect([null, '1', '20', '1000', '5000', '0', '-3', 'abc'].map(pageSizeOf)).toEqual([
      10, 1, 20, 1000, 1000, 10, 10, 10,
    ]);
    expect(orderBy('bogus,-version, name')).toBe(
      'kept.VERSION DESC NULLS LAST, kept.NAME COLLATE BINARY ASC NULLS FIRST, kept.NAME COLLATE BINARY ASC, kept.ID ASC',
    );
    // Today's default order (contract §8.3): by name, ties in key order.
    expect(orderBy(null)).toBe('kept.NAME COLLATE BINARY ASC, kept.ID ASC');
  });

  it('answers a list with filters, version=latest, ordering and pages', () => {
    const db = new sqlite.Database();
    try {
      db.exec(`CREATE TABLE MATRIX (ID INTEGER, COLLECTION TEXT, BASE_ID TEXT, VERSION INTEGER, NAME TEXT);
        CREATE TABLE MATRIX_ANNOTATION (ID INTEGER, TAG TEXT, VAL TEXT);
        CREATE TABLE MATRIX_SPECIES (ID INTEGER, TAX_ID TEXT);
        INSERT INTO MATRIX VALUES (3, 'CORE', 'MA0001', 2, 'b_x'), (1, 'CORE', 'MA0001', 1, 'Arnt'), (2, 'CNE', 'MA0002', 1, 'a1x'), (4, 'CORE', 'MA0003', 1, 'Zeta');
        INSERT INTO MATRIX_ANNOTATION VALUES (1, 'class', 'Zinc finger'), (2, 'class', 'zinc-coordinating'), (3, 'tax_group', 'vertebrates');
        INSERT INTO MATRIX_SPECIES VALUES (1, '9606'), (3, '9606');`);
      const ids = (pairs: [string, string][]) => {
        const a = oracleAnswer(db, { kind: 'matrix' }, pairs);
        return a.status === 200 ? [a.count, ...a.ids] : a.detail;
      };
      expect(ids([])).toEqual([4, 'MA0001.1', 'MA0003.1', 'MA0002.1', 'MA0001.2']);
      expect(ids([['tf_class', 'ZINC']])).toEqual([2, 'MA0001.1', 'MA0002.1']);
      expect(ids([['search', '_']])).toEqual([1, 'MA0001.2']);
      // Byte order: 'Z' < 'b', so descending puts b_x first.
      expect(
        ids([
          ['collection', 'core'],
          ['version', 'latest'],
          ['order', '-name'],
        ]),
      ).toEqual([2, 'MA0001.2', 'MA0003.1']);
      expect(
        ids([
          ['tax_id', '9606'],
          ['version', 'latest'],
        ]),
      ).toEqual([1, 'MA0001.2']);
      expect(
        ids([
          ['tax_group', 'Vertebrates'],
          ['name', ''],
        ]),
      ).toEqual([1, 'MA0001.2']);
      expect(
        ids([
          ['order', 'name'],
          ['page_size', '2'],
          ['page', 'last'],
        ]),
      ).toEqual([4, 'MA0002.1', 'MA0001.2']);
      expect(
        ids([
          ['page', '3'],
          ['page_size', '2'],
        ]),
      ).toBe('Invalid page.');
      expect(oracleAnswer(db, { kind: 'collection', id: 'core' }, [])).toEqual({ status: 404, detail: 'Not found.' });
    } finally {
      db.close();
    }
  });

  it('generates the same cases on every run', () => {
    const a = prng(7);
    const b = prng(7);
    expect([a(), a(), a()]).toEqual([b(), b(), b()]);
  });
});
