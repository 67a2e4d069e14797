/**
 * What bounds reading a dump (issue 37 item 3): the memory the kept rows may take, whatever the
 * dump's size (a gzip of valid rows can expand to gigabytes), and a signal that stops a read
 * within a chunk. Every reader counts each row it keeps here; past the limit the read stops with
 * one line naming the file, table, row and the limit, before V8 would run out of heap.
 */
import { UserError, type Place } from '../errors.js';
import type { Row } from './tables.js';

const MIB = 2 ** 20;

/** The default memory bound of a read: JASPAR 2026's tables take about 41 MiB of it, JASPAR 2016's 23. */
export const DEFAULT_MAX_READ_MIB = 1024;

/**
 * What one kept row costs in the heap, measured on JASPAR 2016 and 2026 (about 190 bytes a
 * MATRIX_DATA row): the row and its array, each cell's string header, then its characters.
 */
const ROW_BYTES = 128;
const CELL_BYTES = 16;

export interface ReadLimits {
  /** The memory the kept rows may take, in MiB (`build --max-read-mib`). */
  readonly maxMiB?: number;
  /** Set: the read stops (rejecting with the signal's reason) before its next chunk or batch of rows. */
  readonly signal?: AbortSignal;
}

/** The estimated heap of the rows a read keeps, checked against {@link ReadLimits.maxMiB}. */
export class ReadBudget {
  private used = 0;
  readonly maxMiB: number;

  constructor(limits: ReadLimits = {}) {
    this.maxMiB = limits.maxMiB ?? DEFAULT_MAX_READ_MIB;
  }

  /** Count one kept row; past the limit, fail at `place` in one line. */
  add(cells: Row, place: Place): void {
    let bytes = ROW_BYTES;
    for (const cell of cells) bytes += CELL_BYTES + (cell === null ? 0 : cell.length);
    this.used += bytes;
    if (this.used > this.maxMiB * MIB)
      throw new UserError(
        `the tables the API reads take more than the ${this.maxMiB} MiB of memory a read may use (--max-read-mib raises it; JASPAR 2026 takes about 41 MiB)`,
        place,
      );
  }
}

/** Rows a synchronous reader keeps between two looks at the signal (a few milliseconds of work). */
export const ROWS_PER_TURN = 4096;

/** Let the event loop run (a SIGTERM handler sets the signal), then stop if it was set. */
export async function turn(signal: AbortSignal | undefined): Promise<void> {
  if (signal === undefined) return;
  await new Promise<void>((resolve) => setImmediate(resolve));
  signal.throwIfAborted();
}
