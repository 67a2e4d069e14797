import { rm, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeTree, tempDir } from '../../test/support/scratch.js';
import { FileCache } from './file-cache.js';

describe('FileCache', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await tempDir('file-cache');
  });
  afterAll(async () => {
    await removeTree(dir);
  });

  it('keeps a file until its recheck time, then serves what the disk holds', async () => {
    let now = 0;
    const cache = new FileCache((key) => key, { recheckMs: 1000, now: () => now });
    const path = join(dir, 'a.json');
    await writeFile(path, 'one');
    const first = await cache.get(path);
    expect(first?.bytes.toString()).toBe('one');
    await writeFile(path, 'second');
    await utimes(path, 2_000_000, 2_000_000);
    expect((await cache.get(path))?.bytes.toString()).toBe('one');
    now = 1000;
    const fresh = await cache.get(path);
    expect(fresh?.bytes.toString()).toBe('second');
    expect(fresh?.etag).not.toBe(first?.etag);
    await rm(path);
    now = 2000;
    expect(await cache.get(path)).toBeNull();
    expect(cache.size).toBe(0);
  });

  it('holds at most its bound, least recently used out first, and never a large file', async () => {
    const cache = new FileCache((key) => key, { maxBytes: 10, maxFileBytes: 6 });
    for (const [name, text] of [
      ['b', 'bbbb'],
      ['c', 'cccc'],
      ['d', 'dddd'],
      ['big', 'xxxxxxx'],
    ] as const)
      await writeFile(join(dir, name), text);
    await cache.get(join(dir, 'b'));
    await cache.get(join(dir, 'c'));
    await cache.get(join(dir, 'd'));
    expect(cache.size).toBe(8);
    expect((await cache.get(join(dir, 'big')))?.bytes.toString()).toBe('xxxxxxx');
    expect(cache.size).toBe(8);
    expect(await cache.get(dir)).toBeNull();
  });
});
