/**
 * The `meme` text format (MEME minimal motif format, contract §5): the header once per body,
 * then per matrix a `MOTIF` block of letter probabilities ending with its URL line and one blank
 * line (tools skip a last motif without it).
 *
 * Each probability is the count divided by its own column's total, `%.6f`, as in JASPAR's MEME
 * download files (decided in the contract; JASPAR's 2018 API code divided by the first column's
 * total). `nsites` is the integer part of the first column's total.
 *
 * Edge cases (no JASPAR output to follow, JASPAR's code would fail): a column whose total is 0
 * is written as the uniform 0.25 in each letter, so every row stays a probability distribution;
 * a matrix with no columns gives `w= 0 nsites= 0` and no rows.
 */
import type { Matrix } from '../model/types.js';
import { concatMatrices, pfmColumns } from './matrix-text.js';
import type { MatrixTextContext } from './matrix-text.js';
import { MEME_HEADER } from '../api/formats.js';
import { pyFixed, pyInt } from '../api/numbers.js';

const UNIFORM_ROW = ' 0.250000  0.250000  0.250000  0.250000\n';

const prob = (count: number, total: number): string => pyFixed(count / total, 6);

/** One `MOTIF` block, ending with its URL line and one blank line. */
export function renderMatrix(m: Matrix, ctx: MatrixTextContext): string {
  const columns = pfmColumns(m.pfm);
  const first = columns[0];
  const nsites = first === undefined ? 0 : Math.trunc(first[0] + first[1] + first[2] + first[3]);
  let block =
    `MOTIF ${m.matrixId} ${m.name}\n` +
    `letter-probability matrix: alength= 4 w= ${columns.length} nsites= ${pyInt(nsites)} E= 0\n`;
  for (const [a, c, g, t] of columns) {
    const total = a + c + g + t;
    block +=
      total === 0 ? UNIFORM_ROW : ` ${prob(a, total)}  ${prob(c, total)}  ${prob(g, total)}  ${prob(t, total)}\n`;
  }
  return `${block}URL ${ctx.baseUrl}/matrix/${m.matrixId}\n\n`;
}

/** A response body: the header then every block, or `No PFM data available` for an empty list. */
export function renderMatrices(ms: readonly Matrix[], ctx: MatrixTextContext): string {
  return concatMatrices(ms, ctx, renderMatrix, MEME_HEADER);
}
