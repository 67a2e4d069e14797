/**
 * Lists the runtime reads from the site's data by index and length only. On nginx the index
 * and fragment chunks are njs preloaded objects (src/hosts/nginx/entry.ts), immutable and
 * without prototypes, so no array method exists on them: these helpers loop instead.
 * Runtime-safe subset (docs/runtime.md).
 */
export interface Rows<T> {
  readonly length: number;
  readonly [i: number]: T;
}

/** The position of `value` in `rows`, or -1. */
export function rowIndex<T>(rows: Rows<T>, value: T): number {
  for (let i = 0; i < rows.length; i++) if (rows[i] === value) return i;
  return -1;
}

/** Rows `start` (inclusive) to `end` (exclusive, clamped) as an array. */
export function rowSlice<T>(rows: Rows<T>, start: number, end: number): T[] {
  const out: T[] = [];
  const stop = Math.min(end, rows.length);
  for (let i = Math.max(0, start); i < stop; i++) out.push(rows[i]!);
  return out;
}
