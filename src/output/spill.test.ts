import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeTree, tempDir } from '../../test/support/scratch.js';
import { Spill } from './spill.js';

describe('the spill (models of releases waiting to be written, issue 46)', () => {
  let root: string;
  beforeAll(async () => {
    root = await tempDir('spill');
  });
  afterAll(() => removeTree(root));

  it('gives back what it set aside, once, from a folder a killed build’s next build removes, and leaves nothing', async () => {
    const spill = new Spill(join(root, 'dist'));
    expect(readdirSync(root)).toEqual([]);
    const value = {
      info: { name: 'JASPAR2018', year: 2018 },
      matrices: [
        {
          id: 'MA0001.1',
          counts: [
            [1, 2.5],
            [0, 3],
          ],
          sites: null,
        },
      ],
      tffmFiles: new Map([['TFFM0001.1', new Set(['a.xml'])]]),
      sqlite: new Uint8Array([83, 81, 76]),
    };
    spill.put(2, value);
    spill.put(0, { other: true });
    // Named as a staging folder of the target is (stale.ts removes those whose build is gone).
    expect(readdirSync(root)).toEqual([
      expect.stringMatching(new RegExp(`^\\.dist\\.staging-${process.pid}-[0-9a-f]+$`)),
    ]);
    expect(spill.take(2)).toStrictEqual(value);
    expect(() => spill.take(2)).toThrow(/ENOENT/);
    await spill.remove();
    expect(readdirSync(root)).toEqual([]);
  });
});
