import { describe, expect, it } from 'vitest';
import type { Pfm } from '../model/types.js';
import { jasparPseudocount, pssmOf } from './pssm.js';

const PFM: Pfm = { A: [10, 0, 2], C: [0, 6, 2], G: [0, 4, 2], T: [0, 0, 4] };

describe('pssmOf', () => {
  it("adds JASPAR's pseudocount: sqrt(mean column total) × 0.25 per letter", () => {
    expect(jasparPseudocount(PFM)).toBe(Math.sqrt(10) * 0.25);
    expect(jasparPseudocount({ A: [1, 3], C: [1, 3], G: [1, 3], T: [1, 3] })).toBe(Math.sqrt(8) * 0.25);
  });

  it('scores each letter log2(p / 0.25), p from the counts plus pseudocounts over their column total', () => {
    const pc = Math.sqrt(10) * 0.25;
    const { forward, width } = pssmOf(PFM);
    expect(width).toBe(3);
    for (let j = 0; j < 3; j++)
      (['A', 'C', 'G', 'T'] as const).forEach((b, k) => {
        const p = (PFM[b][j]! + pc) / (10 + 4 * pc);
        expect(forward[j * 4 + k]).toBeCloseTo(Math.log2(p / 0.25), 12);
      });
    // A letter as frequent as the background scores 0.
    expect(pssmOf({ A: [3], C: [3], G: [3], T: [3] }).forward).toEqual(new Float64Array([0, 0, 0, 0]));
  });

  it('scores the − strand with the reverse complement, and sums the best and worst letters as max and min', () => {
    const { forward, reverse, max, min } = pssmOf(PFM);
    for (let j = 0; j < 3; j++)
      for (let k = 0; k < 4; k++) expect(reverse[j * 4 + k]).toBe(forward[(2 - j) * 4 + 3 - k]);
    const column = (j: number) => [...forward.subarray(j * 4, j * 4 + 4)];
    expect(max).toBeCloseTo(Math.max(...column(0)) + Math.max(...column(1)) + Math.max(...column(2)), 12);
    expect(min).toBeCloseTo(Math.min(...column(0)) + Math.min(...column(1)) + Math.min(...column(2)), 12);
  });

  it('gives −∞ where a probability is not above 0, as Biopython does', () => {
    // A count below minus its pseudocount (negative counts are published with a warning).
    const { forward, min } = pssmOf({ A: [-20, 4], C: [30, 4], G: [5, 4], T: [5, 20] });
    expect(forward[0]).toBe(Number.NEGATIVE_INFINITY);
    expect(min).toBe(Number.NEGATIVE_INFINITY);
  });

  it('has no columns, and max = min = 0, for an empty matrix', () => {
    expect(pssmOf({ A: [], C: [], G: [], T: [] })).toMatchObject({ width: 0, max: 0, min: 0 });
  });
});
