/** Assembling a position frequency matrix from MATRIX_DATA cells. */
import { UserError } from '../errors.js';
import type { CellReader } from './parse-cells.js';
import type { Problems } from './problems.js';
import { BASES, type Base, type Pfm } from './types.js';

export interface PfmCells {
  readonly row: string;
  readonly col: number;
  readonly val: number;
  readonly reader: CellReader;
}

const EMPTY_PFM: Pfm = { A: [], C: [], G: [], T: [] };

/**
 * Build the PFM of one matrix: rows A C G T, columns sorted numerically and required to be
 * 1..w with no gap or duplicate, all four rows the same length. Each problem goes to
 * `problems` (a build throws the first); a bad cell is left out and a missing one reads 0,
 * so inspect can report every problem of every matrix.
 */
export function buildPfm(matrixId: string, cells: readonly PfmCells[], problems: Problems): Pfm {
  if (cells.length === 0) return EMPTY_PFM;
  const fail = (cell: PfmCells, message: string) =>
    problems.fatal(new UserError(`matrix ${matrixId}: ${message}`, cell.reader.place()));
  const rows = new Map<Base, Map<number, PfmCells>>(BASES.map((b) => [b, new Map()]));
  let width = 0;
  for (const cell of cells) {
    const letter = cell.row.trim().toUpperCase();
    const row = rows.get(letter as Base);
    if (!row) {
      fail(cell, `unknown row letter "${cell.row}" (expected A, C, G or T)`);
      continue;
    }
    if (cell.col < 1) {
      fail(cell, `column ${cell.col} is not a positive number`);
      continue;
    }
    const dup = row.get(cell.col);
    if (dup) {
      fail(cell, `row ${letter} column ${cell.col} appears twice (first on line ${dup.reader.place().line})`);
      continue;
    }
    row.set(cell.col, cell);
    if (cell.col > width) width = cell.col;
  }
  const out = {} as Record<Base, number[]>;
  for (const base of BASES) {
    const row = rows.get(base) as Map<number, PfmCells>;
    const values: number[] = new Array<number>(width).fill(0);
    const missing: number[] = [];
    for (let col = 1; col <= width; col++) {
      const cell = row.get(col);
      if (cell) values[col - 1] = cell.val;
      else missing.push(col);
    }
    if (missing.length > 0) {
      const first = [...row.values()][0] ?? (cells[0] as PfmCells);
      fail(
        first,
        `row ${base} has no value for column${missing.length > 1 ? 's' : ''} ${describe(missing)} (columns must be 1..${width})`,
      );
    }
    out[base] = values;
  }
  return out;
}

/** `3`, `3, 5` or `3, 5, 7 and 9 more`. */
function describe(columns: readonly number[]): string {
  const shown = columns.slice(0, 3).join(', ');
  return columns.length > 3 ? `${shown} and ${columns.length - 3} more` : shown;
}
