/**
 * A dump that changes while it is read (a download or copy still running, another job
 * rewriting it) would give a site mixing two states. The build takes the size, modification
 * time and inode of every file of the dump before and after reading it, and refuses when any
 * differ. (Kept beside the output guards; it reads nothing but file metadata.)
 */
import { lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';

/** path → "size mtime inode" of the dump file or of every file below the dump folder. */
export type InputSnapshot = ReadonlyMap<string, string>;

const MAX_FILES = 100_000;

export async function snapshotInputs(dump: string): Promise<InputSnapshot> {
  const out = new Map<string, string>();
  const visit = async (path: string): Promise<void> => {
    const st = await lstat(path, { bigint: true }).catch(() => null);
    if (st === null || out.size >= MAX_FILES) return;
    if (st.isDirectory()) {
      const names = await readdir(path).catch(() => [] as string[]);
      for (const name of names.sort()) await visit(join(path, name));
    } else {
      out.set(path, `${st.size} ${st.mtimeNs} ${st.ino}`);
    }
  };
  await visit(dump);
  return out;
}

/** One description per file that appeared, vanished or changed between two snapshots. */
export function changedInputs(before: InputSnapshot, after: InputSnapshot): string[] {
  const out: string[] = [];
  const describe = (v: string) => {
    const [size, mtimeNs] = v.split(' ');
    return `${size} bytes, modified ${new Date(Number(BigInt(mtimeNs ?? '0') / 1_000_000n)).toISOString()}`;
  };
  for (const [path, was] of before) {
    const now = after.get(path);
    if (now === undefined) out.push(`${path} was removed`);
    else if (now !== was) out.push(`${path} changed (${describe(was)} → ${describe(now)})`);
  }
  for (const path of after.keys()) if (!before.has(path)) out.push(`${path} appeared`);
  return out;
}
