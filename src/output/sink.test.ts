import * as fs from 'node:fs';
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { join } from 'node:path';
import { runInThisContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeTree, tempDir } from '../../test/support/scratch.js';
import { MAKE_WRITER, type Writer, type WriterSetup } from './disk-writer.js';
import fc from 'fast-check';
import { isSafePath, isSafeSegment } from '../segments.js';
import { checkOutputPath, DiskSink, MemorySink } from './sink.js';
import { addLanes, largestFolderIn, noLanes, stampFile, stampTree, treeStamp } from './tree-stamp.js';

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
  it('lets a relative path of safe segments through', () => {
    expect(() => checkOutputPath('files/json/matrix/MA0004.1.json')).not.toThrow();
    expect(() => checkOutputPath('index.html')).not.toThrow();
    expect(() => checkOutputPath('.well-known/..x/...')).not.toThrow();
  });

  it('judges a path as its segments, each checked, would be', () => {
    const bySegments = (path: string) => path.split('/').every(isSafeSegment);
    // Every ASCII character (each range's edges among them), more of `/` and `.`, and one beyond ASCII.
    const ascii = Array.from({ length: 128 }, (_, c) => String.fromCharCode(c));
    const alphabet = fc.constantFrom(...ascii, '/', '/', '/', '.', '.', 'a', 'é');
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 12 }), (chars) => {
        const path = chars.join('');
        expect(isSafePath(path)).toBe(bySegments(path));
      }),
      { numRuns: 5000 },
    );
    for (const path of [...HOSTILE, '.', '..', '...', 'a/.', 'a/..', './a', 'a/...', '.a/b.'])
      expect(isSafePath(path)).toBe(bySegments(path));
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

  it('starts no writer thread for a sink never written to, nor for one batch', async () => {
    const idle = new DiskSink(root);
    await idle.settle(0);
    expect(idle.threaded).toBe(false);
    const few = new DiskSink(await tempDir('sink-few'));
    for (let i = 0; i < 5; i++) few.write(`deploy/f${i}.conf`, `${i}\n`);
    expect(few.threaded).toBe(false);
    await few.settle(0);
    expect(few.threaded).toBe(false);
    expect(await readFile(join(few.root, 'deploy/f4.conf'), 'utf8')).toBe('4\n');
  });

  it('writes many files across many folders on its thread, byte for byte, and ends the thread once settled', async () => {
    const dir = await tempDir('sink-many');
    const sink = new DiskSink(dir);
    const expected = new Map<string, string | Uint8Array>();
    for (let i = 0; i < 2000; i++) {
      const path = `r/${i % 7}/m${i % 300}/x${i}.${i % 3 === 0 ? 'bin' : 'json'}`;
      const data =
        i % 3 === 0 ? new Uint8Array([i & 255, 0, 255, (i >> 8) & 255]) : `{"n":${i},"é":"${'ü'.repeat(i % 50)}"}`;
      expected.set(path, data);
      sink.write(path, data);
      if (i % 64 === 63) await sink.settle(64);
    }
    // A large file, and a view into a larger buffer (as Buffer's pool hands out): only the view is written.
    const big = Buffer.alloc(3 * 1024 * 1024, 7);
    sink.write('download/big.zip', big);
    const pooled = Buffer.from('pooled bytes');
    sink.write('download/pooled.txt', pooled);
    expect(sink.threaded).toBe(true);
    // Read back after files still pending: waits for them.
    expect(sink.read('r/1/m1/x1.json')).toBe(expected.get('r/1/m1/x1.json'));
    await sink.settle(0);
    expect(sink.threaded).toBe(false);
    for (const [path, data] of expected) {
      const got = await readFile(join(dir, path));
      expect(got.equals(typeof data === 'string' ? Buffer.from(data) : data), path).toBe(true);
    }
    expect((await readFile(join(dir, 'download/big.zip'))).equals(big)).toBe(true);
    expect(await readFile(join(dir, 'download/pooled.txt'), 'utf8')).toBe('pooled bytes');
    expect(big.length).toBe(3 * 1024 * 1024);
    expect(sink.files).toBe(2002);
    expect(sink.counts).toEqual({ added: 2002, modified: 0, unchanged: 0 });
    // Folders: r, its 7 and the 300 below them, download.
    expect(sink.diskBytes).toBeGreaterThanOrEqual((2002 + 1 + 7 + 300 + 1) * 512);
    // The writer's stamp of each file as written is the stamp of a walk of the tree (no walk needed after a build).
    expect(sink.stamp()).toEqual(await stampTree(dir));
    expect(sink.stamp().files).toBe(2002);
    // No folder holds more than 1/65 of the files (the tally's sure share): its answer is the walk's.
    expect(await sink.largestFolder()).toEqual(await largestFolderIn(dir));
  });

  it('sees its backlog fall as the writer thread writes, without the event loop running (a long render, in-turns.ts)', async () => {
    const dir = await tempDir('sink-backlog');
    const sink = new DiskSink(dir);
    // Two full batches, posted as given; then a few files gathered and not posted.
    for (let i = 0; i < 2 * 256 + 10; i++) sink.write(`b/${i % 5}/f${i}.txt`, `file ${i}`);
    expect(sink.threaded).toBe(true);
    expect(sink.backlog()).toBe(522);
    // No await: the writer's answers cannot be heard here, only the count it shares.
    const tick = new Int32Array(new SharedArrayBuffer(4));
    for (let waited = 0; sink.backlog() > 10 && waited < 60_000; waited += 5) Atomics.wait(tick, 0, 0, 5);
    expect(sink.backlog()).toBe(10);
    await sink.settle(0);
    expect(sink.backlog()).toBe(0);
    expect(sink.files).toBe(522);
    expect((await readdir(join(dir, 'b/0'))).length).toBe(105);
  });
  it('writes batches itself while the writer thread is behind, linking only to files written whole', async () => {
    const dir = await tempDir('sink-here');
    const sink = new DiskSink(dir);
    const expected = new Map<string, string>();
    const linkedTo = new Map<string, string>();
    // Twelve batches given at once: the thread is handed four, the rest wait for it in the sink.
    for (let i = 0; i < 12 * 256; i++) {
      const path = `p/${i % 11}/f${i}.json`;
      // Links to the file just before (often in the same batch) and to one a batch or two back.
      const earlier = i % 4 === 3 ? i - 1 : i % 7 === 6 && i > 600 ? i - 300 - (i % 200) : null;
      // A link may be to a link (made after the file it links, wherever each is written).
      if (earlier !== null) {
        const from = `p/${earlier % 11}/f${earlier}.json`;
        sink.writeSame(path, from);
        expected.set(path, expected.get(from)!);
        linkedTo.set(path, from);
      } else {
        const data = `{"i":${i},"é":"${'x'.repeat(i % 40)}"}`;
        sink.write(path, data);
        expected.set(path, data);
      }
    }
    // Settling with the thread behind: this thread writes what waits, rather than wait for it.
    await sink.settle(256);
    expect(sink.hereFiles).toBeGreaterThan(0);
    await sink.settle(0);
    for (const [path, data] of expected) expect(await readFile(join(dir, path), 'utf8'), path).toBe(data);
    for (const [path, from] of linkedTo)
      expect((await stat(join(dir, path))).ino, path).toBe((await stat(join(dir, from))).ino);
    expect(sink.files).toBe(12 * 256);
    expect(sink.counts).toEqual({ added: 12 * 256, modified: 0, unchanged: 0 });
    // Each link stamped from a file written whole: the stamp is a walk's.
    expect(sink.stamp()).toEqual(await stampTree(dir));
  });

  it('rejects settle with the code and path of a file where a folder must go, and writes nothing after', async () => {
    const dir = await tempDir('sink-enotdir');
    const sink = new DiskSink(dir);
    sink.write('a', 'a file');
    for (let i = 0; i < 100; i++) sink.write(`a/b${i}.json`, '{}');
    sink.write('c.json', '{}');
    const error = (await sink.settle(0).catch((e: unknown) => e)) as NodeJS.ErrnoException;
    expect(error).toBeInstanceOf(Error);
    expect(error.code).toMatch(/ENOTDIR|EEXIST/);
    expect(error.path).toBe(join(dir, 'a'));
    expect(error.syscall).toBe('mkdir');
    expect(() => sink.write('d.json', '{}')).toThrow(error.message);
    expect(sink.threaded).toBe(false);
    expect((await readdir(dir)).sort()).toEqual(['a']);
  });

  it('fails with batches waiting for the thread: settles, lets them go, and ends its thread', async () => {
    const dir = await tempDir('sink-failed-ready');
    const sink = new DiskSink(dir);
    sink.write('a', 'a file');
    // The thread's first batch fails; eleven more are given before any answer is heard.
    for (let i = 0; i < 12 * 256; i++) sink.write(`a/b${i}.json`, '{}');
    const error = (await sink.settle(0).catch((e: unknown) => e)) as NodeJS.ErrnoException;
    expect(error).toBeInstanceOf(Error);
    expect(error.path).toBe(join(dir, 'a'));
    expect(sink.backlog()).toBe(0);
    expect(sink.threaded).toBe(false);
    expect((await readdir(dir)).sort()).toEqual(['a']);
  });

  it('hard-links files equal to the previous tree, counting added, modified and unchanged', async () => {
    const live = await tempDir('sink-live');
    await mkdir(join(live, 'x/y'), { recursive: true });
    for (let i = 0; i < 40; i++) await writeFile(join(live, `x/y/same${i}.json`), `same ${i}`);
    await writeFile(join(live, 'x/changed.json'), 'before');
    await writeFile(join(live, 'run.sh'), '#!/bin/sh\n', { mode: 0o644 });
    const staging = await tempDir('sink-staging');
    const sink = new DiskSink(staging, live);
    for (let i = 0; i < 40; i++) sink.write(`x/y/same${i}.json`, `same ${i}`);
    sink.write('x/changed.json', 'after');
    sink.write('x/new.json', 'new');
    // Equal bytes, another mode: written, not linked.
    sink.write('run.sh', '#!/bin/sh\n', 0o755);
    await sink.settle(0);
    expect(sink.counts).toEqual({ added: 1, modified: 2, unchanged: 40 });
    for (let i = 0; i < 40; i++)
      expect((await stat(join(staging, `x/y/same${i}.json`))).ino).toBe(
        (await stat(join(live, `x/y/same${i}.json`))).ino,
      );
    expect((await stat(join(staging, 'x/changed.json'))).ino).not.toBe((await stat(join(live, 'x/changed.json'))).ino);
    expect(await readFile(join(staging, 'x/changed.json'), 'utf8')).toBe('after');
    expect((await stat(join(staging, 'run.sh'))).mode & 0o777).toBe(0o755);
    expect(await readFile(join(live, 'x/changed.json'), 'utf8')).toBe('before');
    // Linked files are stamped with the previous file's inode and mtime, as a walk finds them.
    expect(sink.stamp()).toEqual(await stampTree(staging));
    expect(await sink.largestFolder()).toEqual({ path: 'x/y', files: 40 });
  });

  it('makes a file given as the same as an earlier one a hard link of it, on its thread and on the main one, counting its bytes', async () => {
    for (const files of [3, 600]) {
      const dir = await tempDir('sink-same');
      const sink = new DiskSink(dir);
      for (let i = 0; i < files; i++) sink.write(`a/${i}.json`, `{"n":${i},"é":1}`);
      // Same as a file of this batch, of an earlier batch (600: several), in another folder.
      for (let i = 0; i < files; i++) sink.writeSame(`b/${i % 5}/${i}.json`, `a/${files - 1 - i}.json`);
      await sink.settle(0);
      for (let i = 0; i < files; i++) {
        const linked = await stat(join(dir, `b/${i % 5}/${i}.json`));
        expect(linked.ino).toBe((await stat(join(dir, `a/${files - 1 - i}.json`))).ino);
        expect(linked.nlink).toBe(2);
      }
      expect(await readFile(join(dir, 'b/0/0.json'), 'utf8')).toBe(`{"n":${files - 1},"é":1}`);
      expect(sink.files).toBe(2 * files);
      expect(sink.counts).toEqual({ added: 2 * files, modified: 0, unchanged: 0 });
      // The stamp counts a link's bytes as a walk of the tree does.
      expect(sink.stamp()).toEqual(await stampTree(dir));
      expect(sink.bytes).toBe(sink.stamp().bytes);
    }
  });

  it("links a file given as the same as an earlier one from the previous tree when its bytes are that file's too", async () => {
    const live = await tempDir('sink-same-live');
    await mkdir(join(live, 'a'), { recursive: true });
    await writeFile(join(live, 'a/kept.json'), 'kept');
    await writeFile(join(live, 'a/kept-too.json'), 'kept');
    await writeFile(join(live, 'a/was.json'), 'before');
    const staging = await tempDir('sink-same-staging');
    const sink = new DiskSink(staging, live);
    sink.write('a/kept.json', 'kept');
    sink.writeSame('a/kept-too.json', 'a/kept.json');
    sink.write('a/now.json', 'after');
    sink.writeSame('a/was.json', 'a/now.json');
    sink.writeSame('a/new.json', 'a/now.json');
    await sink.settle(0);
    expect(sink.counts).toEqual({ added: 2, modified: 1, unchanged: 2 });
    const ino = async (tree: string, path: string) => (await stat(join(tree, path))).ino;
    expect(await ino(staging, 'a/kept-too.json')).toBe(await ino(live, 'a/kept-too.json'));
    expect(await ino(staging, 'a/was.json')).toBe(await ino(staging, 'a/now.json'));
    expect(await ino(staging, 'a/new.json')).toBe(await ino(staging, 'a/now.json'));
    expect(await readFile(join(live, 'a/was.json'), 'utf8')).toBe('before');
    expect(sink.stamp()).toEqual(await stampTree(staging));
  });

  it('copies a file given as the same as an earlier one where the file system refuses the link', async () => {
    const dir = await tempDir('sink-same-copy');
    const refusing = {
      ...fs,
      linkSync: () => {
        throw Object.assign(new Error('EPERM: operation not permitted, link'), { code: 'EPERM' });
      },
    };
    const make = runInThisContext(MAKE_WRITER) as (...modules: unknown[]) => (setup: WriterSetup) => Writer;
    const writer = make(refusing, path, stampFile)({ root: dir, previous: null, block: 4096, madeKept: 16 });
    const done = writer.writeBatch([
      ['a/x.json', new Uint8Array(Buffer.from('same bytes')), undefined],
      ['b/y.json', 'a/x.json', undefined],
    ]);
    expect(done.error).toBeNull();
    expect(done.sameBytes).toBe(10);
    expect(await readFile(join(dir, 'b/y.json'), 'utf8')).toBe('same bytes');
    expect((await stat(join(dir, 'b/y.json'))).ino).not.toBe((await stat(join(dir, 'a/x.json'))).ino);
    const lanes = noLanes();
    addLanes(lanes, done.lanes);
    expect(treeStamp(2, 20, lanes)).toEqual(await stampTree(dir));
  });

  it('writes a file in parts after the files given before it', async () => {
    const dir = await tempDir('sink-parts');
    const sink = new DiskSink(dir);
    for (let i = 0; i < 100; i++) sink.write(`d/f${i}.json`, `${i}`);
    sink.write(
      'd/parts.json',
      (function* () {
        yield sink.read('d/f99.json');
        yield '!';
      })(),
    );
    await sink.settle(0);
    expect(await readFile(join(dir, 'd/parts.json'), 'utf8')).toBe('99!');
    expect(sink.files).toBe(101);
    expect(sink.stamp()).toEqual(await stampTree(dir));
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

  it('refuses a file given as the same as an earlier one whose bytes are not', () => {
    const sink = new MemorySink();
    sink.write('a.json', '{}');
    sink.writeSame('b.json', 'a.json', () => '{}');
    expect(sink.text('b.json')).toBe('{}');
    expect(() => sink.writeSame('c.json', 'a.json', () => '[]')).toThrow(/c.json is not the same as a.json/);
    expect(() => sink.writeSame('d.json', 'none.json', () => '{}')).toThrow(/not the same/);
  });
});
