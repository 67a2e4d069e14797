/**
 * Writing a RawDump as a SQLite database file through node-sqlite3-wasm, with typed columns
 * (counts and log-p values stored as REAL, keys as INTEGER) as JASPAR's databases have.
 */
import { rmSync } from 'node:fs';
import sqlite from 'node-sqlite3-wasm';
import { TABLE_NAMES, type RawDump } from '../tables.js';
import { exportedColumns, extraValue } from './columns.js';

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Write `dump` to a new database at `path` (replacing any file there). */
export function writeSqliteFile(dump: RawDump, path: string): void {
  rmSync(path, { force: true });
  const db = new sqlite.Database(path);
  try {
    db.exec('PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; BEGIN;');
    db.exec(
      "CREATE TABLE django_migrations (id integer PRIMARY KEY, app text); INSERT INTO django_migrations VALUES (1, 'portal');",
    );
    for (const table of TABLE_NAMES) {
      const raw = dump.tables[table];
      if (!raw) continue;
      const columns = exportedColumns(table);
      db.exec(`CREATE TABLE ${ident(table)} (${columns.map((c) => `${ident(c.name)} ${c.type}`).join(', ')})`);
      const insert = db.prepare(`INSERT INTO ${ident(table)} VALUES (${columns.map(() => '?').join(', ')})`);
      try {
        for (const [i, row] of raw.rows.entries()) {
          insert.run(columns.map((c, j) => (c.extra ? extraValue(i) : (row.cells[j] ?? null))));
        }
      } finally {
        insert.finalize();
      }
    }
    db.exec('COMMIT;');
  } finally {
    db.close();
  }
}
