/**
 * Builds that meet each other or the remains of dead ones: a second build into the same
 * --out refuses at once naming the running one; the lock of a killed build is taken over;
 * staging folders of dead builds are removed (and said so), a live build's are left alone;
 * a site swapped out by a build killed between its two renames is put back.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/site/build.js';
import { UserError } from '../../src/errors.js';
import { HOST_TARGETS } from '../../src/targets/registry.js';
import { lockPathFor } from '../../src/output/lock.js';
import { cliInBackground, waitForPath } from '../support/cli-run.js';
import { compiledCli } from '../support/cli.js';
import { hashTree } from '../support/files.js';
import { pidAlive, run } from '../support/process.js';
import { describeWith, sharedPath } from '../support/requirements.js';
import { tempDir } from '../support/scratch.js';
import { BASE, SAMPLE } from '../support/site.js';

const TRIM = { baseUrl: BASE, formats: ['json' as const], pageSizes: [], filterKeys: [], targets: [...HOST_TARGETS] };
const CLI_TRIM = ['--formats', 'json', '--page-sizes', 'none', '--filters', 'none'];
const release = sharedPath('releases', 'JASPAR2016');

/** The pid of a process that has exited (and so names no live build). */
async function deadPid(): Promise<number> {
  const child = spawn('true');
  await new Promise((r) => child.once('exit', r));
  if (child.pid === undefined || pidAlive(child.pid)) throw new Error('no dead pid to use');
  return child.pid;
}

/** Entries beside the site other than the site, its deploy folder and its build record. */
/** `s` as a literal in a RegExp. */
const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const leftovers = (root: string) => readdirSync(root).filter((n) => n !== 'dist' && n !== 'dist.deploy');

describeWith('two builds into one --out', [release], () => {
  beforeAll(async () => {
    await compiledCli();
  });

  it('the second refuses at once naming the running one; once that one is killed, its lock is taken over', async () => {
    const root = await tempDir('concurrent');
    const out = join(root, 'dist');
    await build({ dump: SAMPLE, out, ...TRIM });
    const before = await hashTree(out);
    // A real build of a real release, which holds the lock for several seconds.
    const first = await cliInBackground(['build', release.path, '--out', out, ...CLI_TRIM]);
    try {
      expect(await waitForPath(lockPathFor(out), () => first.child.exitCode !== null), first.stderr()).toBe(true);
      const t0 = performance.now();
      const error = await build({ dump: SAMPLE, out, ...TRIM }).catch((e: unknown) => e);
      const waited = performance.now() - t0;
      expect(error).toBeInstanceOf(UserError);
      expect((error as UserError).format()).toMatch(
        new RegExp(
          `^${esc(out)}: another build is writing this site \\(pid ${first.child.pid} on .*started .*build ${esc(release.path)}`,
        ),
      );
      expect(waited).toBeLessThan(5000);
      expect(first.child.exitCode, 'the first build was still running when the second refused').toBeNull();
      first.child.kill('SIGKILL');
      await first.exited;
    } finally {
      first.child.kill('SIGKILL');
    }
    expect(existsSync(lockPathFor(out)), 'a SIGKILLed build leaves its lock').toBe(true);
    expect(await hashTree(out)).toEqual(before);
    const log: string[] = [];
    await build({ dump: SAMPLE, out, ...TRIM, log: (l) => log.push(l) });
    expect(log.join('\n')).toContain(
      `removed the lock of a build that is no longer running (pid ${first.child.pid} on`,
    );
    expect(leftovers(root)).toEqual([]);
  });
});

describe('remains of dead builds', () => {
  it("removes the staging and swap folders of dead builds, says so, and leaves a live build's alone", async () => {
    const root = await tempDir('stale');
    const out = join(root, 'dist');
    await build({ dump: SAMPLE, out, ...TRIM });
    const dead = await deadPid();
    const sleeper = spawn('sleep', ['60']);
    try {
      const stale = [
        `.dist.staging-${dead}-0badf00d`,
        `.dist.old-${dead}-0badf00d`,
        `.dist.deploy.staging-${dead}-0badf00d`,
      ];
      const live = `.dist.staging-${sleeper.pid}-c0ffee00`;
      for (const name of [...stale, live]) {
        mkdirSync(join(root, name, 'files'), { recursive: true });
        writeFileSync(join(root, name, 'files', 'x.json'), '{}');
      }
      const log: string[] = [];
      await build({ dump: SAMPLE, out, ...TRIM, log: (l) => log.push(l) });
      for (const name of stale)
        expect(log, name).toContain(`removed ${join(root, name)}, left by a build that was stopped (pid ${dead})`);
      expect(leftovers(root)).toEqual([live]);
    } finally {
      sleeper.kill('SIGKILL');
    }
  });

  it('puts back a site swapped out by a build killed between its two renames, even if the next build fails', async () => {
    const root = await tempDir('restore');
    const out = join(root, 'dist');
    await build({ dump: SAMPLE, out, ...TRIM });
    const before = await hashTree(out);
    const old = join(root, `.dist.old-${await deadPid()}-0badf00d`);
    renameSync(out, old);
    const log: string[] = [];
    await expect(build({ dump: join(root, 'no-such-dump'), out, ...TRIM, log: (l) => log.push(l) })).rejects.toThrow(
      UserError,
    );
    expect(log.join('\n')).toContain(`restored the previous site ${out} from ${old}`);
    expect(await hashTree(out)).toEqual(before);
    expect(leftovers(root)).toEqual([]);
  });

  it('the CLI prints what it removed', async () => {
    const root = await tempDir('stale-cli');
    const out = join(root, 'dist');
    const dead = await deadPid();
    mkdirSync(join(root, `.dist.staging-${dead}-0badf00d`));
    const r = await run(process.execPath, [await compiledCli(), 'build', SAMPLE, '--out', out, ...CLI_TRIM]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(
      `jaspar-static: removed ${join(root, `.dist.staging-${dead}-0badf00d`)}, left by a build that was stopped (pid ${dead})`,
    );
  });
});
