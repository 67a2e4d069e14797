/**
 * The one way output reaches storage (style pattern 5): a sink that refuses any path leaving
 * the output root, because ids and names from a dump become file names.
 */
import { mkdirSync, statfsSync, writeFile } from 'node:fs';
import { join } from 'node:path';
import { isSafeSegment } from '../model/segments.js';

export interface Sink {
  /** Write `data` at `path` (relative, `/`-separated, every segment safe); `mode` for scripts. */
  write(path: string, data: string | Uint8Array, mode?: number): void;
  /**
   * For sinks that write in the background: resolves once at most `inFlight` writes are pending,
   * and rejects with the first write error. Writers call it now and then, and with 0 at the end.
   */
  settle?(inFlight: number): Promise<void>;
}

/** Throws unless `path` is a relative path of safe segments. */
export function checkOutputPath(path: string): string[] {
  const segments = path.split('/');
  for (const s of segments) {
    if (!isSafeSegment(s)) throw new Error(`refusing to write outside the output root or to an unsafe name: "${path}"`);
  }
  return segments;
}

/**
 * Writes files below `root`, creating folders as needed. Writes run on libuv's thread pool
 * while the caller renders the next responses (the disk, not the renderers, is the limit);
 * {@link settle} bounds how many are in flight and surfaces the first error.
 */
export class DiskSink implements Sink {
  private readonly made = new Set<string>();
  private pending = 0;
  private failure: Error | null = null;
  private waiters: (() => void)[] = [];
  private readonly block: number;
  files = 0;
  bytes = 0;
  /** Bytes as the disk counts them (each file and folder rounded up to whole blocks), for a full-disk message. */
  diskBytes = 0;

  constructor(readonly root: string) {
    this.block = statfsSync(root).bsize || 4096;
  }

  async settle(inFlight: number): Promise<void> {
    while (this.pending > inFlight && this.failure === null) await new Promise<void>((resolve) => this.waiters.push(resolve));
    if (this.failure) throw this.failure;
  }

  private done = (err: Error | null): void => {
    this.pending--;
    if (err && !this.failure) this.failure = err;
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  };

  write(path: string, data: string | Uint8Array, mode?: number): void {
    const segments = checkOutputPath(path);
    const dir = segments.slice(0, -1).join('/');
    if (dir && !this.made.has(dir)) {
      mkdirSync(join(this.root, dir), { recursive: true });
      this.made.add(dir);
      this.diskBytes += this.block;
    }
    if (this.failure) throw this.failure;
    const buf = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
    this.pending++;
    const abs = join(this.root, path);
    // A failed write(2) (ENOSPC) carries no path; the file being written is what to report.
    writeFile(abs, buf, mode === undefined ? {} : { mode }, (err) => this.done(err && Object.assign(err, { path: err.path ?? abs })));
    this.files++;
    this.bytes += buf.length;
    this.diskBytes += Math.ceil(buf.length / this.block) * this.block;
  }
}

/** Keeps files in memory, for tests. */
export class MemorySink implements Sink {
  readonly files = new Map<string, string | Uint8Array>();

  write(path: string, data: string | Uint8Array): void {
    checkOutputPath(path);
    if (this.files.has(path)) throw new Error(`written twice: ${path}`);
    this.files.set(path, data);
  }

  text(path: string): string {
    const data = this.files.get(path);
    if (data === undefined) throw new Error(`not written: ${path}`);
    return typeof data === 'string' ? data : Buffer.from(data).toString('utf8');
  }
}
