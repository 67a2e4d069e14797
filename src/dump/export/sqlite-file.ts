/**
 * Writing a RawDump as a SQLite database file through node-sqlite3-wasm, with typed columns
 * (counts and log-p values stored as REAL, keys as INTEGER) as JASPAR's databases have.
 *
 * Deterministic: the same dump gives the same bytes. The database is written in one
 * transaction with no journal, tables in TABLE_NAMES order and rows in dump order, so its pages
 * depend only on the statements run and the SQLite version bundled with node-sqlite3-wasm
 * (the header records that version, and no time).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sqlite from 'node-sqlite3-wasm';
import { TABLE_NAMES, type RawDump } from '../tables.js';
import { exportedColumns, extraValue } from './columns.js';

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * `export`: as JASPAR's own databases are laid out (a `django_migrations` table, LOCAL_ID in
 * MATRIX_ANNOTATION), for the tests and benchmarks that read it back; `tables`: the dump's
 * tables the build read, and nothing invented (the download area's `.sqlite`).
 */
type Layout = 'export' | 'tables';

function write(dump: RawDump, path: string, layout: Layout): void {
  rmSync(path, { force: true });
  const db = new sqlite.Database(path);
  try {
    db.exec('PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; BEGIN;');
    if (layout === 'export')
      db.exec(
        "CREATE TABLE django_migrations (id integer PRIMARY KEY, app text); INSERT INTO django_migrations VALUES (1, 'portal');",
      );
    for (const table of TABLE_NAMES) {
      const raw = dump.tables[table];
      if (!raw) continue;
      const columns = exportedColumns(table).filter((c) => layout === 'export' || !c.extra);
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

/** Write `dump` to a new database at `path` (replacing any file there), laid out as JASPAR's own. */
export function writeSqliteFile(dump: RawDump, path: string): void {
  write(dump, path, 'export');
}

/** The tables of `dump` as the bytes of an SQLite database (written through a scratch folder, removed after). */
export function sqliteTables(dump: RawDump): Uint8Array {
  const dir = mkdtempSync(join(tmpdir(), 'jaspar-static-sqlite-'));
  try {
    const path = join(dir, 'tables.sqlite');
    write(dump, path, 'tables');
    return readFileSync(path);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
