/**
 * The file system refusing a write (full disk, quota, permissions, read-only mount) is a
 * problem of the user's machine, not a bug: the build ends with one line naming the path, and
 * for a full disk the room it needed and the room there is, instead of an internal error.
 */
import { statfsSync } from 'node:fs';
import { dirname } from 'node:path';
import { UserError } from '../errors.js';

const FULL = new Set(['ENOSPC', 'EDQUOT']);
const DENIED = new Set(['EACCES', 'EPERM', 'EROFS']);

export interface WriteProgress {
  /** Files and bytes the build had written when it failed. */
  readonly files: number;
  readonly bytes: number;
  /** The same bytes rounded up to whole blocks of the file system, as the disk counts them. */
  readonly diskBytes: number;
}

const mb = (n: number) => `${(n / 1e6).toFixed(1)} MB`;

function freeBytes(path: string): number | null {
  for (let p = path; ; p = dirname(p)) {
    try {
      const fs = statfsSync(p);
      return fs.bavail * fs.bsize;
    } catch {
      if (dirname(p) === p) return null;
    }
  }
}

/** The UserError for a file-system refusal while writing `target`, or null for any other error. */
export function diskError(err: unknown, target: string, written: WriteProgress): UserError | null {
  const e = err as NodeJS.ErrnoException;
  if (!(err instanceof Error) || typeof e.code !== 'string') return null;
  const path = e.path ?? target;
  if (FULL.has(e.code)) {
    const free = freeBytes(dirname(path));
    const what = e.code === 'EDQUOT' ? 'disk quota exceeded' : 'no space left on device';
    return new UserError(
      `${what} while writing the site: it needs more than the ${mb(written.diskBytes)} (${written.files} files) written before the disk filled, ` +
        `and ${free === null ? 'an unknown amount' : mb(free)} is free there; the previous site is unchanged. Free some space or build with --out on a bigger disk (${e.code})`,
      { file: path },
    );
  }
  if (DENIED.has(e.code)) {
    const why = e.code === 'EROFS' ? 'the file system is read-only' : 'permission denied';
    return new UserError(
      `cannot write the site here: ${why}; the previous site is unchanged. Build with --out in a folder you can write (${e.code})`,
      { file: path },
    );
  }
  return null;
}
