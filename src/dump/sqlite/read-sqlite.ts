/**
 * Reader for SQLite database files (`JASPAR<year>.sqlite`), through node-sqlite3-wasm (see
 * docs/decisions.md): the database is opened read-only and read a row at a time through
 * SQLite's own file access, so memory holds the kept rows, never the whole file.
 */
import { open, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { type Database, sqlite } from './wasm.js';
import { UserError, type Place } from '../../errors.js';
import { ReadBudget, ROWS_PER_TURN, turn, type ReadLimits } from '../limits.js';
import type { ReadProgress } from '../progress.js';
import type { RawDump, RawTable, SourceRow, TableName } from '../tables.js';
import { findTables, selectRows, widthOf, type SqliteTable } from './schema.js';

/** The 16 bytes every SQLite 3 database file starts with. */
export const SQLITE_MAGIC = Buffer.from('SQLite format 3\0', 'latin1');

/** The `shape` this reader reports. */
export const SQLITE_SHAPE = 'SQLite database';

/** The release name from a database's file name: `JASPAR2024.sqlite` → `JASPAR2024`. */
export function sqliteReleaseName(path: string): string {
  return basename(path).replace(/\.(sqlite3?|db3?)$/i, '');
}

/** True when `head` (the first bytes of a file) is the SQLite 3 header. */
export function isSqliteHeader(head: Uint8Array): boolean {
  return head.length >= SQLITE_MAGIC.length && SQLITE_MAGIC.equals(head.subarray(0, SQLITE_MAGIC.length));
}

/**
 * Read the needed tables of a SQLite database. Cells are text (numbers as SQLite prints them) or null.
 * `line` of each row is its rowid (its 1-based position in a WITHOUT ROWID table). The kept rows
 * are bounded by `limits`, and a set signal stops the read within {@link ROWS_PER_TURN} rows.
 * @throws UserError naming file, table, row and text for unreadable or malformed databases.
 */
export async function readSqliteDump(path: string, progress?: ReadProgress, limits: ReadLimits = {}): Promise<RawDump> {
  await checkHeader(path);
  // SQLite reads pages in whatever order its queries need: progress is told once, at the end.
  const total = progress ? { files: 1, bytes: (await stat(path)).size } : null;
  let db: Database;
  try {
    db = new sqlite.Database(path, { readOnly: true, fileMustExist: true });
  } catch (error) {
    throw new UserError(`cannot open SQLite database (${messageOf(error)})`, { file: path });
  }
  const at: { table?: TableName; line?: number } = {};
  try {
    const tables: Partial<Record<TableName, RawTable>> = {};
    const found = findTables(db, path);
    const budget = new ReadBudget(limits);
    for (const t of found.tables) {
      await turn(limits.signal);
      at.table = t.table;
      at.line = undefined;
      const rows = await readRows(db, t, path, at, budget, limits.signal);
      tables[t.table] = { name: t.table, file: path, rows };
    }
    if (progress && total) progress(total, total);
    return { shape: SQLITE_SHAPE, name: sqliteReleaseName(path), tables, notServed: found.others };
  } catch (error) {
    if (error instanceof UserError) throw error;
    if (error instanceof sqlite.SQLite3Error) {
      const place: Place = { file: path, table: at.table, line: at.line };
      throw new UserError(`cannot read SQLite database (${error.message})`, place);
    }
    throw error;
  } finally {
    db.close();
  }
}

async function readRows(
  db: Database,
  t: SqliteTable,
  file: string,
  at: { line?: number },
  budget: ReadBudget,
  signal: AbortSignal | undefined,
): Promise<SourceRow[]> {
  const rows: SourceRow[] = [];
  const width = widthOf(t.table);
  // Cells arrive as the bytes SQLite prints them as, and are decoded strictly here: the
  // library's own text decoding silently garbles invalid UTF-8.
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const statement = db.prepare(selectRows(t));
  try {
    let position = 0;
    for (const record of statement.iterate()) {
      position++;
      const line = t.hasRowid ? Number(record.line) : position;
      at.line = line;
      if (Number(record.has_blob) === 1)
        throw new UserError('a cell holds a BLOB; expected text or a number', { file, table: t.table, line });
      const cells: (string | null)[] = [];
      for (let i = 0; i < width; i++) {
        const value = record[`c${i}`];
        if (!(value instanceof Uint8Array)) {
          cells.push(null);
          continue;
        }
        try {
          cells.push(decoder.decode(value));
        } catch {
          const hex = Buffer.from(value).toString('hex').slice(0, 40);
          throw new UserError(`text is not valid UTF-8 (column ${t.columns[i] ?? i})`, {
            file,
            table: t.table,
            line,
            text: hex,
          });
        }
      }
      budget.add(cells, { file, table: t.table, line });
      rows.push({ cells, line });
      if (position % ROWS_PER_TURN === 0) await turn(signal);
    }
  } finally {
    statement.finalize();
  }
  return rows;
}

async function checkHeader(path: string): Promise<void> {
  let head: Buffer;
  try {
    const handle = await open(path, 'r');
    try {
      head = (await handle.read(Buffer.alloc(SQLITE_MAGIC.length), 0, SQLITE_MAGIC.length, 0)).buffer;
    } finally {
      await handle.close();
    }
  } catch (error) {
    throw new UserError(`cannot read SQLite database (${messageOf(error)})`, { file: path });
  }
  if (!isSqliteHeader(head)) {
    throw new UserError('not a SQLite database (the file does not start with "SQLite format 3\\0")', { file: path });
  }
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));
