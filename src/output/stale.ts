/**
 * What killed builds leave beside a target: staging folders (`.dist.staging-<pid>-<tag>`)
 * and swapped-out sites (`.dist.old-<pid>-<tag>`). A build holding the target's lock removes
 * those whose process is gone, and says so; if the build was killed between the two renames
 * of the swap, the target is missing and its `.old` folder is the previous site: it is put
 * back instead.
 */
import { readdirSync, renameSync, statSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

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
  const pattern = new RegExp(`^\\.${escape(basename(abs))}\\.(staging|old)-(\\d+)-[0-9a-f]+$`);
  let names: string[];
  try {
    names = readdirSync(parent);
  } catch {
    return;
  }
  const stale = names
    .map((name) => ({ name, m: pattern.exec(name) }))
    .filter((x): x is { name: string; m: RegExpExecArray } => x.m !== null && Number(x.m[2]) !== process.pid && gone(Number(x.m[2])))
    .map(({ name, m }) => ({ path: join(parent, name), kind: m[1] as 'staging' | 'old', pid: Number(m[2]) }));
  let targetExists = true;
  try {
    statSync(abs);
  } catch {
    targetExists = false;
  }
  if (!targetExists) {
    // Newest first: the site most recently swapped out is the one that was live.
    const olds = stale.filter((s) => s.kind === 'old').sort((a, b) => statSync(b.path).mtimeMs - statSync(a.path).mtimeMs);
    const newest = olds[0];
    if (newest) {
      renameSync(newest.path, abs);
      stale.splice(stale.indexOf(newest), 1);
      log(`restored the previous site ${abs} from ${newest.path} (its build, pid ${newest.pid}, was stopped while swapping it)`);
    }
  }
  for (const s of stale) {
    await rm(s.path, { recursive: true, force: true });
    log(`removed ${s.path}, left by a build that was stopped (pid ${s.pid})`);
  }
}
