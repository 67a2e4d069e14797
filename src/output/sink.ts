/**
 * The one way output reaches storage (style pattern 5): a sink that refuses any path leaving
 * the output root, because ids and names from a dump become file names.
 */
import { lstatSync, readFileSync, statfsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { isSafePath } from '../segments.js';
import type { RuntimeFiles } from '../hosting/adapter.js';
import { ARENA_BYTES, Arenas } from './arenas.js';
import {
  type BatchDone,
  type BatchWritten,
  localWriter,
  WORKER_SOURCE,
  type WriteJob,
  type Writer,
  type WriterSetup,
} from './disk-writer.js';
import { FolderTally } from './folder-tally.js';
import { writeParts } from './parts.js';
import { addLanes, type LargestFolder, noLanes, stampFile, type TreeStamp, treeStamp } from './tree-stamp.js';

export interface Sink {
  /**
   * Write `data` at `path` (relative, `/`-separated, every segment safe); `mode` for scripts.
   * Data in parts (a file too large to be one string) is written as the parts come.
   */
  write(path: string, data: string | Uint8Array | Iterable<string>, mode?: number): void;
  /**
   * For sinks that write in the background: resolves once at most `inFlight` writes are pending
   * (and, with writes pending, at most {@link MAX_PENDING_BYTES} of them), and rejects with the
   * first write error. Writers call it now and then, after a large file, and with 0 at the end.
   */
  settle?(inFlight: number): Promise<void>;
  /** The text of a file written earlier (the sink settled since), for what is put together from written files at the end. */
  read?(path: string): string;
  /** For sinks that write in the background: how many files given are not written yet. */
  backlog?(): number;
  /**
   * Write at `path` the bytes this sink was given for `earlier` before (a site holds many
   * identical answers): a disk sink makes the file a hard link of that one instead of writing
   * the bytes again. `data` has them, for a sink that wants them.
   */
  writeSame?(path: string, earlier: string, data: () => string | Uint8Array): void;
}

/**
 * `data` written at `path` through `sink`, as the same bytes as its file at `earlier` when one is
 * named and the sink can say so; `data` as a function is only called when the sink wants the bytes.
 */
export function writeTo(
  sink: Sink,
  path: string,
  data: string | Uint8Array | (() => string | Uint8Array),
  earlier?: string,
): void {
  const bytes = typeof data === 'function' ? data : () => data;
  if (earlier !== undefined && sink.writeSame !== undefined) sink.writeSame(path, earlier, bytes);
  else sink.write(path, bytes());
}

/**
 * Files `sink` has written, read back when asked: what a writer needs of files written long
 * before (every release's runtime data, for nginx's preloaded file) without keeping their text
 * in memory meanwhile (issue 46). In the order the paths are given.
 */
export function writtenFiles(sink: Sink, paths: ReadonlySet<string>): RuntimeFiles {
  const read = sink.read?.bind(sink);
  if (read === undefined) throw new Error('this sink cannot read back what it wrote');
  return {
    get: (path) => (paths.has(path) ? read(path) : undefined),
    *entries() {
      for (const path of paths) yield [path, read(path)];
    },
  };
}

/**
 * The bytes a sink may have waiting to be written: a count of pending files alone lets the
 * download area's bundles (MBs each) pile up to hundreds of MB (issue 46).
 */
export const MAX_PENDING_BYTES = 16 * 1024 * 1024;

/** How many folders a disk writer remembers having made (files come folder by folder, so few are asked again). */
const MADE_KEPT = 4096;

/** Throws unless `path` is a relative path of safe segments. */
export function checkOutputPath(path: string): void {
  if (!isSafePath(path)) throw new Error(`refusing to write outside the output root or to an unsafe name: "${path}"`);
}

/** What a sink did with the files it was given, against the previous tree (see {@link DiskSink}). */
export interface WriteCounts {
  /** Files the previous tree did not have. */
  added: number;
  /** Files whose bytes (or mode) differ from the previous tree's. */
  modified: number;
  /** Files identical to the previous tree's, hard-linked from it (same inode, same mtime). */
  unchanged: number;
}

/**
 * How many files the main thread gathers before handing them to the writer thread in one message
 * (or an arena's worth, arenas.ts, some 200 files of a site): each message costs both threads
 * tens of µs whatever it holds.
 */
const BATCH_FILES = 256;

/** Files a writer lets be pending when it settles now and then (a few batches: the writer thread is never left without work). */
export const IN_FLIGHT_FILES = 4 * BATCH_FILES;

/** How long a writer thread waits for more files before it ends (a long render, a sink set aside unsettled). */
const IDLE_MS = 1000;

/** What a batch lost with its thread did. */
const NOTHING: BatchDone = {
  added: 0,
  modified: 0,
  unchanged: 0,
  diskBytes: 0,
  sameBytes: 0,
  error: null,
  lanes: [0, 0, 0, 0],
};

/** The buffers `jobs` travel in, each once. */
function buffersOf(jobs: readonly WriteJob[]): ArrayBuffer[] {
  const buffers = new Set<ArrayBuffer>();
  for (const job of jobs) if (typeof job[1] !== 'string') buffers.add(job[1].buffer);
  return [...buffers];
}

/** A posted batch's size, taken off the backlog when the writer answers. */
interface Posted {
  readonly files: number;
  readonly bytes: number;
  /** Its files, while the thread may not have written them (a batch written here links only to files written). */
  readonly jobs?: readonly WriteJob[];
}

/** A batch gathered and not handed on yet (the thread has {@link QUEUED_BATCHES} already), with its files. */
type Ready = Posted & { readonly jobs: readonly WriteJob[] };

/**
 * Batches the writer thread is given ahead of what it has written: what a settling writer lets
 * be pending. Past them a batch waits in the sink, and the main thread, rather than wait for the
 * thread (sink.settle), writes it itself.
 */
const QUEUED_BATCHES = IN_FLIGHT_FILES / BATCH_FILES;

/**
 * Writes files below `root`, creating folders as needed. The files are written in batches by a
 * thread of their own, one after another with synchronous calls (disk-writer.ts), while the main
 * thread renders the next responses; {@link settle} bounds the backlog and surfaces the first
 * error. When that thread is {@link QUEUED_BATCHES} batches behind, a settling main thread writes
 * the next batches itself rather than wait (`writeHere`). A sink whose files fit in one batch (a
 * deploy folder) writes them itself when settled, without a thread.
 *
 * With `previous` (the live tree `root` will replace), a file whose bytes equal the previous
 * tree's file at the same path is hard-linked from it instead of written: the new tree then
 * holds the very same inode, with its mtime, so rsync, `aws s3 sync` and digest deploys see it
 * unchanged; the previous tree is only read, so abandoning `root` leaves it intact.
 */
export class DiskSink implements Sink {
  /** Files given and not yet answered for (gathered or posted), and their bytes. */
  private pending = 0;
  private pendingBytes = 0;
  /** Files gathered for the next batch. */
  private batch: WriteJob[] = [];
  private batchBytes = 0;
  private failure: Error | null = null;
  private waiters: (() => void)[] = [];
  private readonly setup: WriterSetup;
  private worker: Worker | null = null;
  /** Batches posted to the running worker and not answered yet, oldest first. */
  private posted: Posted[] = [];
  /** Batches gathered while the worker had {@link QUEUED_BATCHES} to write, oldest first. */
  private ready: Ready[] = [];
  /** Batches posted to the running worker, and answered (written by it, shared): to wait for it synchronously. */
  private postedCount = 0;
  private answered = new Int32Array(new SharedArrayBuffer(4));
  private idle: NodeJS.Timeout | undefined;
  /** The writer on this thread: a few files' batch, and the folder of a file written in parts. */
  private local: Writer | null = null;
  private readonly arenas = new Arenas();
  /** The files written so far, stamped as the writer wrote them (tree-stamp.ts). */
  private readonly lanes = noLanes();
  /** Where the files went, for the largest folder. */
  private readonly folders = new FolderTally();
  files = 0;
  bytes = 0;
  /** Files this thread wrote itself while the writer thread was behind (`writeHere`). */
  hereFiles = 0;
  /** Bytes as the disk counts them (each file and folder rounded up to whole blocks), for a full-disk message. */
  diskBytes = 0;

  readonly counts: WriteCounts = { added: 0, modified: 0, unchanged: 0 };

  constructor(
    readonly root: string,
    private readonly previous: string | null = null,
  ) {
    this.setup = { root, previous, block: statfsSync(root).bsize || 4096, madeKept: MADE_KEPT };
  }

  /** Whether a writer thread runs (for tests: none should outlive `settle(0)`). */
  get threaded(): boolean {
    return this.worker !== null;
  }

  /** A file in parts (parts.ts), written now, after every file given before it. */
  private writeInParts(path: string, parts: Iterable<string>, mode: number | undefined): void {
    this.drain();
    this.diskBytes += this.writer().folder(path.slice(0, Math.max(0, path.lastIndexOf('/'))));
    const abs = join(this.root, path);
    const written = writeParts(abs, this.previous && join(this.previous, path), parts, mode);
    stampFile(this.lanes, path, lstatSync(abs));
    this.folders.add(path);
    this.files++;
    this.bytes += written.size;
    if (written.previous === 'linked') {
      this.counts.unchanged++;
      return;
    }
    this.counts[written.previous === 'none' ? 'added' : 'modified']++;
    this.diskBytes += Math.ceil(written.size / this.setup.block) * this.setup.block;
  }

  /**
   * The stamp of the tree as written (settled): the same a walk of it finds (tree-stamp.ts),
   * from what the writer saw of each file as it wrote it.
   */
  stamp(): TreeStamp {
    if (this.pending > 0) throw new Error('the sink is not settled: its stamp would miss files');
    return treeStamp(this.files, this.bytes, this.lanes);
  }

  /** The folder holding the most files directly, of those this sink wrote (settled). */
  largestFolder(signal?: AbortSignal): Promise<LargestFolder> {
    return this.folders.largest(this.root, signal);
  }

  /**
   * Files given and not written yet. What the writer has written is read from the count it
   * shares, not only from its answers, which wait for the event loop: a build rendering costly
   * files for a while (src/site/in-turns.ts) still sees the writer run short.
   */
  backlog(): number {
    let files = this.pending;
    if (this.worker === null) return files;
    const unheard = this.unheard();
    for (let i = 0; i < unheard && i < this.posted.length; i++) files -= this.posted[i]!.files;
    return files;
  }

  read(path: string): string {
    checkOutputPath(path);
    this.drain();
    return readFileSync(join(this.root, path), 'utf8');
  }

  private over(inFlight: number): boolean {
    return this.pending > inFlight || (this.pending > 0 && this.pendingBytes > MAX_PENDING_BYTES);
  }

  async settle(inFlight: number): Promise<void> {
    if (this.over(inFlight)) this.flush(inFlight === 0);
    // After a failure nothing more is written (the batches waiting are let go); settle(0) still
    // waits for the thread's answers, so that no file lands in a staging folder being removed.
    while (this.over(inFlight) && (this.failure === null || inFlight === 0)) {
      this.pump();
      // Rather than wait for the thread, this one writes what it has gathered (issue 46: the end
      // of a build, many small files, is bound by the writing, and two threads write faster).
      if (this.ready.length > 0) this.writeHere(this.ready.shift()!);
      else await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
    if (inFlight === 0) await this.stop();
    if (this.failure) throw this.failure;
  }

  write(path: string, data: string | Uint8Array | Iterable<string>, mode?: number): void {
    checkOutputPath(path);
    if (this.failure) throw this.failure;
    if (typeof data !== 'string' && !(data instanceof Uint8Array)) {
      this.writeInParts(path, data, mode);
      return;
    }
    // Copied into an arena moved to the writer thread (arenas.ts), never the caller's own array.
    let placed = this.arenas.place(data);
    if (placed === null) {
      this.flush(false);
      placed = this.arenas.place(data) as Uint8Array<ArrayBuffer>;
    }
    const bytes = placed.byteLength;
    this.batch.push([path, placed, mode]);
    this.folders.add(path);
    this.batchBytes += bytes;
    this.pending++;
    this.pendingBytes += bytes;
    this.files++;
    this.bytes += bytes;
    if (this.batch.length >= BATCH_FILES || this.batchBytes >= ARENA_BYTES) this.flush(false);
  }

  /**
   * A file with the bytes of the one given for `earlier` (before it, in this sink): a hard link
   * of it (disk-writer.ts), nothing encoded or copied here. Its bytes are counted when written.
   */
  writeSame(path: string, earlier: string): void {
    checkOutputPath(path);
    checkOutputPath(earlier);
    if (this.failure) throw this.failure;
    this.batch.push([path, earlier, undefined]);
    this.folders.add(path);
    this.pending++;
    this.files++;
    if (this.batch.length >= BATCH_FILES) this.flush(false);
  }

  /**
   * Closes the gathered batch: handed to the writer thread (started if need be) unless it has
   * {@link QUEUED_BATCHES} already, else kept ready. When the sink is settled or drained (`last`)
   * with no thread running and nothing ready, a partial batch is written here and now: a few
   * files (a deploy folder's) cost less than starting a thread.
   */
  private flush(last: boolean): void {
    const jobs = this.batch;
    if (jobs.length === 0) return;
    const batch = { files: jobs.length, bytes: this.batchBytes };
    this.batch = [];
    this.batchBytes = 0;
    this.arenas.close();
    if (
      last &&
      this.worker === null &&
      this.ready.length === 0 &&
      batch.files < BATCH_FILES &&
      batch.bytes < ARENA_BYTES
    ) {
      this.answerHere(batch, jobs, this.writer().writeBatch(jobs));
      return;
    }
    this.ready.push({ ...batch, jobs });
    this.pump();
  }

  /** Batches the worker has been given and has not written (read from the count it shares). */
  private queued(): number {
    return this.worker === null ? 0 : this.postedCount - Atomics.load(this.answered, 0);
  }

  /** How many of the posted batches (oldest first) the worker has written and its answers are not heard yet. */
  private unheard(): number {
    return Math.max(0, Atomics.load(this.answered, 0) - (this.postedCount - this.posted.length));
  }

  /**
   * The ready batches handed to the worker, oldest first, while it has fewer than
   * {@link QUEUED_BATCHES} (`all`: every one); after a failure, let go instead.
   */
  private pump(all = false): void {
    if (this.failure !== null) {
      this.dropReady();
      return;
    }
    while (this.ready.length > 0 && (all || this.queued() < QUEUED_BATCHES)) {
      const batch = this.ready.shift()!;
      this.post(batch.jobs, batch);
    }
  }

  private post(jobs: readonly WriteJob[], batch: Posted): void {
    const worker = this.worker ?? this.start();
    clearTimeout(this.idle);
    if (this.posted.length === 0) worker.ref();
    this.posted.push(batch);
    this.postedCount++;
    worker.postMessage(jobs, buffersOf(jobs));
  }

  /**
   * A ready batch written on this thread, while the worker writes the batches before it. A file
   * to be linked to one of those (or to such a link) goes to the worker after them instead: a
   * link is made, and stamped, only from a file written whole.
   */
  private writeHere(batch: Ready): void {
    const { jobs } = batch;
    const unwritten = new Set<string>();
    if (jobs.some((job) => typeof job[1] === 'string'))
      for (let i = this.unheard(); i < this.posted.length; i++)
        for (const job of this.posted[i]!.jobs ?? []) unwritten.add(job[0]);
    const now: WriteJob[] = [];
    const later: WriteJob[] = [];
    for (const job of jobs) {
      if (typeof job[1] === 'string' && unwritten.has(job[1])) {
        later.push(job);
        unwritten.add(job[0]);
      } else now.push(job);
    }
    this.answerHere({ files: now.length, bytes: batch.bytes }, now, this.writer().writeBatch(now));
    this.hereFiles += now.length;
    if (later.length > 0) this.post(later, { files: later.length, bytes: 0, jobs: later });
  }

  /** After a failure nothing more is written: the ready batches are let go, answered as not written. */
  private dropReady(): void {
    for (const batch of this.ready.splice(0)) this.answerHere(batch, batch.jobs, NOTHING);
  }

  /** A batch this thread wrote (or let go) answered, its arenas back for the next batches. */
  private answerHere(batch: Posted, jobs: readonly WriteJob[], done: BatchDone): void {
    this.answer(batch, done);
    for (const buffer of buffersOf(jobs)) this.arenas.give(buffer);
  }

  private start(): Worker {
    const answered = new Int32Array(new SharedArrayBuffer(4));
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { setup: this.setup, answered: answered.buffer },
      // The thread allocates little but answers and paths: a small young generation keeps its isolate
      // near 10 MB instead of the default's tens (issue 46's memory cap).
      resourceLimits: { maxYoungGenerationSizeMb: 2 },
    });
    this.worker = worker;
    this.answered = answered;
    this.postedCount = 0;
    worker.on('message', ({ done, buffers }: BatchWritten) => {
      if (worker !== this.worker) return;
      for (const buffer of buffers) this.arenas.give(buffer);
      const batch = this.posted.shift();
      if (batch !== undefined) this.answer(batch, done);
      this.pump();
      if (this.posted.length > 0) return;
      // Idle: it keeps the process alive only while it has files to write.
      worker.unref();
      this.idle = setTimeout(() => void this.stop(), IDLE_MS).unref();
    });
    // A thread that dies (out of memory, a bug) fails the sink: what it was given is lost.
    const lost = (err: Error) => {
      if (worker !== this.worker) return;
      this.worker = null;
      for (const batch of this.posted.splice(0)) this.answer(batch, NOTHING, err);
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`the disk writer thread ended (exit code ${code})`)));
    return worker;
  }

  /** A batch written (or lost, with `lost`): off the backlog, counted, its error kept. */
  private answer(batch: Posted, done: BatchDone, lost?: Error): void {
    this.pending -= batch.files;
    this.pendingBytes -= batch.bytes;
    this.counts.added += done.added;
    this.counts.modified += done.modified;
    this.counts.unchanged += done.unchanged;
    this.diskBytes += done.diskBytes;
    this.bytes += done.sameBytes;
    addLanes(this.lanes, done.lanes);
    const failure = lost ?? (done.error && Object.assign(new Error(done.error.message), done.error));
    if (failure && !this.failure) this.failure = failure;
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }

  /** Every file given so far on disk, waited for here (before a file is read back or written in parts). */
  private drain(): void {
    this.flush(true);
    this.pump(true);
    if (this.worker === null) return;
    for (let seen = Atomics.load(this.answered, 0); seen < this.postedCount; seen = Atomics.load(this.answered, 0))
      Atomics.wait(this.answered, 0, seen);
  }

  private writer(): Writer {
    this.local ??= localWriter(this.setup);
    return this.local;
  }

  /** Ends the writer thread, which has nothing left to write. */
  private async stop(): Promise<void> {
    clearTimeout(this.idle);
    const worker = this.worker;
    if (worker === null || this.posted.length > 0) return;
    this.worker = null;
    this.arenas.clear();
    await worker.terminate();
  }
}

/** Keeps files in memory, for tests. */
export class MemorySink implements Sink {
  readonly files = new Map<string, string | Uint8Array>();

  write(path: string, data: string | Uint8Array | Iterable<string>): void {
    checkOutputPath(path);
    if (this.files.has(path)) throw new Error(`written twice: ${path}`);
    this.files.set(path, typeof data === 'string' || data instanceof Uint8Array ? data : [...data].join(''));
  }

  /** Refuses bytes other than those given for `earlier`: what a disk sink would link would not be the file asked for. */
  writeSame(path: string, earlier: string, bytes: () => string | Uint8Array): void {
    const data = bytes();
    const before = this.files.get(earlier);
    const same =
      before !== undefined &&
      (typeof before === 'string' && typeof data === 'string'
        ? before === data
        : Buffer.from(before).equals(Buffer.from(data)));
    if (!same) throw new Error(`${path} is not the same as ${earlier}`);
    this.write(path, data);
  }

  read(path: string): string {
    return this.text(path);
  }

  text(path: string): string {
    const data = this.files.get(path);
    if (data === undefined) throw new Error(`not written: ${path}`);
    return typeof data === 'string' ? data : Buffer.from(data).toString('utf8');
  }
}
