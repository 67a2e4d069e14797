/**
 * The file system refusing writes: a full disk (a real one: a small tmpfs mounted for the
 * test, where we may mount; and always an injected ENOSPC) and a folder the build may not
 * write. Each ends with one clear line naming the path (and for a full disk the room needed
 * and free), never "internal error", and the previous site byte-identical, nothing left.
 */
import { chmodSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/site/build.js';
import { UserError } from '../../src/errors.js';
import { HOST_TARGETS } from '../../src/targets/registry.js';
import { DiskSink } from '../../src/output/sink.js';
import { cli } from '../support/cli-run.js';
import { hashTree } from '../support/files.js';
import { runOk } from '../support/process.js';
import { MOUNT_TMPFS } from '../support/probes.js';
import { command, describeWith } from '../support/requirements.js';
import { tempDir } from '../support/scratch.js';
import { BASE, SAMPLE } from '../support/site.js';

const TRIM = { baseUrl: BASE, formats: ['json' as const], pageSizes: [], filterKeys: [], targets: [...HOST_TARGETS] };
const CLI_TRIM = ['--formats', 'json', '--page-sizes', 'none', '--filters', 'none'];
/** `s` as a literal in a RegExp. */
const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const leftovers = (root: string) => readdirSync(root).filter((n) => n.startsWith('.'));

/** A disk sink whose `failAt`-th write fails as the kernel would report a full disk. */
class FullDiskSink extends DiskSink {
  private writes = 0;
  constructor(
    root: string,
    private readonly failAt: number,
  ) {
    super(root);
  }
  private count(path: string): void {
    if (++this.writes === this.failAt) {
      const abs = join(this.root, path);
      throw Object.assign(new Error(`ENOSPC: no space left on device, open '${abs}'`), {
        code: 'ENOSPC',
        errno: -28,
        syscall: 'open',
        path: abs,
      });
    }
  }
  override write(path: string, data: string | Uint8Array): void {
    this.count(path);
    super.write(path, data);
  }
  override writeSame(path: string, earlier: string): void {
    this.count(path);
    super.writeSame(path, earlier);
  }
}

describe('a full disk (injected ENOSPC)', () => {
  it('ends with the path, the room needed and free; the previous site is unchanged', async () => {
    const root = await tempDir('enospc-injected');
    const out = join(root, 'dist');
    await build({ dump: SAMPLE, out, ...TRIM });
    const before = await hashTree(root);
    const error = await build({
      dump: SAMPLE,
      out,
      ...TRIM,
      openSink: (staging) => new FullDiskSink(staging, 300),
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UserError);
    const line = (error as UserError).format();
    expect(line).toMatch(
      new RegExp(
        `^${esc(root)}/\\.dist\\.staging-\\d+-[0-9a-f]+/\\S+: no space left on device while writing the site: it needs more than the \\d+\\.\\d MB \\(299 files\\) written before the disk filled, and \\d+\\.\\d MB is free there; the previous site is unchanged`,
      ),
    );
    expect(await hashTree(root)).toEqual(before);
    expect(leftovers(root)).toEqual([]);
  });
});

describeWith(
  'a full disk (a real 16 MB tmpfs)',
  [command(MOUNT_TMPFS[0], [...MOUNT_TMPFS[1]], 'mounting a tmpfs (root)')],
  () => {
    let mnt = '';
    beforeAll(async () => {
      mnt = join(await tempDir('enospc'), 'mnt');
      await runOk('mkdir', [mnt]);
      await runOk('mount', ['-t', 'tmpfs', '-o', 'size=16m', 'tmpfs', mnt]);
    });
    afterAll(async () => {
      if (mnt) await runOk('umount', [mnt]);
    });

    it('jaspar-static build says so with the path and sizes, exit 1, the previous site unchanged', async () => {
      const out = join(mnt, 'dist');
      expect((await cli(['build', SAMPLE, '--out', out, ...CLI_TRIM])).code).toBe(0);
      const before = await hashTree(mnt);
      // Every format: about 200 MB, which cannot fit.
      const r = await cli(['build', SAMPLE, '--out', out]);
      expect(r.code, r.stderr).toBe(1);
      expect(r.stderr).not.toContain('internal error');
      const m =
        /^jaspar-static: error: (\S+): no space left on device while writing the site: it needs more than the ([\d.]+) MB \((\d+) files\) written before the disk filled, and ([\d.]+) MB is free there; the previous site is unchanged/m.exec(
          r.stderr,
        );
      expect(m, r.stderr).not.toBeNull();
      const [, path, needed, , free] = m as RegExpExecArray;
      expect(path?.startsWith(`${mnt}/.dist`)).toBe(true);
      // Free is measured after the staging folder is removed: the room the previous site leaves.
      expect(Number(free)).toBeGreaterThan(4);
      expect(Number(needed)).toBeGreaterThan(Number(free) - 1);
      expect(await hashTree(mnt)).toEqual(before);
      expect(leftovers(mnt)).toEqual([]);
    });
  },
);

describe('a folder the build may not write', () => {
  it('jaspar-static build names it (EACCES), exit 1, the previous site unchanged', async () => {
    const root = await tempDir('eacces');
    const out = join(root, 'dist');
    expect((await cli(['build', SAMPLE, '--out', out, ...CLI_TRIM])).code).toBe(0);
    const before = await hashTree(root);
    // As root, permissions do not apply: build as nobody; otherwise take our own write permission away.
    const asRoot = process.getuid?.() === 0;
    chmodSync(root, asRoot ? 0o755 : 0o555);
    try {
      const r = await cli(['build', SAMPLE, '--out', out, ...CLI_TRIM], asRoot ? { uid: 65534, gid: 65534 } : {});
      expect(r.code, r.stderr).toBe(1);
      expect(r.stderr).toMatch(
        new RegExp(
          `^jaspar-static: error: ${esc(root)}/\\S+: cannot write the site here: permission denied; the previous site is unchanged\\. Build with --out in a folder you can write \\(EACCES\\)$`,
          'm',
        ),
      );
    } finally {
      chmodSync(root, 0o700);
    }
    expect(await hashTree(root)).toEqual(before);
    expect(leftovers(root)).toEqual([]);
  });
});
