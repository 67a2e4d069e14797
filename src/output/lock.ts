/**
 * One build at a time per output folder: a lock file beside the target (`.dist.lock`) naming
 * its owner (pid, host, start). A second build refuses at once, naming the running one; a
 * lock whose process is gone (killed, crashed, machine restarted) is stale and taken over.
 */
import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { UserError } from '../errors.js';

interface Owner {
  readonly pid: number;
  readonly host: string;
  /** The owner's start time as the kernel counts it (/proc/<pid>/stat), to tell a reused pid apart. */
  readonly boot: string | null;
  readonly started: string;
  readonly token: string;
  readonly command: string;
}

export interface OutputLock {
  readonly path: string;
  /** Remove the lock if it is still ours (safe to call more than once). */
  release(): void;
}

export const lockPathFor = (target: string): string =>
  join(dirname(resolve(target)), `.${basename(resolve(target))}.lock`);

/** Field 22 of /proc/<pid>/stat (start time in clock ticks since boot); null where there is no /proc. */
function processStart(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function alive(owner: Owner): boolean {
  try {
    process.kill(owner.pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  // The pid exists; it is the owner unless it was reused by a process started later.
  const now = processStart(owner.pid);
  return owner.boot === null || now === null || now === owner.boot;
}

function readOwner(path: string): Owner | null {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as Owner;
  } catch {
    return null;
  }
}

const ownerText = (o: Owner) => `pid ${o.pid} on ${o.host}, started ${o.started}${o.command ? `: ${o.command}` : ''}`;

/**
 * Take the lock of `target` or throw a UserError naming the build that holds it. `log` hears
 * about a stale lock taken over.
 */
export function lockOutput(target: string, log: (line: string) => void = () => {}): OutputLock {
  const path = lockPathFor(target);
  mkdirSync(dirname(path), { recursive: true });
  const me: Owner = {
    pid: process.pid,
    host: hostname(),
    boot: processStart(process.pid),
    started: new Date().toISOString(),
    token: randomBytes(8).toString('hex'),
    command: process.argv.slice(1).join(' ').slice(0, 300),
  };
  // Written whole under another name, then linked: the lock never exists half-written.
  const tmp = `${path}.${me.pid}-${me.token}`;
  writeFileSync(tmp, `${JSON.stringify(me)}\n`);
  try {
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        linkSync(tmp, path);
        return { path, release: () => releaseIfOurs(path, me.token) };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
      const owner = readOwner(path);
      if (owner === null) continue; // released meanwhile
      if (owner.host !== me.host) {
        throw new UserError(
          `another build may be writing this site (${ownerText(owner)}); if none runs there, delete ${path}`,
          { file: target },
        );
      }
      if (alive(owner))
        throw new UserError(
          `another build is writing this site (${ownerText(owner)}); wait for it to finish or stop it`,
          { file: target },
        );
      // Stale. Move it aside first: of two builds taking over at once, only one moves it.
      const aside = `${path}.stale-${me.pid}-${me.token}`;
      try {
        renameSync(path, aside);
      } catch {
        continue;
      }
      const moved = readOwner(aside);
      if (moved && moved.token !== owner.token && alive(moved)) {
        // Someone else took over in between and we moved their lock: put it back.
        try {
          linkSync(aside, path);
        } finally {
          unlinkSync(aside);
        }
        throw new UserError(
          `another build is writing this site (${ownerText(moved)}); wait for it to finish or stop it`,
          { file: target },
        );
      }
      unlinkSync(aside);
      log(`removed the lock of a build that is no longer running (${ownerText(owner)})`);
    }
    throw new UserError(`could not take the lock ${path}; another build keeps changing it`, { file: target });
  } finally {
    unlinkSync(tmp);
  }
}

function releaseIfOurs(path: string, token: string): void {
  if (readOwner(path)?.token !== token) return;
  try {
    unlinkSync(path);
  } catch {
    // already gone
  }
}
