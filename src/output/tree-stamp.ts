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

/** `skip`: top-level file names left out (the build record in the deploy folder). */
export async function stampTree(root: string, skip: readonly string[] = [], signal?: AbortSignal): Promise<TreeStamp> {
  const paths = (await listTree(root, signal)).filter((p) => !skip.includes(p));
  const hash = createHash('sha256');
  let bytes = 0;
  for (let i = 0; i < paths.length; i++) {
    const path = paths[i] as string;
    const st = lstatSync(join(root, path), { bigint: true });
    bytes += Number(st.size);
    hash.update(`${path}\0${st.size}\0${st.mtimeNs}\0${st.ino}\0${st.mode}\n`);
    if (i % SLICE === SLICE - 1) await yieldToLoop(signal);
  }
  return { files: paths.length, bytes, stamp: paths.length === 0 ? 'missing' : hash.digest('hex') };
}
