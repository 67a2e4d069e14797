/**
 * A dump that changes while it is read (a download or copy still running, another job
 * rewriting it) would give a site mixing two states. The build takes the size, modification
 * time and inode of every file of the dump before and after reading it, and refuses when any
 * differ. (Kept beside the output guards; it reads nothing but file metadata.) The same list is
 * what the build fingerprints (site/fingerprint.ts).
 */
import { readdir, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/** path → "size mtime inode" of every file a read of the dump may use. */
export type InputSnapshot = ReadonlyMap<string, string>;

const MAX_FILES = 100_000;

/** Which files of a dump are read: the table files at its top, and every file below its extra folders. */
export interface InputFiles {
  readonly isTable: (name: string) => boolean;
  readonly extraFolders: readonly string[];
}

/**
 * The files a read of `dump` may use, with their metadata: the dump file, or the table files at
 * the top of the dump folder, and every file below the release folder's extra folders (binding
 * sites, TFFM models; the folder of a dump file for a file). Nothing else is an input or read:
 * a README, `.DS_Store`, `raw/`, `.git` beside the tables change nothing.
 * Links are followed, as the readers follow them: a dump reached through a link snapshots the
 * same files under the link's name; a folder met twice (a link loop) is visited once.
 */
export async function snapshotInputs(dump: string, inputs: InputFiles): Promise<InputSnapshot> {
  const out = new Map<string, string>();
  const seen = new Set<string>();
  const visit = async (path: string, deep: boolean): Promise<void> => {
    const st = await stat(path, { bigint: true }).catch(() => null);
    if (st === null || out.size >= MAX_FILES) return;
    if (!st.isDirectory()) {
      if (st.isFile()) out.set(path, `${st.size} ${st.mtimeNs} ${st.ino}`);
      return;
    }
    const id = `${st.dev}:${st.ino}`;
    if (seen.has(id)) return;
    seen.add(id);
    const names = await readdir(path).catch(() => [] as string[]);
    for (const name of names.sort()) {
      if (deep) await visit(join(path, name), true);
      else if (inputs.isTable(name)) await visitTop(join(path, name));
    }
  };
  /** At the top of a dump folder: table files, not folders (extras are visited below). */
  const visitTop = async (path: string): Promise<void> => {
    const st = await stat(path).catch(() => null);
    if (st?.isFile()) await visit(path, false);
  };
  const top = await stat(dump).catch(() => null);
  if (top === null) return out;
  await visit(dump, false);
  const folder = top.isDirectory() ? dump : dirname(dump);
  for (const name of inputs.extraFolders) await visit(join(folder, name), true);
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
