/**
 * Nothing lost under SIGKILL: a real `jaspar-static build` child is killed with SIGKILL at a
 * random moment, RUNS times in a row, each followed by a normal build (in-process). After every kill the
 * site and its deploy folder are each byte-identical to the previous build's or (a kill after
 * the swap) to the killed build's complete output, never a mixture or nothing; the next build
 * succeeds, says what it removed, and leaves nothing but the site and its deploy folder.
 *
 * The build is the sample release with JSON only and no extra pages, filters or orders (~600
 * files, under a second quiet): every phase (start-up, lock, reading, writing, swap, clean-up)
 * is a fair share of it, so random kills land in all of them, and RUNS builds stay within a
 * minute or two. What it costs is the killed children (each a node start, then as much of a
 * build as it gets to) and hashing the trees: the order pages (`--orders none`) would be 900
 * more files of the same writing phase to write and hash, 15% more CPU a child. The killed
 * build uses another --base-url, so "killed after it finished" is told apart from "previous
 * site kept". The kill comes at a random point of 1.1 builds, a build's time first measured in
 * beforeAll and then taken from each killed build that had finished by its kill: when the load
 * drops, the window shrinks with it instead of letting every build finish (and cost a full
 * build and a full rebuild).
 */
import { readdirSync } from 'node:fs';
import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/site/build.js';
import { HOST_TARGETS } from '../../src/targets/registry.js';
import { lockPathFor } from '../../src/output/lock.js';
import { cli, cliInBackground } from '../support/cli-run.js';
import { compiledCli } from '../support/cli.js';
import { treeDigest } from '../support/files.js';
import { tempDir } from '../support/scratch.js';
import { SAMPLE } from '../support/site.js';
import { prng } from '../support/prng.js';

const RUNS = 24;
const TRIM = ['--formats', 'json', '--page-sizes', 'none', '--filters', 'none', '--orders', 'none'];
const PREVIOUS = 'https://previous.example.org';
/** The normal build after each kill, in-process (the killed one is the CLI): the same options as TRIM. */
const NORMAL = {
  baseUrl: PREVIOUS,
  formats: ['json' as const],
  pageSizes: [],
  filterKeys: [],
  orderFields: [],
  targets: [...HOST_TARGETS],
};
const KILLED = 'https://killed.example.org';

const exists = (p: string) =>
  access(p).then(
    () => true,
    () => false,
  );
const digests = async (out: string) => `${await treeDigest(out)} ${await treeDigest(`${out}.deploy`)}`;
const beside = (root: string) =>
  readdirSync(root)
    .filter((n) => n !== 'dist' && n !== 'dist.deploy')
    .sort();

describe(`SIGKILL at random points of a real build, ${RUNS} times`, () => {
  const seed = Number(process.env.JASPAR_STATIC_KILL_SEED ?? Date.now() % 1e9);
  const random = prng(seed);
  const seen = {
    'previous kept': 0,
    'killed build had finished': 0,
    'staging left': 0,
    'lock left': 0,
    'cleaned up by next build': 0,
  };
  let root = '';
  let out = '';
  let previous = '';
  let killedComplete = '';
  let buildMs = 0;
  beforeAll(async () => {
    // What a complete killed build would leave, and how long one build takes here and now.
    const other = join(await tempDir('killed-reference'), 'dist');
    await compiledCli(); // not part of the time measured
    const t0 = performance.now();
    const r = await cli(['build', SAMPLE, '--out', other, '--base-url', KILLED, ...TRIM]);
    buildMs = performance.now() - t0;
    expect(r.code, r.stderr).toBe(0);
    killedComplete = await digests(other);
    root = await tempDir('killed');
    out = join(root, 'dist');
    await build({ dump: SAMPLE, out, ...NORMAL });
    previous = await digests(out);
    expect(previous).not.toBe(killedComplete);
  });
  afterAll(() => {
    console.log(
      `SIGKILL: ${RUNS} runs (seed ${seed}, one build ≈ ${buildMs.toFixed(0)} ms at the end): ${JSON.stringify(seen)}`,
    );
  });

  for (let i = 0; i < RUNS; i++) {
    it(`kill ${i + 1}: the site is the previous one (or the complete new one); the next build cleans up`, async () => {
      const delay = random() * buildMs * 1.1;
      const where = `kill after ${delay.toFixed(0)} ms (seed ${seed})`;
      const t0 = performance.now();
      const child = await cliInBackground(['build', SAMPLE, '--out', out, '--base-url', KILLED, ...TRIM]);
      let ranMs = 0;
      void child.exited.then(() => (ranMs = performance.now() - t0));
      await new Promise((r) => setTimeout(r, delay));
      const finished = child.child.exitCode === 0;
      child.child.kill('SIGKILL');
      await child.exited;
      // A build that ended before its kill says how long one takes now: the machine's load has
      // changed since beforeAll, so the window follows it rather than drifting past every build.
      if (finished) buildMs = ranMs;
      const after = await digests(out);
      expect(
        [previous, killedComplete],
        `${where}: the site is neither the previous one nor the complete new one`,
      ).toContain(after);
      seen[after === previous ? 'previous kept' : 'killed build had finished']++;
      const left = beside(root);
      if (left.some((n) => n.includes('.staging-'))) seen['staging left']++;
      if (await exists(lockPathFor(out))) seen['lock left']++;
      // The normal build: succeeds, removes what the killed one left and says so, leaves nothing else.
      const log: string[] = [];
      await build({ dump: SAMPLE, out, ...NORMAL, log: (l) => log.push(l) });
      for (const name of left.filter((n) => n.includes('.staging-') || n.includes('.old-') || n.endsWith('.tmp')))
        expect(log, where).toContain(
          `removed ${join(root, name)}, left by a build that was stopped (pid ${child.child.pid})`,
        );
      if (left.length > 0) seen['cleaned up by next build']++;
      expect(beside(root), where).toEqual([]);
      expect(await digests(out), where).toBe(previous);
    });
  }

  it('the kills hit builds in progress, not only finished ones', () => {
    expect(seen['staging left'] + seen['lock left']).toBeGreaterThan(RUNS / 4);
  });
});
