/**
 * What killed builds leave beside a target: staging folders (`.dist.staging-<pid>-<tag>`),
 * swapped-out sites (`.dist.old-<pid>-<tag>`) and half-written build records
 * of earlier versions (`.dist.build.json` and its `.<pid>.tmp`, build-record.ts). A build holding the target's lock removes
 * those whose process is gone, and says so; if the build was killed between the two renames
 * of the swap, the target is missing and its `.old` folder is the previous site: it is put
 * back instead. Trash folders (`.dist.trash-<pid>-<tag>`, what a forced build replaced, swap.ts)
 * are the user's: never put back into place (the folder guard has already run, and would be
 * bypassed) and removed only by {@link emptyTrash}, after a later build's swap has succeeded.
 */
import { readdirSync, renameSync, statSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { legacyRecordPathFor } from './build-record.js';

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function gone(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return false;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/** Clean up after dead builds of `target`; `log` hears one line per folder removed or restored. */
export async function removeStale(target: string, log: (line: string) => void): Promise<void> {
  const abs = resolve(target);
  const parent = dirname(abs);
  const pattern = new RegExp(`^\\.${escapeRegExp(basename(abs))}\\.(staging|old)-(\\d+)-[0-9a-f]+$`);
  // Earlier versions kept the build record beside the site (now in the deploy folder, build-record.ts),
  // written to `<record>.<pid>.tmp` and renamed: both are removed.
  const legacy = basename(legacyRecordPathFor(abs));
  const recordTmp = new RegExp(`^${escapeRegExp(legacy)}\\.(\\d+)\\.tmp$`);
  let names: string[];
  try {
    names = readdirSync(parent);
  } catch {
    return;
  }
  const leftBy = (pid: number) => pid !== process.pid && gone(pid);
  const stale: { path: string; kind: 'staging' | 'old' | 'record'; pid: number }[] = [];
  for (const name of names) {
    const m = pattern.exec(name);
    if (m !== null && leftBy(Number(m[2])))
      stale.push({ path: join(parent, name), kind: m[1] as 'staging' | 'old', pid: Number(m[2]) });
    const r = recordTmp.exec(name);
    if (r !== null && leftBy(Number(r[1]))) stale.push({ path: join(parent, name), kind: 'record', pid: Number(r[1]) });
    if (name === legacy) {
      await rm(join(parent, name), { force: true });
      log(
        `removed ${join(parent, name)}, the build record an earlier version kept beside the site (now in its deploy folder)`,
      );
    }
  }
  let targetExists = true;
  try {
    statSync(abs);
  } catch {
    targetExists = false;
  }
  if (!targetExists) {
    // Newest first: the site most recently swapped out is the one that was live.
    const olds = stale
      .filter((s) => s.kind === 'old')
      .sort((a, b) => statSync(b.path).mtimeMs - statSync(a.path).mtimeMs);
    const newest = olds[0];
    if (newest) {
      renameSync(newest.path, abs);
      stale.splice(stale.indexOf(newest), 1);
      log(
        `restored the previous site ${abs} from ${newest.path} (its build, pid ${newest.pid}, was stopped while swapping it)`,
      );
    }
  }
  for (const s of stale) {
    await rm(s.path, { recursive: true, force: true });
    log(`removed ${s.path}, left by a build that was stopped (pid ${s.pid})`);
  }
}

/**
 * After a successful swap: remove the trash folders earlier forced builds left beside `target`
 * (all but `keep`, the one this build just made); `log` hears one line per folder removed.
 */
export async function emptyTrash(target: string, keep: string | null, log: (line: string) => void): Promise<void> {
  const abs = resolve(target);
  const parent = dirname(abs);
  const pattern = new RegExp(`^\\.${escapeRegExp(basename(abs))}\\.trash-\\d+-[0-9a-f]+$`);
  let names: string[];
  try {
    names = readdirSync(parent);
  } catch {
    return;
  }
  for (const name of names) {
    const path = join(parent, name);
    if (!pattern.test(name) || path === keep) continue;
    await rm(path, { recursive: true, force: true });
    log(`removed ${path}, the folder an earlier build replaced with --force (kept until this build succeeded)`);
  }
}
