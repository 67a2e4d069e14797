/**
 * The disk sink's writer (sink.ts): files written one after another with synchronous calls, as
 * `cp -r` writes a tree, on one thread of their own (issue 46: several threads creating files
 * and folders at once cost the kernel more than twice the system time of one writer, and
 * folders made on the main thread held up rendering). The main thread writes with it only when
 * it would otherwise wait for this one (sink.ts, `writeHere`).
 *
 * Its code is plain JavaScript in a string, not a module: the worker must run the same way
 * from the TypeScript sources (vitest, no build step) and from the compiled `lib/`, and a
 * worker started with `eval: true` needs no file of its own. The same code also writes on the
 * main thread, for a sink that has only a few files to write (starting a thread costs more).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { runInThisContext } from 'node:vm';
import { STAMP_FILE_SOURCE, type StampLanes, stampFile } from './tree-stamp.js';

/**
 * A file as the writer gets it: its path below the root, its bytes (in an arena moved to the
 * thread, arenas.ts) or the path of a file written before whose bytes it has (a hard link of
 * it, sink.ts `writeSame`), its mode if asked for.
 */
export type WriteJob = readonly [path: string, data: Uint8Array<ArrayBuffer> | string, mode: number | undefined];

/** What the writer needs to know once. */
export interface WriterSetup {
  readonly root: string;
  /** The live tree: files equal to its file at the same path are hard-linked from it. */
  readonly previous: string | null;
  /** The file system's block size, to count bytes as the disk does. */
  readonly block: number;
  /** How many folders the writer remembers having made. */
  readonly madeKept: number;
}

/** A write error as it crosses threads (an Error's own fields are not all cloned). */
export interface WriteFailure {
  readonly message: string;
  readonly code?: string;
  readonly errno?: number;
  readonly syscall?: string;
  readonly path: string;
}

/** What writing a batch did. */
export interface BatchDone {
  added: number;
  modified: number;
  unchanged: number;
  /** Bytes of files written and folders made, each rounded up to whole blocks (a hard link takes none). */
  diskBytes: number;
  /** Bytes of the files given as the same as an earlier one (the main thread did not count them). */
  sameBytes: number;
  /** The first failure; the batch's later files are not written. */
  error: WriteFailure | null;
  /** The stamp of the files written (tree-stamp.ts), their lanes summed: the build's record needs no walk of the tree. */
  lanes: StampLanes;
}

export type WriteBatch = (jobs: readonly WriteJob[]) => BatchDone;

/** A writer: its batches, and its folders on their own (for a file the sink writes in parts). */
export interface Writer {
  readonly writeBatch: WriteBatch;
  /** Makes the folder `dir` (below the root) if needed; the bytes of the folders made. */
  readonly folder: (dir: string) => number;
}

/** The worker's answer to a batch: what it did, and the buffers the batch came in, moved back for reuse (arenas.ts). */
export interface BatchWritten {
  readonly done: BatchDone;
  readonly buffers: ArrayBuffer[];
}

/**
 * `(function (fs, path) { return makeWriter })`: makeWriter(setup) returns { writeBatch, folder }. Each
 * file's folder is made when not known made; with a previous tree, a file is compared with the
 * previous file at its path (by its bytes, and its mode when one is asked for) and hard-linked
 * from it when equal, written when not (or when the link fails: another file system, a link
 * limit). A file given as the same as one written before (a path instead of bytes) is a hard
 * link of that one, or of the previous tree's file when the bytes are that file's too; copied
 * where links fail (a file system without them, a link limit).
 */
