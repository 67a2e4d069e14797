import { createHash } from 'node:crypto';
import { lstatSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeTree, tempDir } from '../../test/support/scratch.js';
import { countTree, listTree, stampTree, surveyTree, walkTree } from './tree-stamp.js';

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

  it('stamps as the sorted list would: path, size, mtime, inode and mode of each file, in order', async () => {
    const hash = createHash('sha256');
    for (const path of await listTree(root)) {
      const st = lstatSync(join(root, path), { bigint: true });
      hash.update(`${path}\0${st.size}\0${st.mtimeNs}\0${st.ino}\0${st.mode}\n`);
    }
    const stamp = await stampTree(root);
    expect(stamp).toEqual({ files: FILES.length, bytes: FILES.join('').length, stamp: hash.digest('hex') });
    expect(await stampTree(root, ['index.html'])).toMatchObject({ files: FILES.length - 1 });
    expect(await countTree(root, ['index.html'])).toBe(FILES.length - 1);
  });

  it('finds the folder holding the most files directly', async () => {
    expect((await surveyTree(root)).largestFolder).toEqual({ path: '', files: 3 });
    await writeFile(join(root, 'b/c/g'), '');
    await writeFile(join(root, 'b/c/h'), '');
    await writeFile(join(root, 'b/c/i'), '');
    expect((await surveyTree(root)).largestFolder).toEqual({ path: 'b/c', files: 4 });
  });

  it('says "missing" of a folder that is not there', async () => {
    expect(await stampTree(join(root, 'nowhere'))).toEqual({ files: 0, bytes: 0, stamp: 'missing' });
    expect(await countTree(join(root, 'nowhere'))).toBe(0);
  });
});
