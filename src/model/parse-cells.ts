/** Parsing typed values out of dump cells, with errors that name the place. */
import { shorten, UserError, type Place } from '../errors.js';
import type { RawTable, SourceRow } from '../dump/tables.js';

const NUMBER = /^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/;
const INTEGER = /^\s*[+-]?\d+\s*$/;

/**
 * Whether `v` is plain digits with at most one `.` between digits (`12`, `12.0`), the form of
 * nearly every cell the model reads as a number: INTEGER (no `.`) or NUMBER accepts it, and it
 * is told without running either expression (three cells a MATRIX_DATA row).
 */
function plainDecimal(v: string, dot: boolean): boolean {
  const n = v.length;
  if (n === 0 || n > 15) return false;
  let seenDot = false;
  for (let i = 0; i < n; i++) {
    const c = v.charCodeAt(i);
    if (c >= 48 && c <= 57) continue;
    if (c !== 46 || !dot || seenDot || i === 0 || i === n - 1) return false;
    seenDot = true;
  }
  return true;
}

/** Reads typed cells of one row; every error carries file, table, line and text. */
export class CellReader {
  constructor(
    private readonly table: RawTable,
    private readonly row: SourceRow,
  ) {}

  /** Where this row is, for errors and warnings. */
  place(text?: string): Place {
    return { file: this.table.file, table: this.table.name, line: this.row.line, text };
  }

  fail(message: string, text?: string): never {
    throw new UserError(message, this.place(text));
  }

  /** Text cell; NULL (or a missing cell) is an error. */
  text(index: number, column: string): string {
    const v = this.row.cells[index];
    if (v === null || v === undefined) this.fail(`${column} is NULL`, this.row.cells.map((c) => c ?? '\\N').join('\t'));
    return v;
  }

  nullableText(index: number): string | null {
    return this.row.cells[index] ?? null;
  }

  integer(index: number, column: string): number {
    const v = this.text(index, column);
    if (plainDecimal(v, false)) return Number(v); // at most 15 digits: a safe integer
    if (!INTEGER.test(v)) this.fail(`${column} "${shorten(v)}" is not an integer`, v);
    const n = Number(v);
    // Past 2^53 an integer is no longer exact (and from 10^21 prints as 1e+21, no id or file name).
    if (!Number.isSafeInteger(n))
      this.fail(`${column} "${shorten(v)}" is out of range: integers must be at most ${Number.MAX_SAFE_INTEGER}`, v);
    return n;
  }

  number(index: number, column: string): number {
    const v = this.text(index, column);
    if (plainDecimal(v, true)) return Number(v);
    const n = Number(v);
    if (!NUMBER.test(v) || !Number.isFinite(n)) this.fail(`${column} "${shorten(v)}" is not a number`, v);
    return n;
  }

  nullableNumber(index: number, column: string): number | null {
    const v = this.row.cells[index];
    if (v === null || v === undefined) return null;
    // Some dumps write a missing float as the text NULL or an empty string.
    if (v === '' || v.toUpperCase() === 'NULL') return null;
    return this.number(index, column);
  }
}
