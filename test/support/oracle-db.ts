/**
 * The oracle's own copy of a release in SQLite, loaded without any of the project's readers or
 * its model: flat-file tables parsed here straight from the TSV files with the contract's §1
 * rules (TAB fields, LF rows, `\t` `\n` `\\` `\0` escapes, `\N` NULL), or a SQLite-dialect SQL
 * dump executed as it is. Work is split into batches with an `await` between them so the
 * vitest worker is never blocked for long.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import sqlite from 'node-sqlite3-wasm';

export type OracleDb = InstanceType<typeof sqlite.Database>;

const pause = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** The tables the oracle's SQL reads, with the contract's columns in dump order and their declared types. */
const TABLES: readonly {
  readonly name: string;
  readonly columns: readonly (readonly [string, 'INTEGER' | 'REAL' | 'TEXT'])[];
}[] = [
  {
    name: 'MATRIX',
    columns: [
      ['ID', 'INTEGER'],
      ['COLLECTION', 'TEXT'],
      ['BASE_ID', 'TEXT'],
      ['VERSION', 'INTEGER'],
      ['NAME', 'TEXT'],
    ],
  },
  {
    name: 'MATRIX_ANNOTATION',
    columns: [
      ['ID', 'INTEGER'],
      ['TAG', 'TEXT'],
      ['VAL', 'TEXT'],
    ],
  },
  {
    name: 'MATRIX_SPECIES',
    columns: [
      ['ID', 'INTEGER'],
      ['TAX_ID', 'TEXT'],
    ],
  },
  {
    name: 'MATRIX_PROTEIN',
    columns: [
      ['ID', 'INTEGER'],
      ['ACC', 'TEXT'],
    ],
  },
  {
    name: 'TAX',
    columns: [
      ['TAX_ID', 'TEXT'],
      ['SPECIES', 'TEXT'],
    ],
  },
  {
    name: 'TFFM',
    columns: [
      ['ID', 'INTEGER'],
      ['BASE_ID', 'TEXT'],
      ['VERSION', 'INTEGER'],
      ['MATRIX_BASE_ID', 'TEXT'],
      ['MATRIX_VERSION', 'INTEGER'],
      ['NAME', 'TEXT'],
      ['LOG_P_1ST_ORDER', 'REAL'],
      ['LOG_P_DETAILED', 'REAL'],
      ['EXPERIMENT_NAME', 'TEXT'],
    ],
  },
];

const ESCAPES: { readonly [c: string]: string } = { t: '\t', n: '\n', '\\': '\\', '0': '\0' };

/** One field of a MySQL `--tab` file: `\N` is NULL; `\x` is the escape's character (any other x: x itself). */
export function unescapeField(raw: string): string | null {
  if (raw === '\\N') return null;
  if (raw.indexOf('\\') === -1) return raw;
  let out = '';
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charAt(i);
    if (c !== '\\' || i + 1 === raw.length) {
      out += c;
      continue;
    }
    const next = raw.charAt(++i);
    out += ESCAPES[next] ?? next;
  }
  return out;
}

/** Rows of a headerless TSV file: LF rows (a CR before LF dropped), TAB fields, empty lines skipped. */
export function tsvRows(text: string): (string | null)[][] {
  const rows: (string | null)[][] = [];
  for (const line of text.split('\n')) {
    const row = line.endsWith('\r') ? line.slice(0, -1) : line;
    if (row === '') continue;
    rows.push(row.split('\t').map(unescapeField));
  }
  return rows;
}

/** The file of a table in a flat-file folder, whatever the case of its name (`.txt` or `.tsv`). */
async function tableFile(dir: string, table: string): Promise<string | null> {
  const wanted = new RegExp(`^${table}\\.(txt|tsv)$`, 'i');
  const hit = (await readdir(dir)).find((f) => wanted.test(f));
  return hit === undefined ? null : join(dir, hit);
}

/** Load a flat-file release folder (the tables the oracle reads) into a new in-memory database. */
export async function loadFlatFiles(dir: string): Promise<OracleDb> {
  const db = new sqlite.Database();
  for (const table of TABLES) {
    db.exec(`CREATE TABLE ${table.name} (${table.columns.map(([c, t]) => `${c} ${t}`).join(', ')})`);
    const file = await tableFile(dir, table.name);
    if (file === null) continue;
    const rows = tsvRows(await readFile(file, 'utf8'));
    const width = table.columns.length;
    const insert = db.prepare(`INSERT INTO ${table.name} VALUES (${table.columns.map(() => '?').join(', ')})`);
    try {
      for (let start = 0; start < rows.length; start += 2000) {
        db.exec('BEGIN');
        for (const row of rows.slice(start, start + 2000)) {
          // Extra columns (e.g. LOCAL_ID) are ignored; missing trailing ones are NULL.
          insert.run(Array.from({ length: width }, (_, i) => row[i] ?? null));
        }
        db.exec('COMMIT');
        await pause();
      }
    } finally {
      insert.finalize();
    }
  }
  return indexed(db);
}

/** Indexes for the oracle's correlated subqueries (they change no answer, only the time: 20 ms → 2 ms a query). */
function indexed(db: OracleDb): OracleDb {
  db.exec(
    'CREATE INDEX oracle_annotation ON MATRIX_ANNOTATION (ID, TAG); CREATE INDEX oracle_species ON MATRIX_SPECIES (ID, TAX_ID); ANALYZE;',
  );
  return db;
}

/**
 * Statements of a SQLite-dialect dump in batches of about `size` characters, each ending
 * where a line ends a statement outside any string literal (`''` inside a literal keeps the
 * quote count even, so parity tells whether a line ends inside one).
 */
export function sqlBatches(sql: string, size = 256 * 1024): string[] {
  const batches: string[] = [];
  let start = 0;
  let inString = false;
  let pos = 0;
  while (pos < sql.length) {
    let end = sql.indexOf('\n', pos);
    if (end === -1) end = sql.length;
    for (let i = pos; i < end; i++) if (sql.charCodeAt(i) === 39) inString = !inString;
    const line = sql.slice(pos, end).trimEnd();
    pos = end + 1;
    if (!inString && line.endsWith(';') && pos - start >= size) {
      batches.push(sql.slice(start, pos));
      start = pos;
    }
  }
  if (start < sql.length) batches.push(sql.slice(start));
  return batches;
}

/** Execute a SQLite-dialect dump (`.sql` or `.sql.gz`) into a new in-memory database. */
export async function loadSqlDump(file: string): Promise<OracleDb> {
  const bytes = await readFile(file);
  const sql = (file.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8');
  const db = new sqlite.Database();
  for (const batch of sqlBatches(sql)) {
    db.exec(batch);
    await pause();
  }
  return indexed(db);
}
