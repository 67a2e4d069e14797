/** Detects the shape of a release dump and reads it with the matching reader. */
import { closeSync, existsSync, openSync, readdirSync, readSync, realpathSync, statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { findTableFiles } from './flat/files.js';
import { UserError } from '../errors.js';
import { readFlatDump } from './flat/read-flat.js';
import type { ReadLimits } from './limits.js';
import type { ReadProgress } from './progress.js';
import { readSqlDump, releaseName } from './sql/read-sql.js';
import { isSqliteHeader, readSqliteDump, SQLITE_MAGIC, sqliteReleaseName } from './sqlite/read-sqlite.js';
import type { RawDump } from './tables.js';

/** What detection looks at: the path, whether it is a folder, and a file's first bytes. */
export interface DumpProbe {
  readonly path: string;
  readonly isDir: boolean;
  readonly head: Uint8Array;
}

interface DumpShape {
  /** What the user is told was found. */
  readonly what: string;
  readonly test: (probe: DumpProbe) => boolean;
  readonly read: (path: string, progress?: ReadProgress, limits?: ReadLimits) => Promise<RawDump>;
  /** The release name the reader takes from a path (its file or folder name). */
  readonly name: (path: string) => string;
}

const isGzip = (head: Uint8Array) => head[0] === 0x1f && head[1] === 0x8b;
const SQLITE_NAME = /\.(sqlite3?|db3?)$/i;

/**
 * The dump shapes the build accepts, in detection order. Content (magic bytes) comes before
 * names: a SQLite database is recognised by its header whatever it is called.
 */
const SHAPES: readonly DumpShape[] = [
  { what: 'a folder of flat-file tables', test: (p) => p.isDir, read: readFlatDump, name: (p) => basename(resolve(p)) },
  {
    what: 'a SQLite database',
    test: (p) => isSqliteHeader(p.head) || SQLITE_NAME.test(p.path),
    read: readSqliteDump,
    name: sqliteReleaseName,
  },
  {
    what: 'a .sql or .sql.gz dump',
    test: (p) => isGzip(p.head) || /\.sql(\.gz)?$/i.test(p.path),
    read: readSqlDump,
    name: releaseName,
  },
];

/** The first bytes of a file (enough for every magic number above). */
function headOf(path: string): Uint8Array {
  const fd = openSync(path, 'r');
  try {
    const buffer = Buffer.alloc(SQLITE_MAGIC.length);
    return buffer.subarray(0, readSync(fd, buffer, 0, buffer.length, 0));
  } finally {
    closeSync(fd);
  }
}

/**
 * Read the dump at `path`: a folder of flat files, a .sql(.gz) dump or a SQLite database,
 * telling `progress` (if given) how far it has come, within `limits` (the memory the kept rows
 * may take; a signal that stops the read, limits.ts).
 */
export async function readDump(path: string, progress?: ReadProgress, limits: ReadLimits = {}): Promise<RawDump> {
  if (!existsSync(path)) throw new UserError('dump not found', { file: path });
  const stat = statSync(path);
  const isDir = stat.isDirectory();
  if (!isDir && stat.size === 0) throw new UserError('dump file is empty', { file: path });
  let head: Uint8Array = new Uint8Array();
  if (!isDir) {
    try {
      head = headOf(path);
    } catch (error) {
      throw new UserError(`cannot read dump (${error instanceof Error ? error.message : String(error)})`, {
        file: path,
      });
    }
  }
  const shape = SHAPES.find((s) => s.test({ path, isDir, head }));
  if (!shape) {
    const expected = SHAPES.map((s) => s.what)
      .join(', ')
      .replace(/, ([^,]*)$/, ', or $1');
    throw new UserError(`not a release dump: expected ${expected}`, { file: path });
  }
  const raw = await shape.read(path, progress, limits);
  // Through a link (`current -> JASPAR2024/`) the real path's name may be the one naming the release.
  const realName = shape.name(realpathSync(path));
  return realName === raw.name ? raw : { ...raw, realName };
}

/** A dump to read: the path given, or the one dump file of a folder given (what `jaspar-static fetch` writes). */
export interface DumpPath {
  readonly path: string;
  /** How the path was found, when it is not the one given (the build says it). */
  readonly note: string | null;
}

/**
 * The dump a path names: itself, unless it is a folder with no table files that holds exactly
 * one SQL dump or SQLite database (a release folder `jaspar-static fetch` filled): then that
 * file. Several such files and no tables: one line listing them.
 */
export function resolveDump(path: string): DumpPath {
  if (!existsSync(path) || !statSync(path).isDirectory() || findTableFiles(path).size > 0) return { path, note: null };
  const candidates = readdirSync(path)
    .sort()
    .filter((name) => {
      const file = join(path, name);
      const st = statSync(file, { throwIfNoEntry: false });
      if (!st?.isFile() || st.size === 0 || name.startsWith('.')) return false;
      const probe = { path: file, isDir: false, head: headOf(file) };
      return SHAPES.slice(1).some((s) => s.test(probe));
    });
  if (candidates.length === 1) return { path: join(path, candidates[0]!), note: `the one dump file in ${path}` };
  if (candidates.length > 1)
    throw new UserError(
      `no table files here, and ${candidates.length} dump files: ${candidates.join(', ')}; name the one to read`,
      { file: path },
    );
  return { path, note: null };
}
