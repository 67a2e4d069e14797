import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeTree, tempDir } from '../../test/support/scratch.js';
import { checkOutputPath, DiskSink, MemorySink } from './sink.js';

const HOSTILE = [
  '../escape.json',
  'files/../../escape.json',
  '/etc/passwd',
  'files//x.json',
  'files/./x.json',
  '',
  'files/',
  'a\u0000b',
  'a\\..\\b',
];

describe('the output path guard', () => {
  it('splits a relative path of safe segments', () => {
    expect(checkOutputPath('files/json/matrix/MA0004.1.json')).toEqual(['files', 'json', 'matrix', 'MA0004.1.json']);
    expect(checkOutputPath('index.html')).toEqual(['index.html']);
  });

  it.each(HOSTILE)('refuses %j', (path) => {
    expect(() => checkOutputPath(path)).toThrow(/refusing to write outside the output root/);
  });
});

describe('DiskSink', () => {
  let root: string;
  beforeAll(async () => {
    root = await tempDir('sink');
  });
  afterAll(() => removeTree(root));

  it('writes below its root, making folders, with the mode asked for', async () => {
    const sink = new DiskSink(root);
    sink.write('files/json/a.json', '{"é":1}');
    sink.write('files/json/b.bin', new Uint8Array([0, 255]));
    sink.write('run.sh', '#!/bin/sh\n', 0o755);
    await sink.settle(0);
    expect(await readFile(join(root, 'files/json/a.json'), 'utf8')).toBe('{"é":1}');
    expect([...(await readFile(join(root, 'files/json/b.bin')))]).toEqual([0, 255]);
    expect((await stat(join(root, 'run.sh'))).mode & 0o777).toBe(0o755);
    expect(sink.files).toBe(3);
    expect(sink.bytes).toBe(Buffer.byteLength('{"é":1}') + 2 + 10);
  });

  it('refuses a hostile path before touching the disk', async () => {
    const sink = new DiskSink(root);
    const before = await readdir(root, { recursive: true });
    for (const path of HOSTILE) expect(() => sink.write(path, 'x')).toThrow(/refusing/);
    await sink.settle(0);
    expect(await readdir(root, { recursive: true })).toEqual(before);
    expect(sink.files).toBe(0);
  });

  it('reports a failed write, with its path, through settle', async () => {
    const sink = new DiskSink(root);
    sink.write('files', 'a file where a folder is');
    await expect(sink.settle(0)).rejects.toThrow(/EISDIR|illegal operation on a directory/);
  });
});

describe('MemorySink', () => {
  it('keeps each file once and applies the same guard', () => {
    const sink = new MemorySink();
    sink.write('files/x.json', '{}');
    expect(sink.text('files/x.json')).toBe('{}');
    expect(() => sink.write('files/x.json', '{}')).toThrow(/written twice/);
    expect(() => sink.write('../x.json', '{}')).toThrow(/refusing/);
    expect(() => sink.text('files/y.json')).toThrow(/not written/);
  });
});
