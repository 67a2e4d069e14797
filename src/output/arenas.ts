/**
 * The buffers a disk sink's files travel to its writer thread in (sink.ts): each batch's files
 * are encoded one after another into one buffer of 1 MB, moved to the thread and moved back once
 * written, for the next batches (or written from on the main thread, which writes a batch itself
 * when the thread is behind, sink.ts). Moved buffers of their own per file were freed only when the
 * thread's collector ran, which a thread allocating next to nothing seldom does: the build's
 * peak memory grew by about 80 MB (issue 46 caps it).
 */

/** An arena's size; a file larger than that travels in a buffer of its own. */
export const ARENA_BYTES = 1024 * 1024;

/** How many arenas are kept for reuse between batches (the writer holds a few, sink.ts IN_FLIGHT_FILES, the sink fills one). */
const KEPT = 8;

export class Arenas {
  private pool: ArrayBuffer[] = [];
  private open: Buffer<ArrayBuffer> | null = null;
  private used = 0;

  /**
   * `data` (as UTF-8 if text) copied into the open arena, opened if none is; null when the open
   * one is too full (its batch is to be posted, then ask again). A file larger than an arena gets
   * a buffer of its own. Text is encoded once: straight into the arena when it fits even at three
   * bytes a character, else measured first.
   */
  place(data: string | Uint8Array): Uint8Array<ArrayBuffer> | null {
    if (this.open === null) {
      this.open = Buffer.from(this.pool.pop() ?? new ArrayBuffer(ARENA_BYTES));
      this.used = 0;
    }
    const room = ARENA_BYTES - this.used;
    if (typeof data === 'string' && data.length * 3 <= room) {
      const size = this.open.write(data, this.used, 'utf8');
      const bytes = this.open.subarray(this.used, this.used + size);
      this.used += size;
      return bytes;
    }
    const size = typeof data === 'string' ? Buffer.byteLength(data, 'utf8') : data.byteLength;
    if (size > ARENA_BYTES) {
      if (typeof data !== 'string') return new Uint8Array(data);
      const own = Buffer.allocUnsafeSlow(size);
      own.write(data, 'utf8');
      return own;
    }
    if (size > room) return null;
    const bytes = this.open.subarray(this.used, this.used + size);
    if (typeof data === 'string') bytes.write(data, 'utf8');
    else bytes.set(data);
    this.used += size;
    return bytes;
  }

  /** The open arena is full or its batch posted: the next file opens another. */
  close(): void {
    this.open = null;
  }

  /** An arena back from the writer (or a file's own buffer, let go). */
  give(buffer: ArrayBuffer): void {
    if (buffer.byteLength === ARENA_BYTES && this.pool.length < KEPT) this.pool.push(buffer);
  }

  /** Lets the kept arenas go (the sink has nothing more to write for now). */
  clear(): void {
    this.pool = [];
  }
}
