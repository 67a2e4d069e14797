/**
 * Building into a temporary folder beside the target and swapping it in at the end, so a
 * failed or interrupted build leaves the previous site byte-identical and no temporary
 * folder behind.
 */
import { existsSync, mkdirSync, renameSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';

export interface StagedOutput {
  /** The temporary folder to build into. */
  readonly staging: string;
  /** Swap the staged folder in place of the target, then remove the old one. */
  commit(): Promise<void>;
  /** Remove the staged folder (safe to call more than once). */
  discard(): Promise<void>;
}

interface Swappable extends StagedOutput {
  /** Move the target aside, when there is one. */
  moveAside(): void;
  /** Put the staged folder in place (after moveAside). */
  moveIn(): void;
  /** Undo moveIn: the new folder back to staging. */
  moveBack(): void;
  /** Undo moveAside: the old target back in place. */
  restore(): void;
  /** Remove the moved-aside target, once every folder of the build is in place. */
  removeOld(): Promise<void>;
}

/** Prefix of staging folders, so stale ones from a killed process are recognisable (stale.ts). */
export const stagingPrefix = (target: string): string => `.${basename(resolve(target))}.staging-`;

export function stageOutput(target: string): StagedOutput {
  return stage(target);
}

function stage(target: string): Swappable {
  const abs = resolve(target);
  const parent = dirname(abs);
  mkdirSync(parent, { recursive: true });
  const tag = `${process.pid}-${randomBytes(4).toString('hex')}`;
  const staging = join(parent, `${stagingPrefix(abs)}${tag}`);
  const old = join(parent, `.${basename(abs)}.old-${tag}`);
  mkdirSync(staging);
  let done = false;
  let hadOld = false;
  const self: Swappable = {
    staging,
    moveAside() {
      hadOld = existsSync(abs);
      if (hadOld) renameSync(abs, old);
    },
    moveIn() {
      renameSync(staging, abs);
      done = true;
    },
    moveBack() {
      renameSync(abs, staging);
      done = false;
    },
    restore() {
      if (hadOld) renameSync(old, abs);
      hadOld = false;
    },
    // Removed without blocking: a site can hold tens of thousands of files.
    removeOld: async () => {
      if (hadOld) await rm(old, { recursive: true, force: true });
    },
    commit: () => commitTogether([self]),
    async discard() {
      if (!done) {
        done = true;
        await rm(staging, { recursive: true, force: true });
      }
    },
  };
  return self;
}

/**
 * Swap several staged folders in (a site and its deploy folder) with their renames back to
 * back, and only then remove the old folders: a kill can no longer land while one is new and
 * the other old for as long as removing an old site takes, only between two renames (and a
 * target missing there, stale.ts puts back). On a failed rename, everything is put back.
 */
export async function commitTogether(outputs: readonly StagedOutput[]): Promise<void> {
  const all = outputs as readonly Swappable[];
  const aside: Swappable[] = [];
  const moved: Swappable[] = [];
  try {
    for (const o of all) {
      o.moveAside();
      aside.push(o);
    }
    for (const o of all) {
      o.moveIn();
      moved.push(o);
    }
  } catch (err) {
    for (const o of moved.reverse()) o.moveBack();
    for (const o of aside.reverse()) o.restore();
    throw err;
  }
  await Promise.all(all.map((o) => o.removeOld()));
}
