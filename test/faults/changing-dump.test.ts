/**
 * A dump that changes while the build reads it (a download or copy still running) is
 * refused with the file that changed, and the previous site stays as it was: never a site
 * made of two states of the dump.
 */
import { spawn } from 'node:child_process';
import { appendFileSync, cpSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { changedInputs, snapshotInputs } from '../../src/output/input-snapshot.js';
import { EXTRA_FOLDERS } from '../../src/dump/extras/read-extras.js';
import { isTableFile } from '../../src/dump/flat/files.js';

const INPUTS = { isTable: isTableFile, extraFolders: EXTRA_FOLDERS };
import { cli } from '../support/cli-run.js';
import { hashTree } from '../support/files.js';
import { tempDir } from '../support/scratch.js';
import { SAMPLE } from '../support/site.js';

const CLI_TRIM = ['--formats', 'json', '--page-sizes', 'none', '--filters', 'none'];

describe('a dump that changes while it is read', () => {
  it('snapshots see a file that grew, was touched, appeared or vanished, and nothing when nothing changed', async () => {
    const dump = join(await tempDir('snapshot'), 'dump');
    cpSync(SAMPLE, dump, { recursive: true });
    const before = await snapshotInputs(dump, INPUTS);
    expect(before.size).toBeGreaterThan(7);
    expect(changedInputs(before, await snapshotInputs(dump, INPUTS))).toEqual([]);
    appendFileSync(join(dump, 'MATRIX.txt'), '\n');
    utimesSync(join(dump, 'TAX.txt'), new Date(0), new Date(0));
    writeFileSync(join(dump, 'RELEASE.txt'), '');
    writeFileSync(join(dump, 'README.txt'), 'no input');
    const after = await snapshotInputs(dump, INPUTS);
    const changed = changedInputs(before, after);
    expect(changed).toHaveLength(3);
    expect(changed[0]).toMatch(
      new RegExp(`^${join(dump, 'MATRIX.txt')} changed \\(\\d+ bytes, modified .+ → \\d+ bytes, modified .+\\)$`),
    );
    expect(changed[1]).toMatch(/TAX\.txt changed .* modified 1970-01-01T00:00:00\.000Z\)$/);
    expect(changed[2]).toBe(`${join(dump, 'RELEASE.txt')} appeared`);
    expect(changedInputs(after, before)).toContain(`${join(dump, 'RELEASE.txt')} was removed`);
  });

  it('jaspar-static build refuses it, names the file, exit 1, the previous site unchanged', async () => {
    const root = await tempDir('changing');
    const dump = join(root, 'release');
    cpSync(SAMPLE, dump, { recursive: true });
    const out = join(root, 'dist');
    expect((await cli(['build', dump, '--out', out, ...CLI_TRIM])).code).toBe(0);
    const before = await hashTree(out);
    // Another process keeps rewriting one table's modification time for as long as the build runs.
    const target = join(dump, 'MATRIX_DATA.txt');
    const writer = spawn(
      process.execPath,
      ['-e', `const fs = require('fs'); for (let i = 1; ; i++) fs.utimesSync(${JSON.stringify(target)}, i, i);`],
      { stdio: 'ignore' },
    );
    try {
      // Started for sure (its times are seconds after 1970) before the build is.
      while ((await stat(target)).mtimeMs > 1e9) await new Promise((r) => setTimeout(r, 5));
      const r = await cli(['build', dump, '--out', out, ...CLI_TRIM]);
      expect(r.code, r.stderr).toBe(1);
      expect(r.stderr).toContain(
        `jaspar-static: error: ${dump}: the dump changed while it was read (${target} changed (`,
      );
      expect(r.stderr).toContain('build again once nothing writes to it');
    } finally {
      writer.kill('SIGKILL');
    }
    expect(await hashTree(out)).toEqual(before);
    expect(readdirSync(root).filter((n) => n.startsWith('.'))).toEqual([]);
  });
});
