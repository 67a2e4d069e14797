import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeTree, tempDir } from '../../test/support/scratch.js';
import { FolderTally } from './folder-tally.js';
import { largestFolderIn } from './tree-stamp.js';

/** Paths in a few hundred folders, some holding many files, told in runs and shuffled. */
const paths = fc
  .array(
    fc.record({
      folder: fc.oneof(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 400 })),
      files: fc.oneof(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 200 })),
    }),
    { minLength: 1, maxLength: 300 },
  )
  .map((runs) => {
    const out: string[] = [];
    runs.forEach((run, i) => {
      for (let f = 0; f < run.files; f++) out.push(run.folder === 0 ? `top${i}-${f}` : `d/${run.folder}/f${i}-${f}`);
    });
    return out;
  });

describe('the largest folder, from the paths written (issue 46: no walk after a build)', () => {
  it('keeps every folder holding more than its sure share of the files among its candidates', () => {
    fc.assert(
      fc.property(paths, (list) => {
        const tally = new FolderTally();
        const counts = new Map<string, number>();
        for (const path of list) {
          tally.add(path);
          const folder = path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '';
          counts.set(folder, (counts.get(folder) ?? 0) + 1);
        }
        const candidates = new Set(tally.candidates());
        expect(tally.total).toBe(list.length);
        expect(candidates.size).toBeLessThanOrEqual(64);
        for (const [folder, n] of counts) if (n > tally.bound) expect(candidates.has(folder), folder).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  describe('on disk', () => {
    let root: string;
    beforeAll(async () => {
      root = await tempDir('folder-tally');
    });
    afterAll(() => removeTree(root));

    it('finds what a walk finds, whether one folder is large or every folder small', async () => {
      // One folder of 300 files among 2,000 small ones: a candidate, counted.
      const big = new FolderTally();
      const bigRoot = join(root, 'big');
      for (let i = 0; i < 2000; i++) write(bigRoot, big, `m/${i}/index.json`);
      for (let i = 0; i < 300; i++) write(bigRoot, big, `logos/${i}.svg`);
      expect(await big.largest(bigRoot)).toEqual({ path: 'logos', files: 300 });
      expect(await big.largest(bigRoot)).toEqual(await largestFolderIn(bigRoot));
      // Only folders of one or two files: none above the sure share, so the tree is walked.
      const small = new FolderTally();
      const smallRoot = join(root, 'small');
      for (let i = 0; i < 500; i++) write(smallRoot, small, `m/${i}/a.json`);
      write(smallRoot, small, 'm/7/b.json');
      expect(await small.largest(smallRoot)).toEqual({ path: 'm/7', files: 2 });
    });
  });
});

function write(root: string, tally: FolderTally, path: string): void {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), path);
  tally.add(path);
}
