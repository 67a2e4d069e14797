/**
 * Incremental rebuilds (issue 11 item 5): a rebuild writes only the files whose bytes changed
 * and leaves every other file of the site and its deploy folder untouched — the same inode and
 * the same mtime — while staying atomic. Checked on the sample, against an independent
 * expectation: the files that differ between the old site and a fresh build of the changed
 * dump in another folder (compared by content hash), never a hard-coded count.
 */
import { cp, lstat, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { build, type BuildOptions, type BuildSummary } from '../src/site/build.js';
import { changedFiles } from '../src/site/changes.js';
import { HOST_TARGETS } from '../src/targets/registry.js';
import { recordPathIn } from '../src/output/build-record.js';
import { hashTree, listFiles } from './support/files.js';
import { tempDir } from './support/scratch.js';
import { BASE, SAMPLE } from './support/site.js';

/** Trimmed so each build takes a second or two: a data, a text and the browsable format. */
const OPTIONS = {
  baseUrl: BASE,
  formats: ['json', 'jaspar', 'api'] as const,
  targets: [...HOST_TARGETS],
  pageSizes: [],
  filterKeys: [],
};

/** path → "inode mtime" of every file of the site and its deploy folder. */
async function identities(out: string): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const dir of [out, `${out}.deploy`]) {
    for (const path of await listFiles(dir)) {
      const st = await lstat(join(dir, path), { bigint: true });
      ids.set(`${dir === out ? 'site' : 'deploy'}/${path}`, `${st.ino} ${st.mtimeNs}`);
    }
  }
  return ids;
}

async function hashes(out: string): Promise<Map<string, string>> {
  const all = new Map<string, string>();
  for (const [dir, tag] of [
    [out, 'site'],
    [`${out}.deploy`, 'deploy'],
  ] as const)
    for (const [p, h] of await hashTree(dir)) all.set(`${tag}/${p}`, h);
  return all;
}

const rebuild = (dump: string, out: string, more: Partial<BuildOptions> = {}): Promise<BuildSummary> =>
  build({ dump, out, ...OPTIONS, formats: [...OPTIONS.formats], ...more });

describe('incremental rebuilds of the sample', () => {
  let root = '';
  let out = '';
  let first: Map<string, string>;
  beforeAll(async () => {
    root = await tempDir('incremental');
    out = join(root, 'dist');
    const summary = await rebuild(SAMPLE, out);
    expect(summary.rebuilt).toBe(true);
    first = await identities(out);
    expect(summary.changes).toEqual({ added: first.size, modified: 0, removed: 0, unchanged: 0 });
  });

  it('a no-op rebuild keeps the site as it is: 0 files changed, every inode and mtime unchanged', async () => {
    const summary = await rebuild(SAMPLE, out);
    expect(summary).toMatchObject({
      rebuilt: false,
      changes: { added: 0, modified: 0, removed: 0, unchanged: first.size },
    });
    expect(await identities(out)).toEqual(first);
  });

  it('without the build record (or after a touch), the rebuild compares bytes: 0 changed, every file hard-linked from the old site', async () => {
    await rm(recordPathIn(`${out}.deploy`));
    const summary = await rebuild(SAMPLE, out);
    expect(summary).toMatchObject({
      rebuilt: true,
      changes: { added: 0, modified: 0, removed: 0, unchanged: first.size },
    });
    expect(await identities(out)).toEqual(first);
  });

  it('a site edited by hand since is not trusted: the edited file is rebuilt, the others kept', async () => {
    // A page, not the manifest: a site whose manifest was edited is no longer known as this
    // tool's, and is replaced only with --force (src/site/replace-guard.ts).
    const page = join(out, '404.html');
    const original = await readFile(page);
    await writeFile(page, 'edited');
    const summary = await rebuild(SAMPLE, out);
    expect(summary).toMatchObject({
      rebuilt: true,
      changes: { added: 0, modified: 1, removed: 0, unchanged: first.size - 1 },
    });
    expect(await readFile(page)).toEqual(original);
    const now = await identities(out);
    expect([...now].filter(([p, id]) => first.get(p) !== id).map(([p]) => p)).toEqual(['site/404.html']);
    first = now;
  });

  it("a rebuild after one matrix's name changed changes exactly the files whose bytes differ, and no other", async () => {
    // The copy keeps the folder name (the release is named after it), one matrix renamed.
    const dump = join(await tempDir('renamed'), 'sample');
    await cp(SAMPLE, dump, { recursive: true });
    const table = join(dump, 'MATRIX.txt');
    const text = await readFile(table, 'utf8');
    expect(text).toContain('\tMA0103\t1\tZelt\n');
    await writeFile(table, text.replace('\tMA0103\t1\tZelt\n', '\tMA0103\t1\tZeltX\n'));
    // The expectation, built independently into a fresh folder: which files differ by content.
    const fresh = join(await tempDir('renamed-fresh'), 'dist');
    await build({ dump, out: fresh, ...OPTIONS, formats: [...OPTIONS.formats] });
    const [before, after] = [await hashes(out), await hashes(fresh)];
    const differing = [...after].filter(([p, h]) => before.get(p) !== h).map(([p]) => p);
    const removed = [...before.keys()].filter((p) => !after.has(p));
    expect(differing.length).toBeGreaterThan(0);
    expect(differing.length).toBeLessThan(after.size / 2);

    const summary = await rebuild(dump, out);
    expect(changedFiles(summary.changes)).toBe(differing.length + removed.length);
    expect(summary.changes.removed).toBe(removed.length);
    expect(summary.changes.unchanged).toBe(after.size - differing.length);
    expect(await hashes(out)).toEqual(after);
    const now = await identities(out);
    const touched = [...now].filter(([p, id]) => first.get(p) !== id).map(([p]) => p);
    expect(touched.sort()).toEqual(differing.sort());
    first = now;
  });

  it('an interrupted rebuild leaves the previous site as it was, inodes and mtimes included', async () => {
    const controller = new AbortController();
    let ticks = 0;
    const rebuilt = rebuild(SAMPLE, out, {
      signal: controller.signal,
      events: (e) => {
        if (e.type === 'progress' && e.phase === 'write' && ++ticks === 2) controller.abort();
      },
    });
    await expect(rebuilt).rejects.toThrow();
    expect(ticks).toBe(2);
    expect(await identities(out)).toEqual(first);
  });
});
