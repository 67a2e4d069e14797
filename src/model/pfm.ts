/** Assembling a position frequency matrix from MATRIX_DATA cells. */
import type { CellReader } from './parse-cells.js';
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
 * 1..w with no gap or duplicate, all four rows the same length.
 */
export function buildPfm(matrixId: string, cells: readonly PfmCells[]): Pfm {
  if (cells.length === 0) return EMPTY_PFM;
  const rows = new Map<Base, Map<number, PfmCells>>(BASES.map((b) => [b, new Map()]));
  let width = 0;
  for (const c of cells) {
    const cell: PfmCells = c;
    const letter = cell.row.trim().toUpperCase();
    const row = rows.get(letter as Base);
    if (!row) cell.reader.fail(`matrix ${matrixId}: unknown row letter "${cell.row}" (expected A, C, G or T)`);
    if (cell.col < 1) cell.reader.fail(`matrix ${matrixId}: column ${cell.col} is not a positive number`);
    const dup = row.get(cell.col);
    if (dup) cell.reader.fail(`matrix ${matrixId}: row ${letter} column ${cell.col} appears twice (first on line ${dup.reader.place().line})`);
    row.set(cell.col, cell);
    if (cell.col > width) width = cell.col;
  }
  const out = {} as Record<Base, number[]>;
  for (const base of BASES) {
    const row = rows.get(base) as Map<number, PfmCells>;
    const values: number[] = new Array<number>(width);
    for (let col = 1; col <= width; col++) {
      const cell = row.get(col);
      if (!cell) {
        const first: PfmCells = cells[0] as PfmCells;
        first.reader.fail(`matrix ${matrixId}: row ${base} has no value for column ${col} (columns must be 1..${width})`);
      }
      values[col - 1] = cell.val;
    }
    out[base] = values;
  }
  return out;
}
