/**
 * Writing a RawDump back out as flat-file tables (contract §1): headerless TSV with MySQL
 * `--tab` escaping, or CSV with a header row; LF or CRLF line ends; file names in any case.
 */
import { TABLE_COLUMNS, TABLE_NAMES, type RawDump, type TableName } from '../tables.js';
import { columnSpelling, extraValue } from './columns.js';

export interface FlatExportOptions {
  readonly kind: 'tsv' | 'csv';
  /** Line end of every row. */
  readonly eol: '\n' | '\r\n';
  /** File name of each table, e.g. `Matrix.txt`; default `<TABLE>.txt` or `<TABLE>.csv`. */
  readonly fileName?: (table: TableName) => string;
}

const TSV_ESCAPES: Readonly<Record<string, string>> = {
  '\\': '\\\\',
  '\t': '\\t',
  '\n': '\\n',
  '\r': '\\r',
  '\0': '\\0',
};

/** One TSV field with MySQL `--tab` escaping; NULL as `\\N`. */
export function tsvField(value: string | null): string {
  return value === null ? '\\N' : value.replace(/[\\\t\n\r\0]/g, (c) => TSV_ESCAPES[c] ?? c);
}

function csvField(value: string | null): string {
  if (value === null) return '\\N';
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/**
 * The files of the dump, name → content. CSV files start with a header row and carry an extra
 * LOCAL_ID column first in MATRIX_ANNOTATION, so readers must find columns by name.
 */
export function flatFiles(dump: RawDump, options: FlatExportOptions): Map<string, string> {
  const files = new Map<string, string>();
  for (const table of TABLE_NAMES) {
    const raw = dump.tables[table];
    if (!raw) continue;
    const name = options.fileName?.(table) ?? `${table}.${options.kind === 'csv' ? 'csv' : 'txt'}`;
    const lines: string[] = [];
    if (options.kind === 'csv') {
      const extra = table === 'MATRIX_ANNOTATION';
      const header = TABLE_COLUMNS[table].map((c) => columnSpelling(table, c));
      lines.push((extra ? ['LOCAL_ID', ...header] : header).join(','));
      for (const [i, row] of raw.rows.entries()) {
        const cells = row.cells.map(csvField);
        lines.push((extra ? [extraValue(i), ...cells] : cells).join(','));
      }
    } else {
      for (const row of raw.rows) lines.push(row.cells.map(tsvField).join('\t'));
    }
    files.set(name, lines.map((l) => l + options.eol).join(''));
  }
  return files;
}
