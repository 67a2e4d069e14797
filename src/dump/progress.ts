/** How far reading a dump has come, for progress displays (the readers never print). */

/** An amount of work: files and bytes (bytes of the files as stored, compressed or not). */
export interface Amount {
  readonly files: number;
  readonly bytes: number;
}

/**
 * Told as a dump is read: `done` so far and the `total` of the dump. Flat-file dumps report after
 * each table file, SQL dumps after each chunk read from disk, SQLite databases once at the end.
 */
export type ReadProgress = (done: Amount, total: Amount) => void;
