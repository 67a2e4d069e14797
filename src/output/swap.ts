/**
 * Building into a temporary folder beside the target and swapping it in at the end, so a
 * failed or interrupted build leaves the previous site byte-identical and no temporary
 * folder behind.
 */
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';

export interface StagedOutput {
  /** The temporary folder to build into. */
  readonly staging: string;
  /** Swap the staged folder in place of the target. */
  commit(): void;
  /** Remove the staged folder (safe to call more than once). */
  discard(): void;
}

/** Prefix of staging folders, so stale ones from a killed process are recognisable. */
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
    commit() {
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
      if (hadOld) rmSync(old, { recursive: true, force: true });
    },
    discard() {
      if (!done) rmSync(staging, { recursive: true, force: true });
      done = true;
    },
  };
}
