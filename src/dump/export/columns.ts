/**
 * How exported dumps declare the tables the API needs: the column spellings of JASPAR's own
 * dumps and a SQL type per column, so a SQLite database stores counts and log-p values as
 * REAL and keys as INTEGER, as real ones do.
 */
import { TABLE_COLUMNS, type TableName } from '../tables.js';

/** The SQL type of a column in an exported dump. */
export type ColumnType = 'integer' | 'real' | 'text';

const INTEGER_COLUMNS = new Set(['ID', 'VERSION', 'COL', 'MATRIX_VERSION']);
const REAL_COLUMNS = new Set(['VAL', 'LOG_P_1ST_ORDER', 'LOG_P_DETAILED']);

/** The type of `column` in `table` (TAX_ID and every name are text). */
export function columnType(table: TableName, column: string): ColumnType {
  if (table === 'MATRIX_ANNOTATION' && column === 'VAL') return 'text';
  if (INTEGER_COLUMNS.has(column)) return 'integer';
  if (REAL_COLUMNS.has(column)) return 'real';
  return 'text';
}

/** The spelling JASPAR's dumps use: MATRIX_DATA has lower-case `row`, `col`, `val`. */
export function columnSpelling(table: TableName, column: string): string {
  return table === 'MATRIX_DATA' && column !== 'ID' ? column.toLowerCase() : column;
}

/** The columns of an exported table: the needed ones, plus LOCAL_ID in MATRIX_ANNOTATION as newer dumps have. */
export function exportedColumns(table: TableName): { name: string; type: ColumnType; extra: boolean }[] {
  const columns = TABLE_COLUMNS[table].map((c) => ({
    name: columnSpelling(table, c),
    type: columnType(table, c),
    extra: false,
  }));
  if (table === 'MATRIX_ANNOTATION') columns.push({ name: 'LOCAL_ID', type: 'integer', extra: true });
  return columns;
}

/** The value written for an extra column of row `index` (0-based). */
export const extraValue = (index: number): string => String(index + 1);

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** True when `text` can be written as a bare SQL number in a column of type `type`. */
export function isBareNumber(type: ColumnType, text: string): boolean {
  return type !== 'text' && NUMBER.test(text);
}
