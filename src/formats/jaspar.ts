/**
 * The `jaspar` text format (contract §5), as in JASPAR's own download files:
 *
 * ```
 * >MA0004.1	Arnt
 * A  [     4     19      0      0      0      0 ]
 * ```
 *
 * Header `>ID<TAB>NAME`; per base `L␣␣[` + counts as `%6.0f` (half to even, wider values
 * overflow the width) joined by one space + `␣]`. A matrix with no columns renders its header and
 * four `L  [ ]` rows: the same formula with nothing to join, which Biopython reads as empty.
 */
import { BASES } from '../model/types.js';
import type { Matrix } from '../model/types.js';
import { concatMatrices } from './matrix-text.js';
import type { MatrixTextContext } from './matrix-text.js';
import { pyFixedWidth } from '../api/numbers.js';

const cell = (count: number): string => pyFixedWidth(count, 6, 0);

/** One matrix's block: header line and four bracketed rows, each ending in a newline. */
export function renderMatrix(m: Matrix, _ctx: MatrixTextContext): string {
  let block = `>${m.matrixId}\t${m.name}\n`;
  for (const base of BASES) block += `${base}  [${m.pfm[base].map(cell).join(' ')} ]\n`;
  return block;
}

/** A response body: the blocks concatenated, or `No PFM data available` for an empty list. */
export function renderMatrices(ms: readonly Matrix[], ctx: MatrixTextContext): string {
  return concatMatrices(ms, ctx, renderMatrix);
}
