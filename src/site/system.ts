/**
 * The machine's own folders, which no build replaces even with `--force` (replace-guard.ts):
 * the system folders under its root and its mount points. Both are read through a HostSystem
 * so that tests stand a temporary folder in for `/` and list their own mount points: no test
 * ever points a build at a real system folder.
 */
import { readFileSync, statSync } from 'node:fs';
import { dirname, isAbsolute, relative, sep } from 'node:path';

export interface HostSystem {
  /** The folder standing for `/`. */
  readonly root: string;
  /** Absolute paths of the mount points under it (its own excluded). */
  readonly mountPoints: () => ReadonlySet<string>;
}

/** First folders under `/` that belong to the system: everything under them is refused. */
const SYSTEM_FOLDERS = ['etc', 'usr', 'bin', 'sbin', 'boot', 'dev', 'proc', 'sys', 'var', 'opt', 'root', 'run'];
const LIB = /^lib(32|64|x32)?$/;
/** Folders inside those that hold users' files, where a mirror is commonly built: web roots and scratch space. */
const USER_FOLDERS = ['var/www', 'var/tmp', 'dev/shm'];

/** `/proc/self/mountinfo`'s mount points (field 5, octal escapes such as `\040` decoded). */
function readMountInfo(file: string): ReadonlySet<string> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return new Set();
  }
  const points = new Set<string>();
  for (const line of text.split('\n')) {
    const field = line.split(' ')[4];
    if (field === undefined || field === '/') continue;
    points.add(field.replace(/\\([0-7]{3})/g, (_, o: string) => String.fromCharCode(Number.parseInt(o, 8))));
  }
  return points;
}

let mounts: ReadonlySet<string> | null = null;

/** This machine: `/` and the kernel's list of mount points (read once, when first needed). */
export const hostSystem = (): HostSystem => ({
  root: '/',
  mountPoints: () => (mounts ??= readMountInfo('/proc/self/mountinfo')),
});

/** The system folder `dir` is in or is (`/etc`, `/var`), as seen from the root; null when it is in none. */
export function systemFolderOf(dir: string, system: HostSystem): string | null {
  const rel = relative(system.root, dir);
  if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) return null;
  const parts = rel.split(sep);
  const first = parts[0]!;
  if (!SYSTEM_FOLDERS.includes(first) && !LIB.test(first)) return null;
  const under = (folder: string) => {
    const f = folder.split('/');
    return f.every((p, i) => parts[i] === p);
  };
  if (USER_FOLDERS.some(under)) return null;
  return `/${first}`;
}

/** Whether `dir` is a mount point: listed by the system, or on another device than its parent. */
export function mountPointOf(dir: string, system: HostSystem): boolean {
  if (system.mountPoints().has(dir)) return true;
  try {
    return statSync(dir).dev !== statSync(dirname(dir)).dev;
  } catch {
    return false;
  }
}
