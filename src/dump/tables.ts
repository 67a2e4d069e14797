/**
 * The tables a release dump provides, as every reader (flat files, SQL dumps, SQLite) hands
 * them to the model builder: rows of text cells (null = SQL NULL), with the place each row
 * came from so errors can name file, table and line.
 */

/** The columns the API needs from each table, in dump order (contract §1). Names are upper-case. */
export const TABLE_COLUMNS = {
  MATRIX: ['ID', 'COLLECTION', 'BASE_ID', 'VERSION', 'NAME'],
  MATRIX_DATA: ['ID', 'ROW', 'COL', 'VAL'],
  MATRIX_ANNOTATION: ['ID', 'TAG', 'VAL'],
  MATRIX_PROTEIN: ['ID', 'ACC'],
  MATRIX_SPECIES: ['ID', 'TAX_ID'],
  TAX: ['TAX_ID', 'SPECIES'],
  TFFM: [
    'ID',
    'BASE_ID',
    'VERSION',
    'MATRIX_BASE_ID',
    'MATRIX_VERSION',
    'NAME',
    'LOG_P_1ST_ORDER',
    'LOG_P_DETAILED',
    'EXPERIMENT_NAME',
  ],
  /** Optional: the release the dump holds, one row such as `JASPAR2020` (docs/api-decisions.md). */
  RELEASE: ['NAME'],
} as const;

export type TableName = keyof typeof TABLE_COLUMNS;
export const TABLE_NAMES = Object.keys(TABLE_COLUMNS) as TableName[];

/** One row, cells in the order of TABLE_COLUMNS[table]; null is SQL NULL. */
export type Row = readonly (string | null)[];

export interface SourceRow {
  readonly cells: Row;
  /** 1-based line (flat file) or statement number (SQL) the row came from. */
  readonly line: number;
}

export interface RawTable {
  readonly name: TableName;
  /** File the table was read from, for error messages. */
  readonly file: string;
  readonly rows: readonly SourceRow[];
}

/** What a reader found: the tables present (absent optional tables are missing keys). */
export interface RawDump {
  /** Which shape was detected, for the build summary (e.g. "flat-file tables"). */
  readonly shape: string;
  /** Release name derived from the dump's file or folder name, e.g. JASPAR2016. */
  readonly name: string;
  /** The same name of the real path, when the dump was given through a symbolic link and it differs. */
  readonly realName?: string;
  readonly tables: Partial<Record<TableName, RawTable>>;
  /**
   * The tables the dump holds that the API does not serve (JASPAR 2026's deep-learning and web-site
   * tables, contract §8.3), as the dump names them, in the order met: the read summary lists them.
   */
  readonly notServed?: readonly string[];
}

/**
 * Table names as a dump spells them, once each (case-insensitively), in the order first met,
 * without SQLite's own tables (`sqlite_sequence`, `sqlite_stat1`, ...), which every database has.
 */
export function onceEach(names: Iterable<string>): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const n of names) {
    if (seen.has(n.toUpperCase()) || /^sqlite_/i.test(n)) continue;
    seen.add(n.toUpperCase());
    out.push(n);
  }
  return out;
}
