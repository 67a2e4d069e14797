/**
 * Building into a temporary folder beside the target and swapping it in at the end, so a
 * failed or interrupted build leaves the previous site byte-identical and no temporary
 * folder behind.
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
  /** Remove the staged folder, or after a commit the old target (safe to call more than once). */
  discard(): Promise<void>;
}

/** Prefix of staging folders, so stale ones from a killed process are recognisable (stale.ts). */
export const stagingPrefix = (target: string): string => `.${basename(resolve(target))}.staging-`;

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

export function stageOutput(target: string): StagedOutput {
  const abs = resolve(target);
  const parent = dirname(abs);
  mkdirSync(parent, { recursive: true });
  const tag = `${process.pid}-${randomBytes(4).toString('hex')}`;
  const staging = join(parent, `${stagingPrefix(abs)}${tag}`);
  mkdirSync(staging);
  const old = join(parent, `.${basename(abs)}.old-${tag}`);
  /** What discard removes: the staging folder until the commit, then the old target (if any). */
  let leftover: string | null = staging;
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
      leftover = hadOld ? old : null;
    },
    async discard() {
      const path = leftover;
      leftover = null;
      // Removed without blocking: a site can hold tens of thousands of files.
      if (path !== null) await rm(path, { recursive: true, force: true });
    },
  };
}
