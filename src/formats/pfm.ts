/**
 * The `pfm` text format (contract §5):
 *
 * ```
 * >MA0004.1 Arnt
 *   4.00  19.00   0.00   0.00   0.00   0.00
 * ```
 *
 * Header `>ID␣NAME`, then the A, C, G and T rows as `%6.2f` joined by one space. A matrix with
 * no columns renders its header and four empty lines (the same formula with nothing to join);
 * row-based readers such as Biopython's skip such a block without disturbing its neighbours.
 */
import { BASES } from '../model/types.js';
import type { Matrix } from '../model/types.js';
import { concatMatrices } from './matrix-text.js';
import type { MatrixTextContext } from './matrix-text.js';
import { pyFixedWidth } from '../api/numbers.js';

const cell = (count: number): string => pyFixedWidth(count, 6, 2);

/** One matrix's block: header line and four rows, each ending in a newline. */
export function renderMatrix(m: Matrix, _ctx: MatrixTextContext): string {
  let block = `>${m.matrixId} ${m.name}\n`;
  for (const base of BASES) block += `${m.pfm[base].map(cell).join(' ')}\n`;
  return block;
}

/** A response body: the blocks concatenated, or `No PFM data available` for an empty list. */
export function renderMatrices(ms: readonly Matrix[], ctx: MatrixTextContext): string {
  return concatMatrices(ms, ctx, renderMatrix);
}
