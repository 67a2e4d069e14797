import { lstatSync } from 'node:fs';
import { mkdir, rename, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeTree, tempDir } from '../../test/support/scratch.js';
import {
  countTree,
  largestFolderIn,
  listTree,
  noLanes,
  stampFile,
  stampTree,
  treeStamp,
  walkTree,
} from './tree-stamp.js';

/** Names whose order differs between a folder's sorted entries and sorted full paths, were `/` not appended. */
const FILES = ['a.txt', 'a-b/x', 'a/b', 'a/b.c', 'a/b-c/d', 'a0', 'b/c/d/e', 'b/c/f', 'b/g', 'index.html', 'A/z'];

describe('the tree walk (issue 46: no list of every path)', () => {
  let root: string;
  beforeAll(async () => {
    root = await tempDir('tree-walk');
    for (const f of FILES) {
      await mkdir(join(root, f, '..'), { recursive: true });
      await writeFile(join(root, f), f);
    }
  });
  afterAll(() => removeTree(root));

  it('yields the files in the order of the sorted list', async () => {
    const walked: string[] = [];
    for await (const e of walkTree(root)) if ('path' in e) walked.push(e.path);
    expect(walked).toEqual(await listTree(root));
    expect(walked).toEqual([...FILES].sort());
  });

  it('stamps each file (path, size, mtime, inode and mode) in any order, and sees any of them change', async () => {
    const lanes = noLanes();
    for (const path of [...FILES].reverse()) stampFile(lanes, path, lstatSync(join(root, path)));
    const stamp = await stampTree(root);
    expect(stamp).toEqual(treeStamp(FILES.length, FILES.join('').length, lanes));
    expect(stamp.stamp).toMatch(/^[0-9a-f]{32}$/);
    expect(await stampTree(root, ['index.html'])).toMatchObject({ files: FILES.length - 1 });
    expect(await countTree(root, ['index.html'])).toBe(FILES.length - 1);
    // Touched (mtime), rewritten, replaced by another inode with the same bytes: another stamp each time.
    const seen = new Set([stamp.stamp]);
    await utimes(join(root, 'a0'), new Date(2001, 1, 1), new Date(2001, 1, 1));
    seen.add((await stampTree(root)).stamp);
    await writeFile(join(root, 'b/g'), 'b/g!');
    seen.add((await stampTree(root)).stamp);
    await writeFile(join(root, 'a/b.tmp'), 'a/b');
    await rename(join(root, 'a/b.tmp'), join(root, 'a/b'));
    seen.add((await stampTree(root)).stamp);
    expect(seen.size).toBe(4);
  });

  it('finds the folder holding the most files directly', async () => {
    expect(await largestFolderIn(root)).toEqual({ path: '', files: 3 });
    await writeFile(join(root, 'b/c/g'), '');
    await writeFile(join(root, 'b/c/h'), '');
    await writeFile(join(root, 'b/c/i'), '');
    expect(await largestFolderIn(root)).toEqual({ path: 'b/c', files: 4 });
  });

  it('says "missing" of a folder that is not there', async () => {
    expect(await stampTree(join(root, 'nowhere'))).toEqual({ files: 0, bytes: 0, stamp: 'missing' });
    expect(await countTree(join(root, 'nowhere'))).toBe(0);
  });
});
