/**
 * Vitest globalSetup: runs once in the main process before any test file.
 *
 * 1. A scratch folder for this run (`scratch`, see scratch.ts): every site a test builds goes
 *    below it, and heavy builds are shared between test files through it (shared.ts). It is on
 *    a RAM-backed file system when one with room is mounted (/dev/shm): on this project's disks
 *    removing one sample site (27k files) takes half a minute, on tmpfs about a second.
 *    Scratch folders of runs whose process is gone are removed first; this run's at the end.
 * 2. The probes of the tests' requirements (nginx, Apache, Python modules, Chromium…), run
 *    here once, concurrently and without blocking (`probes`, see requirements.ts), so that
 *    no test worker waits on a child process at collection time.
 */
import { mkdir, readdir, rm, statfs, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { pidAlive, removeTree } from './process.js';
import { runProbes, type ProbeResults } from './probes.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** This run's scratch folder (absolute). */
    scratch: string;
    /** Results of the requirement probes, keyed by probeKey(). */
    probes: ProbeResults;
  }
}

const RUN_PREFIX = 'jaspar-static-test-';
/** Room the heaviest run needs at once (shared real-release sites plus per-file builds). */
const NEEDED_BYTES = 6 * 1024 ** 3;

/** Where this run's scratch folder goes: $JASPAR_STATIC_TEST_TMP, else tmpfs with room, else the OS temp folder. */
async function scratchBase(): Promise<string> {
  const chosen = process.env.JASPAR_STATIC_TEST_TMP;
  if (chosen) return chosen;
  try {
    const fs = await statfs('/dev/shm');
    if (fs.bavail * fs.bsize >= NEEDED_BYTES) {
      await writeFile(join('/dev/shm', `.${RUN_PREFIX}probe-${process.pid}`), '');
      await rm(join('/dev/shm', `.${RUN_PREFIX}probe-${process.pid}`));
      return '/dev/shm';
    }
  } catch {
    // no usable tmpfs: fall through
  }
  return tmpdir();
}

/** Remove scratch folders of earlier runs whose vitest process is gone (a killed run leaves them). */
async function removeDeadRuns(base: string): Promise<void> {
  const names = await readdir(base).catch(() => [] as string[]);
  await Promise.all(
    names.map(async (name) => {
      const pid = Number(/^jaspar-static-test-(\d+)-/.exec(name)?.[1]);
      if (pid && !pidAlive(pid)) await removeTree(join(base, name));
    }),
  );
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const base = await scratchBase();
  await removeDeadRuns(base);
  const scratch = join(base, `${RUN_PREFIX}${process.pid}-${Date.now().toString(36)}`);
  // 0755: the Apache under test runs its children as www-data when we are root.
  await mkdir(scratch, { recursive: true, mode: 0o755 });
  const [probes] = await Promise.all([runProbes()]);
  project.provide('scratch', scratch);
  project.provide('probes', probes);
  return async () => {
    if (process.env.JASPAR_STATIC_KEEP_SCRATCH !== '1') await removeTree(scratch);
  };
}
