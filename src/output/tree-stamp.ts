/**
 * A stamp of a folder tree as the file system holds it: every file's path, size, mtime and
 * inode, hashed in path order. Two equal stamps mean no file was added, removed, rewritten or
 * replaced in between (an in-place edit changes the mtime, a replacement the inode), without
 * reading a byte of content: what an incremental build needs to trust its record of a site.
 */
import { createHash } from 'node:crypto';
import { lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';

export interface TreeStamp {
  readonly files: number;
  readonly bytes: number;
  /** sha256 of the listing; "missing" when the folder does not exist. */
  readonly stamp: string;
}

/** The files below `root` (relative, `/`-separated), in a stable order; empty when `root` is missing. */
export async function listTree(root: string): Promise<string[]> {
  const out: string[] = [];
  const visit = async (dir: string, prefix: string): Promise<void> => {
    const entries = await readdir(dir, { withFileTypes: true });
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const e of entries) {
      if (e.isDirectory()) await visit(join(dir, e.name), `${prefix}${e.name}/`);
      else out.push(`${prefix}${e.name}`);
    }
  };
  await visit(root, '').catch((err: NodeJS.ErrnoException) => {
    if (err.code !== 'ENOENT') throw err;
  });
  return out;
}

const BATCH = 256;

export async function stampTree(root: string): Promise<TreeStamp> {
  const paths = await listTree(root);
  const hash = createHash('sha256');
  let bytes = 0;
  for (let i = 0; i < paths.length; i += BATCH) {
    const batch = paths.slice(i, i + BATCH);
    const stats = await Promise.all(batch.map((p) => lstat(join(root, p), { bigint: true })));
    stats.forEach((st, j) => {
      bytes += Number(st.size);
      hash.update(`${batch[j]}\0${st.size}\0${st.mtimeNs}\0${st.ino}\0${st.mode}\n`);
    });
  }
  return { files: paths.length, bytes, stamp: paths.length === 0 ? 'missing' : hash.digest('hex') };
}
