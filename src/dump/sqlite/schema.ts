/**
 * What a SQLite database holds: which of its tables stand for the tables the API needs (names
 * matched case-insensitively) and where their needed columns are (extra columns ignored).
 */
import type { Database } from './wasm.js';
import { UserError } from '../../errors.js';
import { onceEach, TABLE_COLUMNS, TABLE_NAMES, type TableName } from '../tables.js';
import { layoutOf, neededTable } from '../sql/collect.js';

/** One database table that stands for a needed table. */
export interface SqliteTable {
  readonly table: TableName;
  /** The table's name as the database spells it. */
  readonly sqlName: string;
  /** The database's spelling of each needed column, in TABLE_COLUMNS order. */
  readonly columns: readonly string[];
  /** False for a WITHOUT ROWID table, whose rows are then numbered by position. */
  readonly hasRowid: boolean;
}

/** Quote an identifier for SQLite (`"` doubled inside). */
export const quoteName = (name: string): string => `"${name.replace(/"/g, '""')}"`;

const text = (value: unknown): string => (typeof value === 'string' ? value : String(value));

/**
 * The needed tables of the database, in TABLE_COLUMNS order, and the names of the others (RawDump.notServed).
 * (SQLite's own table names are case-insensitive, so at most one table matches each.)
 * @throws UserError when a table lacks a needed column.
 */
export function findTables(db: Database, file: string): { tables: SqliteTable[]; others: string[] } {
  const found = new Map<TableName, SqliteTable>();
  const others: string[] = [];
  const listed = db.all(
    "SELECT name, wr FROM pragma_table_list WHERE schema = 'main' AND type = 'table' ORDER BY name",
  );
  for (const entry of listed) {
    const sqlName = text(entry.name);
    const table = neededTable(sqlName);
    if (table === undefined) {
      others.push(sqlName);
      continue;
    }
    const names = db
      .all(`SELECT name FROM pragma_table_info(${quoteLiteral(sqlName)}) ORDER BY cid`)
      .map((c) => text(c.name));
    const { pick, missing } = layoutOf(table, names);
    if (missing.length > 0) {
      throw new UserError(`table lacks column ${missing.join(', ')}, which the API needs`, {
        file,
        table,
        text: `${sqlName} (${names.join(', ')})`,
      });
    }
    found.set(table, {
      table,
      sqlName,
      columns: pick.map((i) => names[i] as string),
      hasRowid: Number(entry.wr) === 0,
    });
  }
  const tables = TABLE_NAMES.flatMap((t) => {
    const table = found.get(t);
    return table ? [table] : [];
  });
  return { tables, others: onceEach(others) };
}

/** A SQL string literal. */
export const quoteLiteral = (value: string): string => `'${value.replace(/'/g, "''")}'`;

/**
 * The query reading one table: each needed column as the UTF-8 bytes of the text SQLite
 * itself prints for it (`CAST(x AS BLOB)`: a REAL -1042.13 gives "-1042.13", 897 stored as REAL
 * gives "897.0", an INTEGER 7 gives "7"), NULL as NULL, a flag for BLOB cells, and the rowid
 * (or nothing, for WITHOUT ROWID tables).
 */
export function selectRows(t: SqliteTable): string {
  const cells = t.columns.map((c, i) => `CAST(${quoteName(c)} AS BLOB) AS c${i}`);
  const blob = t.columns.map((c) => `typeof(${quoteName(c)}) = 'blob'`).join(' OR ');
  const key = t.hasRowid ? '_rowid_ AS line, ' : '';
  const order = t.hasRowid ? ' ORDER BY _rowid_' : '';
  return `SELECT ${key}${cells.join(', ')}, (${blob}) AS has_blob FROM ${quoteName(t.sqlName)}${order}`;
}

/** How many cells each row of `table` has (for reading the c0…cN aliases back). */
export const widthOf = (table: TableName): number => TABLE_COLUMNS[table].length;
