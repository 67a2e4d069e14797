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

/** Prefix of staging folders, so stale ones from a killed process are recognisable (stale.ts). */
export const stagingPrefix = (target: string): string => `.${basename(resolve(target))}.staging-`;

export function stageOutput(target: string): StagedOutput {
  const abs = resolve(target);
  const parent = dirname(abs);
  mkdirSync(parent, { recursive: true });
  const tag = `${process.pid}-${randomBytes(4).toString('hex')}`;
  const staging = join(parent, `${stagingPrefix(abs)}${tag}`);
  mkdirSync(staging);
  let done = false;
  return {
    staging,
    async commit() {
      const old = join(parent, `.${basename(abs)}.old-${tag}`);
      const hadOld = existsSync(abs);
      if (hadOld) renameSync(abs, old);
      try {
        renameSync(staging, abs);
      } catch (err) {
        if (hadOld) renameSync(old, abs);
        throw err;
      }
      done = true;
      // Removed without blocking: a site can hold tens of thousands of files.
      if (hadOld) await rm(old, { recursive: true, force: true });
    },
    async discard() {
      if (!done) {
        done = true;
        await rm(staging, { recursive: true, force: true });
      }
    },
  };
}
