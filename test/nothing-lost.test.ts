/**
 * Nothing lost: a failed, crashed or interrupted build leaves the previous site byte-identical
 * and no staging folder behind. Failures and crashes run in-process (a crash is an exception
 * thrown mid-write by an injected sink); interruptions send SIGINT/SIGTERM to a real
 * `jaspar-static build` child process building a real release.
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { build, type BuildOptions } from '../src/site/build.js';
import { UserError } from '../src/errors.js';
import type { FormatName } from '../src/api/formats.js';
import { HOST_TARGETS } from '../src/targets/registry.js';
import { DiskSink } from '../src/output/sink.js';
import { compiledCli } from './support/cli.js';
import { hashTree } from './support/files.js';
import { describeWith, sharedPath } from './support/requirements.js';
import { tempDir } from './support/scratch.js';
import { BASE, SAMPLE } from './support/site.js';

/** One format and no extra pages are enough here: what matters is what happens to the files, not what they hold. */
const FORMATS: FormatName[] = ['json'];
const TRIM = { formats: FORMATS, pageSizes: [], filterKeys: [] };

/** A disk sink that fails like a full disk on its `failAt`-th write. */
class FailingSink extends DiskSink {
  private writes = 0;
  constructor(
    root: string,
    private readonly failAt: number,
  ) {
    super(root);
  }
  private count(): void {
    if (++this.writes === this.failAt)
      throw new Error(`ENOSPC: no space left on device (injected at write ${this.failAt})`);
  }
  override write(path: string, data: string | Uint8Array): void {
    this.count();
    super.write(path, data);
  }
  override writeSame(path: string, earlier: string): void {
    this.count();
    super.writeSame(path, earlier);
  }
}

interface PreviousSite {
  readonly root: string;
  readonly out: string;
  /** Every file below `root` (the site and whatever the build writes beside it) with its hash. */
  readonly before: Map<string, string>;
  /** How many files the site itself has (= writes through its sink). */
  readonly files: number;
  readonly options: Omit<BuildOptions, 'dump'>;
}

/** A fresh folder holding a built `dist/`, and what it looked like. */
async function previousSite(): Promise<PreviousSite> {
  const root = await tempDir('lost');
  const out = join(root, 'dist');
  const options = { out, baseUrl: BASE, ...TRIM, targets: [...HOST_TARGETS] };
  await build({ dump: SAMPLE, ...options });
  return { root, out, before: await hashTree(root), files: (await hashTree(out)).size, options };
}

/** Staging (`.dist.staging-…`) and swap (`.dist.old-…`) folders left in `root`. */
const leftovers = (root: string): string[] => readdirSync(root).filter((name) => name.startsWith('.'));

describe('a failed or crashed build loses nothing', () => {
  it('a bad dump: the previous site is byte-identical, no staging folder', async () => {
    const site = await previousSite();
    const bad = join(await tempDir('bad'), 'bad');
    cpSync(SAMPLE, bad, { recursive: true });
    writeFileSync(
      join(bad, 'MATRIX_DATA.txt'),
      `${readFileSync(join(SAMPLE, 'MATRIX_DATA.txt'), 'utf8')}101\tA\t1\t1,5\n`,
    );
    const error = await build({ dump: bad, ...site.options }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UserError);
    expect((error as UserError).format()).toBe(`${join(bad, 'MATRIX_DATA.txt')}:1689: value "1,5" is not a number`);
    expect(await hashTree(site.root)).toEqual(site.before);
    expect(leftovers(site.root)).toEqual([]);
  });

  const positions = { first: (_n: number) => 1, middle: (n: number) => Math.floor(n / 2), last: (n: number) => n };
  for (const [which, at] of Object.entries(positions)) {
    it(`an exception thrown at the ${which} write: the previous site is byte-identical, no staging folder`, async () => {
      const site = await previousSite();
      const failAt = at(site.files);
      const run = build({ dump: SAMPLE, ...site.options, openSink: (staging) => new FailingSink(staging, failAt) });
      await expect(run).rejects.toThrow(`injected at write ${failAt}`);
      expect(await hashTree(site.root)).toEqual(site.before);
      expect(leftovers(site.root)).toEqual([]);
    });
  }

  it('a crash in the very first build leaves no site and no staging folder', async () => {
    const root = await tempDir('lost');
    const options = { out: join(root, 'dist'), baseUrl: BASE, ...TRIM, targets: [...HOST_TARGETS] };
    await expect(
      build({ dump: SAMPLE, ...options, openSink: (staging) => new FailingSink(staging, 50) }),
    ).rejects.toThrow('ENOSPC');
    expect(readdirSync(root)).toEqual([]);
  });
});

const release = sharedPath('releases', 'JASPAR2016');
describeWith('an interrupted jaspar-static build (child process, real release) loses nothing', [release], () => {
  let cli = '';
  beforeAll(async () => {
    // The child runs the CLI compiled from the sources under test (once per run).
    cli = await compiledCli();
  });

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    it(`${signal} while writing: exit 130 within a second, the previous site is byte-identical, no staging folder`, async () => {
      const site = await previousSite();
      const child = spawn(process.execPath, [cli, 'build', release.path, '--out', site.out], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      // Signal once the build is writing into its staging folder.
      const deadline = Date.now() + 60_000;
      const writing = async () => {
        for (const n of await readdir(site.root)) {
          if (n.startsWith('.dist.staging-') && (await readdir(join(site.root, n)).catch(() => [])).length > 0)
            return true;
        }
        return false;
      };
      while (!(await writing())) {
        if (Date.now() > deadline || child.exitCode !== null)
          throw new Error(`build never started writing (exit ${child.exitCode}): ${stderr}`);
        await new Promise((r) => setTimeout(r, 10));
      }
      const sent = performance.now();
      child.kill(signal);
      const code = await exited;
      const took = performance.now() - sent;
      expect(code, stderr).toBe(130);
      // Issue 37 item 3: a signal is honoured within a second in every phase.
      expect(took, `exited ${Math.round(took)} ms after ${signal}`).toBeLessThan(1000);
      expect(stderr).toContain('interrupted; the previous site is unchanged');
      expect(await hashTree(site.root)).toEqual(site.before);
      expect(leftovers(site.root)).toEqual([]);
      expect(existsSync(join(site.out, 'jaspar-static.json'))).toBe(true);
    });
  }
});
