/**
 * The one way output reaches storage (style pattern 5): a sink that refuses any path leaving
 * the output root, because ids and names from a dump become file names.
 */
import { mkdirSync, readFileSync, statfsSync, writeFile } from 'node:fs';
import { link, readFile, stat, writeFile as writeFileAsync } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type { RuntimeFiles } from '../hosting/adapter.js';
import { isSafeSegment } from '../segments.js';
import { writeParts } from './parts.js';

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

/** How many folders a disk sink remembers having made (files come folder by folder, so few are asked again). */
const MADE_KEPT = 4096;

/** Throws unless `path` is a relative path of safe segments. */
export function checkOutputPath(path: string): string[] {
  const segments = path.split('/');
  for (const s of segments) {
    if (!isSafeSegment(s)) throw new Error(`refusing to write outside the output root or to an unsafe name: "${path}"`);
  }
  return segments;
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

/** Whether the file at `prev` holds exactly `buf` (and has `mode`, when one is asked for); null when there is none. */
async function sameFile(prev: string, buf: Uint8Array, mode: number | undefined): Promise<boolean | null> {
  if (mode !== undefined) {
    const st = await stat(prev).catch(() => null);
    if (st === null) return null;
    if ((st.mode & 0o777) !== mode) return false;
  }
  // One call (open, read, close) whether or not the file exists: most files are a few KB.
  const old = await readFile(prev).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT' || err.code === 'ENOTDIR' || err.code === 'EISDIR') return null;
    throw err;
  });
  return old === null ? null : old.equals(buf);
}

/**
 * Writes files below `root`, creating folders as needed. Writes run on libuv's thread pool
 * while the caller renders the next responses (the disk, not the renderers, is the limit);
 * {@link settle} bounds how many are in flight and surfaces the first error.
 *
 * With `previous` (the live tree `root` will replace), a file whose bytes equal the previous
 * tree's file at the same path is hard-linked from it instead of written: the new tree then
 * holds the very same inode, with its mtime, so rsync, `aws s3 sync` and digest deploys see it
 * unchanged; the previous tree is only read, so abandoning `root` leaves it intact.
 */
export class DiskSink implements Sink {
  /** Folders known to exist, forgotten by the thousand: a site has nearly a folder per file (issue 46). */
  private made = new Set<string>();
  private pending = 0;
  private pendingBytes = 0;
  private failure: Error | null = null;
  private waiters: (() => void)[] = [];
  private readonly block: number;
  files = 0;
  bytes = 0;
  /** Bytes as the disk counts them (each file and folder rounded up to whole blocks), for a full-disk message. */
  diskBytes = 0;

  readonly counts: WriteCounts = { added: 0, modified: 0, unchanged: 0 };

  constructor(
    readonly root: string,
    private readonly previous: string | null = null,
  ) {
    this.block = statfsSync(root).bsize || 4096;
  }

  /** Link the previous tree's identical file, or write the new bytes; counts which. */
  private async place(path: string, abs: string, buf: Uint8Array, mode: number | undefined): Promise<void> {
    const prev = join(this.previous as string, path);
    const same = await sameFile(prev, buf, mode);
    if (same === true) {
      try {
        await link(prev, abs);
        this.counts.unchanged++;
        return;
      } catch {
        // Not linkable (another file system, a link limit): write the bytes instead.
      }
    }
    await writeFileAsync(abs, buf, mode === undefined ? {} : { mode });
    this.counts[same === null ? 'added' : 'modified']++;
    this.diskBytes += Math.ceil(buf.length / this.block) * this.block;
  }

  /** A file in parts (parts.ts), written now. */
  private writeInParts(path: string, parts: Iterable<string>, mode: number | undefined): void {
    const written = writeParts(join(this.root, path), this.previous && join(this.previous, path), parts, mode);
    this.files++;
    this.bytes += written.size;
    if (written.previous === 'linked') {
      this.counts.unchanged++;
      return;
    }
    this.counts[written.previous === 'none' ? 'added' : 'modified']++;
    this.diskBytes += Math.ceil(written.size / this.block) * this.block;
  }

  read(path: string): string {
    checkOutputPath(path);
    return readFileSync(join(this.root, path), 'utf8');
  }

  async settle(inFlight: number): Promise<void> {
    while ((this.pending > inFlight || (this.pending > 0 && this.pendingBytes > MAX_PENDING_BYTES)) && !this.failure)
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    if (this.failure) throw this.failure;
  }

  private done = (err: Error | null, bytes: number): void => {
    this.pending--;
    this.pendingBytes -= bytes;
    if (err && !this.failure) this.failure = err;
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  };

  write(path: string, data: string | Uint8Array | Iterable<string>, mode?: number): void {
    const segments = checkOutputPath(path);
    const dir = segments.slice(0, -1).join('/');
    if (dir && !this.made.has(dir)) {
      // The first folder it made, if any: those below it to `dir` were made too.
      const first = mkdirSync(join(this.root, dir), { recursive: true });
      if (first !== undefined)
        this.diskBytes += this.block * (segments.length - relative(this.root, first).split(sep).length);
      if (this.made.size >= MADE_KEPT) this.made = new Set();
      this.made.add(dir);
    }
    if (this.failure) throw this.failure;
    if (typeof data !== 'string' && !(data instanceof Uint8Array)) {
      this.writeInParts(path, data, mode);
      return;
    }
    const buf = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
    this.pending++;
    this.pendingBytes += buf.length;
    const abs = join(this.root, path);
    // A failed write(2) (ENOSPC) carries no path; the file being written is what to report.
    const failed = (err: NodeJS.ErrnoException | null) =>
      this.done(err && Object.assign(err, { path: err.path ?? abs }), buf.length);
    if (this.previous !== null) {
      this.place(path, abs, buf, mode).then(() => failed(null), failed);
    } else {
      writeFile(abs, buf, mode === undefined ? {} : { mode }, failed);
      this.counts.added++;
      this.diskBytes += Math.ceil(buf.length / this.block) * this.block;
    }
    this.files++;
    this.bytes += buf.length;
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

  read(path: string): string {
    return this.text(path);
  }

  text(path: string): string {
    const data = this.files.get(path);
    if (data === undefined) throw new Error(`not written: ${path}`);
    return typeof data === 'string' ? data : Buffer.from(data).toString('utf8');
  }
}
