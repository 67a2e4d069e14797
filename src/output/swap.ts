/**
 * Building into a temporary folder beside the target and swapping it in at the end, so a
 * failed or interrupted build leaves the previous site byte-identical and no temporary
 * folder behind. A folder replaced because of `--force` (not one of this tool's sites) is not
 * removed: it is renamed to a trash folder beside it (`.dist.trash-<pid>-<tag>`), which the
 * next build of that folder removes once its own swap has succeeded (stale.ts), so even a wrong
 * `--force` can be undone until then.
 */
import { existsSync, mkdirSync, renameSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import { UserError } from '../errors.js';

export interface StagedOutput {
  /** The temporary folder to build into. */
  readonly staging: string;
  /** Swap the staged folder in place of the target (the old one is removed by {@link discard}). */
  commit(): Promise<void>;
  /** Remove the staged folder, or after a commit the old target unless kept (safe to call more than once). */
  discard(): Promise<void>;
  /** Where the replaced folder was kept, once committed with `keep` (null otherwise). */
  readonly kept: () => string | null;
}

/** Prefix of staging folders, so stale ones from a killed process are recognisable (stale.ts). */
export const stagingPrefix = (target: string): string => `.${basename(resolve(target))}.staging-`;

/** Prefix of the trash folders that keep what a forced build replaced (removed by the next build). */
export const trashPrefix = (target: string): string => `.${basename(resolve(target))}.trash-`;

/**
 * A rename within one folder stays on one file system, so the swap is atomic wherever the dump
 * lives; it fails only when the target is itself a mount point (EBUSY, EXDEV): said so, in one line.
 */
function renameOrExplain(from: string, to: string): void {
  try {
    renameSync(from, to);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== 'EBUSY' && code !== 'EXDEV') throw err;
    throw new UserError(
      `cannot swap the new site in: ${from} is a mount point (or busy), and a folder is replaced by renaming it within its parent; build with --out a folder inside it (${code})`,
      { file: from },
    );
  }
}

/** `keep`: the folder replaced is kept in a trash folder beside it instead of being removed. */
export function stageOutput(target: string, keep = false): StagedOutput {
  const abs = resolve(target);
  const parent = dirname(abs);
  mkdirSync(parent, { recursive: true });
  const tag = `${process.pid}-${randomBytes(4).toString('hex')}`;
  const staging = join(parent, `${stagingPrefix(abs)}${tag}`);
  mkdirSync(staging);
  const old = join(parent, keep ? `${trashPrefix(abs)}${tag}` : `.${basename(abs)}.old-${tag}`);
  /** What discard removes: the staging folder until the commit, then the old target (if any). */
  let leftover: string | null = staging;
  let kept: string | null = null;
  return {
    staging,
    async commit() {
      const hadOld = existsSync(abs);
      if (hadOld) renameOrExplain(abs, old);
      try {
        renameSync(staging, abs);
      } catch (err) {
        if (hadOld) renameSync(old, abs);
        throw err;
      }
      leftover = hadOld && !keep ? old : null;
      kept = hadOld && keep ? old : null;
    },
    kept: () => kept,
    async discard() {
      const path = leftover;
      leftover = null;
      // Removed without blocking: a site can hold tens of thousands of files.
      if (path !== null) await rm(path, { recursive: true, force: true });
    },
  };
}
