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

/** Map each known table to its file in `dir`; unknown files are ignored. */
export function findTableFiles(dir: string): Map<TableName, TableFile> {
  const found = new Map<TableName, TableFile>();
  for (const entry of readdirSync(dir).sort()) {
    const ext = extname(entry).toLowerCase();
    const kind = KIND_BY_EXTENSION[ext];
    if (!kind) continue;
    const base = entry.slice(0, -ext.length).toUpperCase();
    const table = TABLE_NAMES.find((t) => t === base);
    if (!table) continue;
    const path = join(dir, entry);
    if (!statSync(path).isFile()) continue;
    const previous = found.get(table);
    if (previous) {
      throw new UserError(`two files hold table ${table}: ${previous.path} and ${path}; keep one`, { file: path, table });
    }
    found.set(table, { table, path, kind });
  }
  return found;
}
