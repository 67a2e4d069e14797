/**
 * A dump bigger than memory, and a build stopped while it reads (issue 37 item 3): a gzip of
 * valid rows expanding to gigabytes is refused in one line within a small heap, and SIGTERM
 * while a long whitespace stream is read ends the build within a second; either way the
 * previous site is byte-identical and no lock or staging folder is left. The dumps are
 * generated here (test/support/gzip-bomb.ts), never stored; the build is a real child process.
 */
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { HOST_TARGETS } from '../src/targets/registry.js';
import { build } from '../src/site/build.js';
import { compiledCli } from './support/cli.js';
import { hashTree } from './support/files.js';
import { blankBomb, rowsBomb } from './support/gzip-bomb.js';
import { tempDir } from './support/scratch.js';
import { BASE, SAMPLE } from './support/site.js';

const GIB = 2 ** 30;

/** A folder holding a built `dist/` of the sample, and every file below it with its hash. */
async function previousSite() {
  const root = await tempDir('hostile-read');
  const out = join(root, 'dist');
  await build({
    dump: SAMPLE,
    out,
    baseUrl: BASE,
    formats: ['json'],
    pageSizes: [],
    filterKeys: [],
    targets: [...HOST_TARGETS],
  });
  return { root, out, before: await hashTree(root) };
}

/** Lock (`.dist.lock`), staging and swap folders left beside the site. */
const leftovers = (root: string): string[] => readdirSync(root).filter((name) => name.startsWith('.'));

interface Child {
  readonly exited: Promise<number | null>;
  stderr(): string;
  kill(signal: NodeJS.Signals): void;
  readonly running: () => boolean;
}

/** `node [nodeFlags] jaspar-static build …args` in the background. */
async function buildChild(nodeFlags: readonly string[], args: readonly string[]): Promise<Child> {
  const child = spawn(process.execPath, [...nodeFlags, await compiledCli(), 'build', ...args], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    exited,
    stderr: () => stderr,
    kill: (signal) => child.kill(signal),
    running: () => child.exitCode === null && child.signalCode === null,
  };
}

/** Resolves when `test()` holds (checked every few ms), rejects past `ms` or when `alive()` stops holding. */
async function until(test: () => boolean, alive: () => boolean, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!test()) {
    if (!alive() || Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

describe('a dump bigger than memory, and SIGTERM while reading', () => {
  let dumps = '';
  beforeAll(async () => {
    await compiledCli();
    dumps = await tempDir('bombs');
  });

  it('a gzip of valid rows expanding to 2 GiB: one line naming the file and the limit, within a 256 MiB heap; the previous site and no lock', async () => {
    const bomb = join(dumps, 'ROWS2024.sql.gz');
    const size = await rowsBomb(bomb, 2 * GIB);
    expect(size.expanded).toBeGreaterThan(2 * GIB);
    expect(size.stored).toBeLessThan(8 * 2 ** 20);
    const site = await previousSite();
    // The heap is smaller than what the rows would take: without the bound, V8 aborts (exit 134, a stack trace).
    const child = await buildChild(
      ['--max-old-space-size=256'],
      [bomb, '--out', site.out, '--formats', 'json', '--max-read-mib', '64', '--quiet'],
    );
    const code = await child.exited;
    const lines = child.stderr().trimEnd().split('\n');
    expect(lines, child.stderr()).toHaveLength(1);
    expect(lines[0]).toMatch(
      new RegExp(
        `^jaspar-static: error: ${bomb.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}:\\d+: \\[MATRIX_ANNOTATION\\] the tables the API reads take more than the 64 MiB of memory a read may use \\(--max-read-mib raises it; JASPAR 2026 takes about 41 MiB\\)$`,
      ),
    );
    expect(code).toBe(1);
    expect(await hashTree(site.root)).toEqual(site.before);
    expect(leftovers(site.root)).toEqual([]);
  });

  it('SIGTERM while 2 GiB of whitespace and comments are read: exit 130 within a second, the previous site and no lock', async () => {
    const bomb = join(dumps, 'BLANK2024.sql.gz');
    const size = await blankBomb(bomb, 2 * GIB);
    expect(size.stored).toBeLessThan(8 * 2 ** 20);
    const site = await previousSite();
    const child = await buildChild([], [bomb, '--out', site.out, '--formats', 'json', '--progress-interval', '0.05']);
    // Reading has started once a progress line of the read phase came (gigabytes are left).
    await until(() => /^read: /m.test(child.stderr()), child.running, 120_000, 'a read progress line');
    const sent = performance.now();
    child.kill('SIGTERM');
    let code: number | null | 'running' = 'running';
    try {
      // Bounded so a build that ignores the signal fails here instead of reading for minutes.
      code = await Promise.race([child.exited, new Promise<'running'>((r) => setTimeout(() => r('running'), 20_000))]);
    } finally {
      if (code === 'running') child.kill('SIGKILL');
    }
    const took = performance.now() - sent;
    expect(code, child.stderr()).toBe(130);
    expect(took, `exited ${Math.round(took)} ms after SIGTERM`).toBeLessThan(1000);
    expect(child.stderr()).toContain('interrupted; the previous site is unchanged');
    expect(await hashTree(site.root)).toEqual(site.before);
    expect(leftovers(site.root)).toEqual([]);
  });
});