export const MAKE_WRITER = `(function (fs, path, stampFile) {
  'use strict';
  return function makeWriter(setup) {
    const { root, previous, block, madeKept } = setup;
    // Paths below root are safe segments joined by '/' (sink.ts checks them): joined by hand, not normalized again.
    const under = (base) => (base.endsWith('/') ? base : base + '/');
    const rootSlash = under(root);
    const previousSlash = previous === null ? null : under(previous);
    // Folders known to exist, forgotten by the thousand: a site has nearly a folder per file.
    let made = new Set();
    const blocks = (n) => Math.ceil(n / block) * block;

    // Makes the folder 'dir' (below the root) if needed; the bytes of the folders made.
    function folder(dir) {
      if (dir === '' || made.has(dir)) return 0;
      const first = fs.mkdirSync(rootSlash + dir, { recursive: true });
      if (made.size >= madeKept) made = new Set();
      made.add(dir);
      if (first === undefined) return 0;
      // The first folder made: those below it down to dir were made too.
      return block * (dir.split('/').length - path.relative(root, first).split(path.sep).length + 1);
    }

    // Whether the file at prev holds exactly buf (and has mode, when one is asked for); null when there is none.
    function sameFile(prev, buf, mode) {
      if (mode !== undefined) {
        let st;
        try {
          st = fs.statSync(prev);
        } catch {
          return null;
        }
        if ((st.mode & 0o777) !== mode) return false;
      }
      let old;
      try {
        old = fs.readFileSync(prev);
      } catch (err) {
        if (err.code === 'ENOENT' || err.code === 'ENOTDIR' || err.code === 'EISDIR') return null;
        throw err;
      }
      return old.equals(buf);
    }

    // Writes bytes at abs (rel below the root), a new file, stamped into lanes as written.
    function writeFile(abs, rel, bytes, mode, lanes) {
      const fd = fs.openSync(abs, 'w', mode === undefined ? 0o666 : mode);
      try {
        for (let at = 0; at < bytes.byteLength; ) at += fs.writeSync(fd, bytes, at);
        stampFile(lanes, rel, fs.fstatSync(fd));
      } finally {
        fs.closeSync(fd);
      }
    }

    // Whether abs was made a hard link of from (false where links fail: the caller writes the bytes).
    function linked(from, abs) {
      try {
        fs.linkSync(from, abs);
        return true;
      } catch {
        return false;
      }
    }

    // The file at abs (rel below the root) made the same as the file at from, a link of it or a copy; stamped, its size.
    function sameAs(from, abs, rel, done) {
      const copied = !linked(from, abs);
      if (copied) fs.copyFileSync(from, abs);
      const st = fs.lstatSync(abs);
      stampFile(done.lanes, rel, st);
      if (copied) done.diskBytes += blocks(st.size);
      return st.size;
    }

    function writeBatch(jobs) {
      const done = { added: 0, modified: 0, unchanged: 0, diskBytes: 0, sameBytes: 0, error: null, lanes: [0, 0, 0, 0] };
      for (const [rel, data, mode] of jobs) {
        const abs = rootSlash + rel;
        try {
          const slash = rel.lastIndexOf('/');
          done.diskBytes += folder(slash < 0 ? '' : rel.slice(0, slash));
          // A path: the bytes of the file written there (this tree's).
          const earlier = typeof data === 'string' ? rootSlash + data : null;
          if (previous === null) {
            if (earlier !== null) done.sameBytes += sameAs(earlier, abs, rel, done);
            else {
              writeFile(abs, rel, data, mode, done.lanes);
              done.diskBytes += blocks(data.byteLength);
            }
            done.added++;
            continue;
          }
          const bytes = earlier === null ? data : fs.readFileSync(earlier);
          if (earlier !== null) done.sameBytes += bytes.byteLength;
          const prev = previousSlash + rel;
          const same = sameFile(prev, bytes, mode);
          if (same === true && linked(prev, abs)) {
            stampFile(done.lanes, rel, fs.lstatSync(abs));
            done.unchanged++;
            continue;
          }
          done[same === null ? 'added' : 'modified']++;
          if (earlier !== null) {
            sameAs(earlier, abs, rel, done);
            continue;
          }
          writeFile(abs, rel, bytes, mode, done.lanes);
          done.diskBytes += blocks(bytes.byteLength);
        } catch (err) {
          // A failed write(2) (ENOSPC) carries no path: the file being written is what to report.
          const { message, code, errno, syscall } = err;
          done.error = { message: String(message), code, errno, syscall, path: err.path ?? abs };
          break;
        }
      }
      return done;
    }

    return { writeBatch, folder };
  };
})`;

/**
 * The worker: a batch in, its BatchDone out. After a failure it writes nothing more (the build
 * fails; its staging folder is removed once every batch has been answered). Each batch answered
 * also counts in the shared `answered` cell, so the main thread can wait for the writer
 * synchronously (Atomics.wait) where it must, before it reads a file back.
 */
export const WORKER_SOURCE = `'use strict';
const { parentPort, workerData } = require('node:worker_threads');
const { writeBatch } = ${MAKE_WRITER}(require('node:fs'), require('node:path'), ${STAMP_FILE_SOURCE}())(workerData.setup);
const answered = new Int32Array(workerData.answered);
let failed = false;
parentPort.on('message', (jobs) => {
  let done = { added: 0, modified: 0, unchanged: 0, diskBytes: 0, sameBytes: 0, error: null, lanes: [0, 0, 0, 0] };
  try {
    if (!failed) done = writeBatch(jobs);
  } catch (err) {
    // Not a file's error (those are in done.error): still answered, so no one waits for ever.
    done.error = { message: String(err && err.message), path: '' };
  } finally {
    if (done.error !== null) failed = true;
    const buffers = [...new Set(jobs.filter((job) => typeof job[1] !== 'string').map((job) => job[1].buffer))];
    parentPort.postMessage({ done, buffers }, buffers);
    Atomics.add(answered, 0, 1);
    Atomics.notify(answered, 0);
  }
});
`;

/** The same writer, on the calling thread. */
export function localWriter(setup: WriterSetup): Writer {
  const make = runInThisContext(MAKE_WRITER) as (
    fsModule: typeof fs,
    pathModule: typeof path,
    stamp: typeof stampFile,
  ) => (setup: WriterSetup) => Writer;
  return make(fs, path, stampFile)(setup);
}
