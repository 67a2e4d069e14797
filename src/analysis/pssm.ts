/**
 * A profile's position-specific scoring matrix as JASPAR's 2018 Scan computes it with Biopython
 * (contract §11): `motif.pseudocounts = Bio.motifs.jaspar.calculate_pseudocounts(motif)`, then
 * `motif.pssm` (Bio/motifs/matrix.py: `normalize`, `log_odds` against the uniform background),
 * its `max` and `min`. Every sum is taken in Biopython's order, so the doubles are Biopython's.
 */
import { BASES, type Pfm } from '../model/types.js';

export interface Pssm {
  /** Columns (the motif's length). */
  readonly width: number;
  /** Log2 odds of column j, letter k (A C G T): `forward[j * 4 + k]`. */
  readonly forward: Float64Array;
  /**
   * Biopython's `pssm.reverse_complement()`, which scores the − strand: column j, letter k is
   * `forward[(width - 1 - j) * 4 + 3 - k]`.
   */
  readonly reverse: Float64Array;
  /** Sum over the columns of the column's highest score (`pssm.max`). */
  readonly max: number;
  /** Sum over the columns of the column's lowest score (`pssm.min`). */
  readonly min: number;
}

/**
 * JASPAR's pseudocount, the same for every letter: the square root of the mean column total
 * times the uniform background's 0.25 (`calculate_pseudocounts`). NaN for a matrix with no
 * columns (Biopython divides by zero) or a negative mean total (math.sqrt fails).
 */
export function jasparPseudocount(pfm: Pfm): number {
  const width = pfm.A.length;
  // `total += sum(counts[letter][i] for letter in alphabet)`: sum() starts from 0.
  let total = 0;
  for (let i = 0; i < width; i++) total += 0 + pfm.A[i]! + pfm.C[i]! + pfm.G[i]! + pfm.T[i]!;
  return Math.sqrt(total / width) * 0.25;
}

/**
 * Log2 odds of a probability against the background's 0.25, as `log_odds` writes it:
 * `math.log(p / b, 2)`, i.e. ln(p / b) / ln 2, and −∞ where the probability is not above 0
 * (a zero count with a zero pseudocount; NaN from 0 / 0 compares false too).
 */
const LN2 = Math.log(2);
const logOdds = (p: number): number => (p > 0 ? Math.log(p / 0.25) / LN2 : Number.NEGATIVE_INFINITY);

/** The PSSM of a profile's counts with JASPAR's pseudocounts. */
export function pssmOf(pfm: Pfm): Pssm {
  const width = pfm.A.length;
  const pseudo = jasparPseudocount(pfm);
  const forward = new Float64Array(width * 4);
  let max = 0;
  let min = 0;
  for (let j = 0; j < width; j++) {
    // `normalize`: the pseudocount plus the count, each divided by the column's total (summed A, C, G, T from 0).
    const a = pseudo + pfm.A[j]!;
    const c = pseudo + pfm.C[j]!;
    const g = pseudo + pfm.G[j]!;
    const t = pseudo + pfm.T[j]!;
    const total = 0 + a + c + g + t;
    const column = [logOdds(a / total), logOdds(c / total), logOdds(g / total), logOdds(t / total)] as const;
    forward.set(column, j * 4);
    max += Math.max(...column);
    min += Math.min(...column);
  }
  const reverse = new Float64Array(width * 4);
  for (let j = 0; j < width; j++)
    for (let k = 0; k < BASES.length; k++) reverse[j * 4 + k] = forward[(width - 1 - j) * 4 + 3 - k]!;
  return { width, forward, reverse, max, min };
}
