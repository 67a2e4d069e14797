/** Finding the table files of a flat-file dump: case-insensitive names, .txt/.tsv/.csv. */
import { readdirSync, statSync } from 'node:fs';
import { extname, join } from 'node:path';
import { UserError } from '../../errors.js';
import { TABLE_NAMES, type TableName } from '../tables.js';

export type FlatFileKind = 'tsv' | 'csv';

export interface TableFile {
  readonly table: TableName;
  readonly path: string;
  readonly kind: FlatFileKind;
}

const KIND_BY_EXTENSION: Readonly<Record<string, FlatFileKind>> = { '.txt': 'tsv', '.tsv': 'tsv', '.csv': 'csv' };

/** The table a file name holds (`matrix.TXT` → MATRIX), or null for any other file. */
function tableOf(entry: string): TableName | null {
  const ext = extname(entry).toLowerCase();
  if (!KIND_BY_EXTENSION[ext]) return null;
  const base = entry.slice(0, -ext.length).toUpperCase();
  return TABLE_NAMES.find((t) => t === base) ?? null;
}

/**
 * The tables of a dump folder the API does not serve: files with a table's extension (`.txt`,
 * `.tsv`, `.csv`) whose name is no table of contract §1, e.g. `DL_MATRIX.txt` (RawDump.notServed).
 */
export function otherTableFiles(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .filter((entry) => {
      const ext = extname(entry).toLowerCase();
      return KIND_BY_EXTENSION[ext] !== undefined && tableOf(entry) === null && statSync(join(dir, entry)).isFile();
    })
    .map((entry) => entry.slice(0, -extname(entry).length));
}

/** Whether a file of a dump folder is one the flat reader reads (the input snapshot keeps only those). */
export const isTableFile = (entry: string): boolean => tableOf(entry) !== null;

/** Map each known table to its file in `dir`; unknown files are ignored. */
export function findTableFiles(dir: string): Map<TableName, TableFile> {
  const found = new Map<TableName, TableFile>();
  for (const entry of readdirSync(dir).sort()) {
    const table = tableOf(entry);
    if (table === null) continue;
    const kind = KIND_BY_EXTENSION[extname(entry).toLowerCase()] as FlatFileKind;
    const path = join(dir, entry);
    if (!statSync(path).isFile()) continue;
    const previous = found.get(table);
    if (previous) {
      throw new UserError(`two files hold table ${table}: ${previous.path} and ${path}; keep one`, {
        file: path,
        table,
      });
    }
    found.set(table, { table, path, kind });
  }
  return found;
}
