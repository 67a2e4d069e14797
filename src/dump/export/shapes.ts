/**
 * One release written out in every dump shape the build reads, for the equivalence test and
 * the shapes benchmark: each must give the same model and so a byte-identical site.
 */
import { cpSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { DIALECT_SHAPES } from '../sql/dialect.js';
import { SQLITE_SHAPE } from '../sqlite/read-sqlite.js';
import { TABLE_NAMES, type RawDump, type TableName } from '../tables.js';
import { flatFiles, type FlatExportOptions } from './flat-files.js';
import { sqlDumpText } from './sql-text.js';
import { writeSqliteFile } from './sqlite-file.js';

/** One exported copy of a release. */
export interface ExportedShape {
  /** Short label, e.g. `mysql-sql`. */
  readonly label: string;
  /** The dump to hand to the build (a folder or a file). */
  readonly path: string;
  /** The `shape` the reader must report for it. */
  readonly shape: string;
}

const FLAT_SHAPE = 'flat-file tables';

/** Mixed-case names as real releases have them (`Matrix.txt`, `matrix_data.txt`, `.TSV`). */
const mixedCaseName = (table: TableName): string => {
  const styles = [table.toLowerCase(), table[0] + table.slice(1).toLowerCase(), table];
  const extensions = ['.txt', '.TXT', '.tsv'];
  const i = TABLE_NAMES.indexOf(table) % 3;
  return `${styles[i]}${extensions[(i + 1) % 3]}`;
};

function writeFolder(dir: string, files: Map<string, string>): void {
  mkdirSync(dir, { recursive: true });
  for (const [name, content] of files) writeFileSync(join(dir, name), content);
}

/** Copy the subfolders of `from` (files a release ships beside its tables: binding sites, TFFMs) into `to`. */
function copyCompanions(from: string | undefined, to: string): void {
  if (from === undefined) return;
  for (const entry of readdirSync(from)) {
    if (statSync(join(from, entry)).isDirectory()) cpSync(join(from, entry), join(to, entry), { recursive: true });
  }
}

/**
 * Write `dump` under `root` in every shape; each copy is named `name` (plus its extension), or
 * `name(label)` to give each shape its own name (the release identity must not depend on it).
 * The subfolders of `companions` (the source release folder) are copied into each copy's
 * release folder.
 */
export function exportAllShapes(
  dump: RawDump,
  root: string,
  name: string | ((label: string) => string),
  companions?: string,
): ExportedShape[] {
  const nameOf = (label: string) => (typeof name === 'string' ? name : name(label));
  const at = (label: string, file: string) => {
    mkdirSync(join(root, label), { recursive: true });
    copyCompanions(companions, join(root, label));
    return join(root, label, file);
  };
  const out: ExportedShape[] = [];
  const folder = (label: string, options: FlatExportOptions) => {
    const path = at(label, nameOf(label));
    writeFolder(path, flatFiles(dump, options));
    copyCompanions(companions, path);
    out.push({ label, path, shape: FLAT_SHAPE });
  };
  folder('tsv', { kind: 'tsv', eol: '\n' });
  folder('csv-header', { kind: 'csv', eol: '\n' });
  folder('crlf-mixed-case', { kind: 'tsv', eol: '\r\n', fileName: mixedCaseName });

  const sqliteSql = sqlDumpText(dump, 'sqlite');
  const file = (label: string, extension: string, content: string | Uint8Array, shape: string) => {
    const path = at(label, `${nameOf(label)}${extension}`);
    writeFileSync(path, content);
    out.push({ label, path, shape });
  };
  file('sqlite-sql', '.sql', sqliteSql, DIALECT_SHAPES.sqlite);
  file('sqlite-sql-gz', '.sql.gz', gzipSync(sqliteSql), DIALECT_SHAPES.sqlite);
  file('mysql-sql', '.sql', sqlDumpText(dump, 'mysql'), DIALECT_SHAPES.mysql);

  const database = at('sqlite-db', `${nameOf('sqlite-db')}.sqlite`);
  writeSqliteFile(dump, database);
  out.push({ label: 'sqlite-db', path: database, shape: SQLITE_SHAPE });
  return out;
}
