/**
 * A stamp of a folder tree as the file system holds it: every file's path, size, mtime and
 * inode, hashed, the hashes summed ({@link STAMP_FILE_SOURCE}). Two equal stamps mean no file was added, removed, rewritten or
 * replaced in between (an in-place edit changes the mtime, a replacement the inode), without
 * reading a byte of content: what an incremental build needs to trust its record of a site.
 */
import { type Dirent, lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { runInThisContext } from 'node:vm';

export interface TreeStamp {
  readonly files: number;
  readonly bytes: number;
  /** The files' hashes summed, in hex; "missing" when the folder holds no file. */
  readonly stamp: string;
}

/**
 * Synchronous calls in slices, yielding to the event loop between them (signals, other work):
 * for hundreds of thousands of small calls they are several times faster than promises going
 * through libuv's thread pool.
 */
const SLICE = 2000;
/** Let the event loop run, then stop if `signal` was set meanwhile (a SIGTERM of a build). */
const yieldToLoop = async (signal: AbortSignal | undefined) => {
  await new Promise<void>((resolve) => setImmediate(resolve));
  signal?.throwIfAborted();
};

/** The files below `root` (relative, `/`-separated), in a stable order; empty when `root` is missing. */
export async function listTree(root: string, signal?: AbortSignal): Promise<string[]> {
  const out: string[] = [];
  const dirs: string[] = [''];
  let calls = 0;
  const order = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  while (dirs.length > 0) {
    const dir = dirs.pop() as string;
    let entries: Dirent[];
    try {
      entries = readdirSync(join(root, dir), { withFileTypes: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT' && dir === '') return [];
      throw err;
    }
    const sub: string[] = [];
    for (const e of entries) (e.isDirectory() ? sub : out).push(`${dir}${e.name}${e.isDirectory() ? '/' : ''}`);
    dirs.push(...sub.sort(order).reverse());
    if (++calls % SLICE === 0) await yieldToLoop(signal);
  }
  return out.sort(order);
}

/**
 * Every file below `root` (relative, `/`-separated) in the order {@link listTree} sorts them, and
 * the number of files directly in each folder as it is left; without holding the whole list: a
 * site of several releases has millions of files (issue 46). Each folder's entries are sorted
 * with folders named `name/`, and visited depth first: paths share their folder's prefix, so
 * this is the order of the sorted full paths.
 */
export async function* walkTree(
  root: string,
  signal?: AbortSignal,
): AsyncGenerator<{ readonly path: string } | { readonly folder: string; readonly files: number }> {
  const order = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  const read = (dir: string): string[] | null => {
    try {
      return readdirSync(join(root, dir), { withFileTypes: true })
        .map((e) => (e.isDirectory() ? `${e.name}/` : e.name))
        .sort(order);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT' && dir === '') return null;
      throw err;
    }
  };
  const top = read('');
  if (top === null) return;
  const stack: { dir: string; entries: string[]; next: number; files: number }[] = [
    { dir: '', entries: top, next: 0, files: 0 },
  ];
  let steps = 0;
  while (stack.length > 0) {
    const at = stack[stack.length - 1]!;
    if (at.next === at.entries.length) {
      stack.pop();
      yield { folder: at.dir.slice(0, -1), files: at.files };
      continue;
    }
    const name = at.entries[at.next++]!;
    if (++steps % SLICE === 0) await yieldToLoop(signal);
    if (!name.endsWith('/')) {
      at.files++;
      yield { path: `${at.dir}${name}` };
      continue;
    }
    const dir = `${at.dir}${name}`;
    stack.push({ dir, entries: read(dir) ?? [], next: 0, files: 0 });
  }
}

/** The folder holding the most files directly (`''` the root). */
export interface LargestFolder {
  readonly path: string;
  readonly files: number;
}

/**
 * One file's part of a stamp, added into four 32-bit lanes: a hash of its path, size, mtime,
 * inode and mode (as `fs.Stats` gives them, from `lstat` or from `fstat` of the open file). The
 * lanes are summed, so the stamp does not depend on the order files are met: the disk sink's
 * writer thread stamps each file as it writes it (no walk of the tree after a build, issue 46),
 * and a walk of the live tree later finds the same stamp. Plain JavaScript in a string, run by
 * the writer thread (disk-writer.ts) and here.
 */
export const STAMP_FILE_SOURCE = `(function () {
  'use strict';
  // murmur3's finalizer: every bit of a lane's input moves about half of its output.
  function mix(h) {
    h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
    h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
    return (h ^ (h >>> 16)) >>> 0;
  }
  return function stampFile(lanes, path, st) {
    const text = path + '\\0' + st.size + '\\0' + st.mtimeMs + '\\0' + st.ino + '\\0' + st.mode;
    let a = 0x811c9dc5;
    let b = 0x9e3779b9;
    let c = 0x27d4eb2f;
    let d = 0x165667b1;
    for (let i = 0; i < text.length; i++) {
      const ch = text.charCodeAt(i);
      a = Math.imul(a ^ ch, 0x01000193);
      b = Math.imul(b ^ ch, 0x5bd1e995);
      c = Math.imul(c ^ ch, 0x1b873593);
      d = Math.imul(d ^ ch, 0xcc9e2d51);
    }
    lanes[0] = (lanes[0] + mix(a ^ text.length)) >>> 0;
    lanes[1] = (lanes[1] + mix(b ^ d)) >>> 0;
    lanes[2] = (lanes[2] + mix(c ^ a)) >>> 0;
    lanes[3] = (lanes[3] + mix(d ^ b)) >>> 0;
  };
})`;

/** Four lanes a stamp is summed in, each a 32-bit unsigned number. */
export type StampLanes = [number, number, number, number];

/** Adds one file (its path below the root, and its stat) into `lanes`. */
export const stampFile = (runInThisContext(STAMP_FILE_SOURCE) as () => StampFileFn)();
type StampFileFn = (
  lanes: StampLanes,
  path: string,
  st: { size: number; mtimeMs: number; ino: number; mode: number },
) => void;

/** Lanes with no file in them yet. */
export const noLanes = (): StampLanes => [0, 0, 0, 0];

/** `b` added into `a`. */
export function addLanes(a: StampLanes, b: readonly number[]): void {
  for (let i = 0; i < 4; i++) a[i] = ((a[i] as number) + (b[i] ?? 0)) >>> 0;
}

/** The stamp of `files` files of `bytes` bytes whose lanes are `lanes`. */
export function treeStamp(files: number, bytes: number, lanes: StampLanes): TreeStamp {
  const hex = lanes.map((l) => l.toString(16).padStart(8, '0')).join('');
  return { files, bytes, stamp: files === 0 ? 'missing' : hex };
}

/** `skip`: top-level file names left out (the build record in the deploy folder). */
export async function stampTree(root: string, skip: readonly string[] = [], signal?: AbortSignal): Promise<TreeStamp> {
  const lanes = noLanes();
  let files = 0;
  let bytes = 0;
  for await (const entry of walkTree(root, signal)) {
    if ('folder' in entry || skip.includes(entry.path)) continue;
    const st = lstatSync(join(root, entry.path));
    files++;
    bytes += st.size;
    stampFile(lanes, entry.path, st);
  }
  return treeStamp(files, bytes, lanes);
}

/** The folder below `root` holding the most files directly, found by a walk. */
export async function largestFolderIn(root: string, signal?: AbortSignal): Promise<LargestFolder> {
  let largest: LargestFolder = { path: '', files: 0 };
  for await (const entry of walkTree(root, signal))
    if ('folder' in entry && entry.files > largest.files) largest = { path: entry.folder, files: entry.files };
  return largest;
}

/** How many files lie below `root`, `skip` (top-level names) left out; 0 when it is missing. */
export async function countTree(root: string, skip: readonly string[] = [], signal?: AbortSignal): Promise<number> {
  let files = 0;
  for await (const entry of walkTree(root, signal)) if ('path' in entry && !skip.includes(entry.path)) files++;
  return files;
}
