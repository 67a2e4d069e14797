/**
 * A real SQL dump in every shape the build reads, every table carried over (the ones the API does
 * not serve too, rows and all): the dump loaded into an SQLite file, then that file written out as
 * flat-file tables (TSV, MySQL `--tab` escaping) and as a mysqldump-style SQL file. The export of
 * src/dump/export/ writes a RawDump, which holds only the tables the API needs; this keeps the rest.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import sqlite from 'node-sqlite3-wasm';
import { tsvField } from '../../src/dump/export/flat-files.js';
import { literal } from '../../src/dump/export/sql-text.js';
import { TABLE_COLUMNS, TABLE_NAMES, type TableName } from '../../src/dump/tables.js';

export interface DumpShapes {
  readonly sqlite: string;
  readonly flat: string;
  readonly mysql: string;
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Every row of a table as the text SQLite prints for each value (NULL as null). */
function textRows(db: sqlite.Database, table: string, columns: readonly string[]): (string | null)[][] {
  const select = columns.map((c, i) => `CAST(${quote(c)} AS TEXT) AS c${i}`).join(', ');
  return db
    .all(`SELECT ${select} FROM ${quote(table)} ORDER BY rowid`)
    .map((row) => columns.map((_, i) => (row[`c${i}`] === null ? null : String(row[`c${i}`]))));
}

/** Write `name`.sqlite, the folder `name` and `name`.sql under `root` from the SQL dump `dumpGz`. */
export function dumpShapes(dumpGz: string, root: string, name: string): DumpShapes {
  const shapes = { sqlite: join(root, `${name}.sqlite`), flat: join(root, name), mysql: join(root, `${name}.sql`) };
  mkdirSync(shapes.flat, { recursive: true });
  const db = new sqlite.Database(shapes.sqlite);
  try {
    db.exec(gunzipSync(readFileSync(dumpGz)).toString('utf8'));
    const tables = db
      .all("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY rowid")
      .map((r) => String(r.name));
    const sql = ['-- MySQL dump 10.13', '/*!40101 SET NAMES utf8 */;'];
    for (const table of tables) {
      const all = db.all(`PRAGMA table_info(${quote(table)})`).map((c) => String(c.name));
      // The tables the API reads go out with their needed columns in contract §1's order (headerless TSV).
      const known = TABLE_NAMES.find((t) => t === table.toUpperCase()) as TableName | undefined;
      const columns = known ? [...TABLE_COLUMNS[known]] : all;
      const rows = textRows(db, table, columns);
      const tsv = rows.map((r) => r.map(tsvField).join('\t'));
      writeFileSync(join(shapes.flat, `${table}.txt`), tsv.map((l) => `${l}\n`).join(''));
      sql.push(
        `DROP TABLE IF EXISTS \`${table}\`;`,
        `CREATE TABLE \`${table}\` (\n${columns.map((c) => `  \`${c}\` text`).join(',\n')}\n) ENGINE=MyISAM DEFAULT CHARSET=utf8;`,
      );
      for (let start = 0; start < rows.length; start += 50) {
        const batch = rows
          .slice(start, start + 50)
          .map((r) => `(${r.map((v) => literal('mysql', 'text', v)).join(',')})`);
        sql.push(`INSERT INTO \`${table}\` VALUES ${batch.join(',')};`);
      }
    }
    writeFileSync(shapes.mysql, `${sql.join('\n')}\n`);
  } finally {
    db.close();
  }
  return shapes;
}
