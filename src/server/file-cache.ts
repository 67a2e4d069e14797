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
  /** Size, mtime and inode when read. */
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

  /** `locate` turns a key (a site path) into an absolute path, or null when it has none. */
  constructor(
    private readonly locate: (key: string) => string | null,
    options: FileCacheOptions = {},
  ) {
    this.maxBytes = options.maxBytes ?? 128 * 1024 * 1024;
    this.maxFileBytes = options.maxFileBytes ?? 4 * 1024 * 1024;
    this.recheckMs = options.recheckMs ?? 1000;
    this.now = options.now ?? Date.now;
  }

  /** Bytes held now. */
  get size(): number {
    return this.bytes;
  }

  /** The file `key` when it is held and was checked within `recheckMs`: no I/O, no await. */
  fresh(key: string): CachedFile | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined || this.now() - entry.checkedAt >= this.recheckMs) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.file;
  }

  /** The file `key`, or null when it is not a file. */
  async get(key: string): Promise<CachedFile | null> {
    const fresh = this.fresh(key);
    if (fresh !== undefined) return fresh;
    const abs = this.locate(key);
    if (abs === null) return null;
    const entry = this.entries.get(key);
    const now = this.now();
    const s = await stat(abs).catch(() => null);
    if (s === null || !s.isFile()) {
      this.drop(key);
      return null;
    }
    const id = identity(s);
    if (entry !== undefined && entry.key === id) {
      entry.checkedAt = now;
      return entry.file;
    }
    const bytes = await readFile(abs).catch(() => null);
    // Another request may have read it meanwhile: drop what is held before holding this one.
    this.drop(key);
    if (bytes === null) return null;
    const file = cachedFile(bytes, s);
    if (bytes.length <= this.maxFileBytes && bytes.length <= this.maxBytes) {
      this.entries.set(key, { file, key: id, checkedAt: now });
      this.bytes += bytes.length;
      for (const [k, e] of this.entries) {
        if (this.bytes <= this.maxBytes) break;
        this.entries.delete(k);
        this.bytes -= e.file.bytes.length;
      }
    }
    return file;
  }

  private drop(key: string): void {
    const e = this.entries.get(key);
    if (e === undefined) return;
    this.entries.delete(key);
    this.bytes -= e.file.bytes.length;
  }
}
