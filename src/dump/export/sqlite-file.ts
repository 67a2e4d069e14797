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
import { sqlite } from '../sqlite/wasm.js';
import { TABLE_NAMES, type RawDump, type SourceRow } from '../tables.js';
import { exportedColumns, extraValue } from './columns.js';

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Parameters a statement may have (SQLite's SQLITE_MAX_VARIABLE_NUMBER before 3.32; 32766 since). */
const MAX_PARAMETERS = 999;

/**
 * Whether `text` is a whole number (`/^(0|-?[1-9]\d{0,14})(\.0+)?$/`), which an INTEGER or REAL
 * column stores as the number it names whether bound as that text or as the number: bound as a
 * number, it skips a string copied into WebAssembly and parsed there (nearly every count of
 * MATRIX_DATA is such, `12.0`). `-0` and anything past 15 digits stay text, for SQLite to
 * convert as it does. Written out rather than the regular expression: it runs for every cell.
 */
function isIntegral(text: string): boolean {
  const n = text.length;
  const start = text.charCodeAt(0) === 45 ? 1 : 0; // -
  let i = start;
  while (i < n && text.charCodeAt(i) >= 48 && text.charCodeAt(i) <= 57) i++;
  const digits = i - start;
  if (digits === 0 || digits > 15) return false;
  if (text.charCodeAt(start) === 48 && (digits > 1 || start === 1)) return false; // 007, -0
  if (i === n) return true;
  if (text.charCodeAt(i) !== 46 || i + 1 === n) return false; // .
  for (i++; i < n; i++) if (text.charCodeAt(i) !== 48) return false;
  return true;
}

/**
 * The values bound for `rows[start, end)` pushed onto `values`, a column at a time: a whole
 * number in a numeric column as that number ({@link isIntegral}), an extra column's value, or the
 * cell. A function of its own, called for each statement, rather than a loop inside the write:
 * optimized after a few calls, where the loop waited for on-stack replacement (about 20 ms of the
 * 0.3 s a build's first database takes).
 */
function bindings(
  rows: readonly SourceRow[],
  start: number,
  end: number,
  numeric: readonly boolean[],
  extra: readonly boolean[],
  values: (string | number | null)[],
): void {
  const width = numeric.length;
  for (let i = start; i < end; i++) {
    const cells = (rows[i] as SourceRow).cells;
    for (let j = 0; j < width; j++) {
      const cell = extra[j] ? extraValue(i) : (cells[j] ?? null);
      values.push(numeric[j] && cell !== null && isIntegral(cell) ? Number(cell) : cell);
    }
  }
}

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
      const rows = raw.rows;
      const width = columns.length;
      const numeric = columns.map((c) => c.type !== 'text');
      const extra = columns.map((c) => c.extra);
      // Rows go in many to a statement: a statement run a row (bound, stepped, reset, and its
      // changes read back, each a call into WebAssembly) took most of the 0.4 s this file costs.
      // SQLite inserts a multi-row VALUES one row after the other, so the pages are the same.
      const batch = Math.max(1, Math.floor(MAX_PARAMETERS / width));
      const tuple = `(${columns.map(() => '?').join(', ')})`;
      const statement = (count: number) =>
        db.prepare(`INSERT INTO ${ident(table)} VALUES ${Array.from({ length: count }, () => tuple).join(', ')}`);
      let insert = rows.length >= batch ? statement(batch) : null;
      try {
        const values: (string | number | null)[] = [];
        for (let start = 0; start < rows.length; start += batch) {
          const end = Math.min(rows.length, start + batch);
          if (end - start < batch) {
            insert?.finalize();
            insert = statement(end - start);
          }
          values.length = 0;
          bindings(rows, start, end, numeric, extra, values);
          insert!.run(values);
        }
      } finally {
        insert?.finalize();
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
