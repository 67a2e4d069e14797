/** Assembling a position frequency matrix from MATRIX_DATA cells. */
import { shorten, UserError } from '../errors.js';
import type { CellReader } from './parse-cells.js';
import type { Problems } from './problems.js';
import { BASES, type Base, type Pfm } from './types.js';
import { MAX_COLUMNS, MAX_COUNT, quoted } from './values.js';

export interface PfmCells {
  readonly row: string;
  readonly col: number;
  readonly val: number;
  readonly reader: CellReader;
}

const EMPTY_PFM: Pfm = { A: [], C: [], G: [], T: [] };

/** One row of a matrix being built: its cells by column, and the first placed. */
interface Row {
  readonly cells: (PfmCells | undefined)[];
  first: PfmCells | undefined;
}

/** The index in BASES of a MATRIX_DATA row letter (any case, spaces around), or -1. */
function baseIndex(letter: string): number {
  switch (letter) {
    case 'A':
      return 0;
    case 'C':
      return 1;
    case 'G':
      return 2;
    case 'T':
      return 3;
    default: {
      const upper = letter.trim().toUpperCase();
      return upper.length === 1 && upper !== letter ? baseIndex(upper) : -1;
    }
  }
}

/**
 * Build the PFM of one matrix: rows A C G T, columns sorted numerically and required to be
 * 1..w with no gap or duplicate, all four rows the same length. Each problem goes to
 * `problems` (a build throws the first); a bad cell is left out and a missing one reads 0,
 * so inspect can report every problem of every matrix. A matrix wider than {@link MAX_COLUMNS}
 * is one problem and an empty PFM; counts past {@link MAX_COUNT} are one problem per matrix
 * (read as 0), negative ones one warning per matrix.
 */
export function buildPfm(matrixId: string, cells: readonly PfmCells[], problems: Problems): Pfm {
  if (cells.length === 0) return EMPTY_PFM;
  const fail = (cell: PfmCells, message: string) =>
    problems.fatal(new UserError(`matrix ${matrixId}: ${message}`, cell.reader.place()));
  // Its size first: every column is a line of every text answer, so a matrix past the limit is
  // refused whole, in one line.
  let widest = cells[0] as PfmCells;
  for (const cell of cells) if (cell.col > widest.col) widest = cell;
  if (widest.col > MAX_COLUMNS) {
    fail(widest, `column ${widest.col} is past the ${MAX_COLUMNS} columns a matrix may have`);
    return EMPTY_PFM;
  }
  const huge = cells.filter((c) => !(Math.abs(c.val) <= MAX_COUNT));
  if (huge.length > 0)
    fail(
      huge[0]!,
      `${at(huge[0]!)} is out of range: counts must be at most ${MAX_COUNT.toExponential().replace('+', '')} in magnitude, so every column's total is finite${more(huge)}`,
    );
  const negative = cells.filter((c) => c.val < 0 && c.val >= -MAX_COUNT);
  if (negative.length > 0)
    problems.warn({
      message: `matrix ${matrixId}: ${at(negative[0]!)} is negative${more(negative)}; published as it is`,
      place: negative[0]!.reader.place(),
    });
  // Each row's cells by column (1..widest.col, checked above), and the first one placed (its
  // place is a missing column's): arrays rather than a Map a row, for a few thousand matrices.
  const size = Math.max(widest.col, 0) + 1;
  const rows: Row[] = BASES.map(() => ({ cells: new Array<PfmCells | undefined>(size), first: undefined }));
  let width = 0;
  for (const cell of cells) {
    const base = baseIndex(cell.row);
    const row = rows[base];
    if (row === undefined) {
      fail(cell, `unknown row letter ${quoted(cell.row)} (expected A, C, G or T)`);
      continue;
    }
    if (cell.col < 1) {
      fail(cell, `column ${cell.col} is not a positive number`);
      continue;
    }
    const dup = row.cells[cell.col];
    if (dup) {
      fail(cell, `row ${BASES[base]} column ${cell.col} appears twice (first on line ${dup.reader.place().line})`);
      continue;
    }
    row.cells[cell.col] = cell;
    row.first ??= cell;
    if (cell.col > width) width = cell.col;
  }
  const out = {} as Record<Base, number[]>;
  for (let b = 0; b < BASES.length; b++) {
    const base = BASES[b] as Base;
    const row = rows[b] as Row;
    const values: number[] = new Array<number>(width).fill(0);
    const missing: number[] = [];
    for (let col = 1; col <= width; col++) {
      const cell = row.cells[col];
      if (cell) values[col - 1] = Math.abs(cell.val) <= MAX_COUNT ? cell.val : 0;
      else missing.push(col);
    }
    if (missing.length > 0) {
      const first = row.first ?? (cells[0] as PfmCells);
      fail(
        first,
        `row ${base} has no value for column${missing.length > 1 ? 's' : ''} ${describe(missing)} (columns must be 1..${width})`,
      );
    }
    out[base] = values;
  }
  warnEmptyColumns(matrixId, out, rows, problems);
  return out;
}

/**
 * One warning per matrix for columns whose four counts are all 0: no letter is more likely than
 * another there (MEME answers write 0.25 each, src/formats/meme.ts), which a dump rarely means.
 */
function warnEmptyColumns(
  matrixId: string,
  pfm: Readonly<Record<Base, readonly number[]>>,
  rows: readonly Row[],
  problems: Problems,
): void {
  const empty: number[] = [];
  for (let i = 0; i < pfm.A.length; i++) if (BASES.every((b) => pfm[b][i] === 0)) empty.push(i + 1);
  const col = empty[0];
  const cell = col === undefined ? undefined : rows.map((row) => row.cells[col]).find((c) => c !== undefined);
  if (cell === undefined) return;
  problems.warn({
    message: `matrix ${matrixId}: column ${col} has no counts (all four are 0)${empty.length > 1 ? ` (and ${empty.length - 1} more)` : ''}; published as it is, MEME answers write 0.25 for each letter there`,
    place: cell.reader.place(),
  });
}

/** A count and its place in the matrix. */
const at = (c: PfmCells): string => `count ${c.val} in row ${shorten(c.row)} column ${c.col}`;

/** ` (and 3 more)` after the first of several. */
const more = (cells: readonly PfmCells[]): string => (cells.length > 1 ? ` (and ${cells.length - 1} more)` : '');

/** `3`, `3, 5` or `3, 5, 7 and 9 more`. */
function describe(columns: readonly number[]): string {
  const shown = columns.slice(0, 3).join(', ');
  return columns.length > 3 ? `${shown} and ${columns.length - 3} more` : shown;
}
