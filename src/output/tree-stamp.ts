/**
 * A stamp of a folder tree as the file system holds it: every file's path, size, mtime and
 * inode, hashed in path order. Two equal stamps mean no file was added, removed, rewritten or
 * replaced in between (an in-place edit changes the mtime, a replacement the inode), without
 * reading a byte of content: what an incremental build needs to trust its record of a site.
 */
import { createHash } from 'node:crypto';
import { type Dirent, lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

export interface TreeStamp {
  readonly files: number;
  readonly bytes: number;
  /** sha256 of the listing; "missing" when the folder does not exist. */
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

/** The folder holding the most files directly (`''` the root), as {@link walkTree} found it. */
export interface LargestFolder {
  readonly path: string;
  readonly files: number;
}

/** `skip`: top-level file names left out (the build record in the deploy folder). */
export async function stampTree(root: string, skip: readonly string[] = [], signal?: AbortSignal): Promise<TreeStamp> {
  return (await surveyTree(root, skip, signal)).stamp;
}

/** The stamp of the tree below `root` and its largest folder, in one walk. */
export async function surveyTree(
  root: string,
  skip: readonly string[] = [],
  signal?: AbortSignal,
): Promise<{ stamp: TreeStamp; largestFolder: LargestFolder }> {
  const hash = createHash('sha256');
  let files = 0;
  let bytes = 0;
  let largestFolder: LargestFolder = { path: '', files: 0 };
  for await (const entry of walkTree(root, signal)) {
    if ('folder' in entry) {
      if (entry.files > largestFolder.files) largestFolder = { path: entry.folder, files: entry.files };
      continue;
    }
    const { path } = entry;
    if (skip.includes(path)) continue;
    const st = lstatSync(join(root, path), { bigint: true });
    files++;
    bytes += Number(st.size);
    hash.update(`${path}\0${st.size}\0${st.mtimeNs}\0${st.ino}\0${st.mode}\n`);
  }
  return { stamp: { files, bytes, stamp: files === 0 ? 'missing' : hash.digest('hex') }, largestFolder };
}

/** How many files lie below `root`, `skip` (top-level names) left out; 0 when it is missing. */
export async function countTree(root: string, skip: readonly string[] = [], signal?: AbortSignal): Promise<number> {
  let files = 0;
  for await (const entry of walkTree(root, signal)) if ('path' in entry && !skip.includes(entry.path)) files++;
  return files;
}
