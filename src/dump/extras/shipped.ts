/**
 * The files a release ships as they are, for the download area (contract §9): the dump file
 * itself (when the dump was one file) and every file of the release folder's per-matrix extra
 * folders. Only paths are listed here; the site writer copies the bytes.
 */
import { closeSync, existsSync, openSync, readdirSync, readSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { isSafeSegment } from '../../segments.js';

/** What the dump file was: a gzipped SQL dump, a plain one, or an SQLite database. */
export type DumpFileKind = 'sql.gz' | 'sql' | 'sqlite';

export interface ShippedFiles {
  /** The dump file as read; null for a folder of tables. */
  readonly dump: { readonly path: string; readonly kind: DumpFileKind } | null;
  /** `<folder>/<file>` (or `TFFM/<id>/<file>`) → absolute path, sorted by the first. */
  readonly files: readonly (readonly [string, string])[];
}

/** The per-matrix folders copied as shipped (`TFFM` holds one folder per model). */
export const SHIPPED_FOLDERS = ['sites', 'bed', 'centrality', 'TFFM'] as const;

function kindOf(path: string): DumpFileKind {
  const fd = openSync(path, 'r');
  try {
    const head = Buffer.alloc(16);
    const n = readSync(fd, head, 0, 16, 0);
    if (n >= 2 && head[0] === 0x1f && head[1] === 0x8b) return 'sql.gz';
    if (head.subarray(0, n).toString('latin1').startsWith('SQLite format 3')) return 'sqlite';
    return 'sql';
  } finally {
    closeSync(fd);
  }
}

/** Regular files with safe names directly in `dir`, sorted. */
function filesIn(dir: string): string[] {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) return [];
  return readdirSync(dir)
    .sort()
    .filter((f) => isSafeSegment(f) && !f.startsWith('.') && statSync(join(dir, f)).isFile());
}

/** What `dumpPath` (the dump as read) and its release `folder` ship. */
export function shippedFiles(dumpPath: string, folder: string): ShippedFiles {
  const isFile = statSync(dumpPath).isFile();
  const files: [string, string][] = [];
  for (const name of SHIPPED_FOLDERS) {
    const dir = join(folder, name);
    if (name !== 'TFFM') {
      for (const f of filesIn(dir)) files.push([`${name}/${f}`, join(dir, f)]);
      continue;
    }
    if (!existsSync(dir)) continue;
    for (const id of readdirSync(dir).sort()) {
      if (!isSafeSegment(id) || id.startsWith('.') || !statSync(join(dir, id)).isDirectory()) continue;
      for (const f of filesIn(join(dir, id))) files.push([`${name}/${id}/${f}`, join(dir, id, f)]);
    }
  }
  return { dump: isFile ? { path: dumpPath, kind: kindOf(dumpPath) } : null, files };
}
