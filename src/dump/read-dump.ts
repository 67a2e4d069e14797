/** Detects the shape of a release dump and reads it with the matching reader. */
import { existsSync, statSync } from 'node:fs';
import { UserError } from '../errors.js';
import { readFlatDump } from './flat/read-flat.js';
import { readSqlDump } from './sql/read-sql.js';
import type { RawDump } from './tables.js';

/** The dump shapes the build accepts, in detection order. */
const SHAPES: readonly { test: (path: string, isDir: boolean) => boolean; read: (path: string) => Promise<RawDump> | RawDump }[] = [
  { test: (_p, isDir) => isDir, read: readFlatDump },
  { test: (p, isDir) => !isDir && /\.sql(\.gz)?$/i.test(p), read: readSqlDump },
];

/** Read the dump at `path` (a folder of flat files, or a dump file). */
export async function readDump(path: string): Promise<RawDump> {
  if (!existsSync(path)) throw new UserError('dump not found', { file: path });
  const isDir = statSync(path).isDirectory();
  const shape = SHAPES.find((s) => s.test(path, isDir));
  if (!shape) {
    throw new UserError('not a release dump: expected a folder of flat-file tables, a .sql or .sql.gz dump, or a .sqlite database', { file: path });
  }
  return shape.read(path);
}
