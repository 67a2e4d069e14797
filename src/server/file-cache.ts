/**
 * The dev server's site files in memory: each file's bytes and validators read once and kept,
 * up to a bound (least recently used out first; large files are never kept), so a prebuilt page
 * costs no stat and no read per request. An entry is checked against the disk (size, mtime,
 * inode) at most once per `recheckMs`, so a rebuilt site is served fresh within that time.
 */
import { readFile, stat } from 'node:fs/promises';

export interface CachedFile {
  readonly bytes: Buffer;
  /** Strong validator from size, mtime and inode, as nginx forms its own. */
  readonly etag: string;
  readonly lastModified: string;
  /** mtime in whole seconds (what If-Modified-Since compares). */
  readonly mtimeSeconds: number;
}

interface Entry {
  file: CachedFile;
  key: string;
  checkedAt: number;
}

export interface FileCacheOptions {
  /** Total bytes kept (default 128 MiB). */
  readonly maxBytes?: number;
  /** Files larger than this are read each time and not kept (default 4 MiB). */
  readonly maxFileBytes?: number;
  /** How often an entry is checked against the disk (default 1000 ms). */
  readonly recheckMs?: number;
  readonly now?: () => number;
}

type Stats = Awaited<ReturnType<typeof stat>>;

const identity = (s: Stats) => `${s.size}-${s.mtimeMs}-${s.ino}`;

function cachedFile(bytes: Buffer, s: Stats): CachedFile {
  const mtime = Math.floor(Number(s.mtimeMs) / 1000);
  return {
    bytes,
    etag: `"${Number(s.ino).toString(16)}-${Number(s.size).toString(16)}-${Math.floor(Number(s.mtimeMs)).toString(16)}"`,
    lastModified: new Date(mtime * 1000).toUTCString(),
    mtimeSeconds: mtime,
  };
}

export class FileCache {
  // A Map keeps insertion order: the first key is the least recently used.
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  private readonly maxBytes: number;
  private readonly maxFileBytes: number;
  private readonly recheckMs: number;
  private readonly now: () => number;

  constructor(options: FileCacheOptions = {}) {
    this.maxBytes = options.maxBytes ?? 128 * 1024 * 1024;
    this.maxFileBytes = options.maxFileBytes ?? 4 * 1024 * 1024;
    this.recheckMs = options.recheckMs ?? 1000;
    this.now = options.now ?? Date.now;
  }

  /** Bytes held now. */
  get size(): number {
    return this.bytes;
  }

  /** The file at `abs` (an absolute path), or null when it is not a file. */
  async get(abs: string): Promise<CachedFile | null> {
    const entry = this.entries.get(abs);
    const now = this.now();
    if (entry !== undefined) {
      this.entries.delete(abs);
      this.entries.set(abs, entry);
      if (now - entry.checkedAt < this.recheckMs) return entry.file;
    }
    const s = await stat(abs).catch(() => null);
    if (s === null || !s.isFile()) {
      this.drop(abs);
      return null;
    }
    const key = identity(s);
    if (entry !== undefined && entry.key === key) {
      entry.checkedAt = now;
      return entry.file;
    }
    this.drop(abs);
    const bytes = await readFile(abs).catch(() => null);
    if (bytes === null) return null;
    const file = cachedFile(bytes, s);
    if (bytes.length <= this.maxFileBytes && bytes.length <= this.maxBytes) {
      this.entries.set(abs, { file, key, checkedAt: now });
      this.bytes += bytes.length;
      for (const [k, e] of this.entries) {
        if (this.bytes <= this.maxBytes) break;
        this.entries.delete(k);
        this.bytes -= e.file.bytes.length;
      }
    }
    return file;
  }

  private drop(abs: string): void {
    const e = this.entries.get(abs);
    if (e === undefined) return;
    this.entries.delete(abs);
    this.bytes -= e.file.bytes.length;
  }
}
