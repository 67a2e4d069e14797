import { describe, expect, it } from 'vitest';
import type { Pfm } from '../model/types.js';
import {
  columnFrequencies,
  informationContent,
  logoColumn,
  logoColumns,
  MAX_BITS,
  reverseComplement,
} from './geometry.js';

/** MA0004.1 Arnt, the contract's worked example. */
const ARNT: Pfm = { A: [4, 19, 0, 0, 0, 0], C: [16, 0, 20, 0, 0, 0], G: [0, 1, 0, 20, 0, 20], T: [0, 0, 0, 0, 20, 0] };

describe('logo geometry', () => {
  it('a single-base column reaches 2 bits, all of it that base', () => {
    const col = logoColumn(ARNT, 2);
    expect(col.bits).toBe(MAX_BITS);
    expect(col.letters).toEqual([{ base: 'C', bits: 2 }]);
  });

  it('a uniform column carries no information and draws no letter', () => {
    const pfm: Pfm = { A: [5], C: [5], G: [5], T: [5] };
    expect(logoColumn(pfm, 0)).toEqual({ bits: 0, letters: [] });
  });

  it('normalises by the column total and stacks the tallest letter on top', () => {
    // 4/20 A, 16/20 C: entropy 0.7219 bits, IC 1.2781.
    const col = logoColumn(ARNT, 0);
    const ic = 2 + 0.2 * Math.log2(0.2) + 0.8 * Math.log2(0.8);
    expect(col.bits).toBeCloseTo(ic, 12);
    expect(col.letters.map((l) => l.base)).toEqual(['A', 'C']);
    expect(col.letters[0]?.bits).toBeCloseTo(0.2 * ic, 12);
    expect(col.letters[1]?.bits).toBeCloseTo(0.8 * ic, 12);
  });

  it('two equal bases give 1 bit split evenly, in A C G T order', () => {
    const pfm: Pfm = { A: [0], C: [3], G: [3], T: [0] };
    expect(logoColumn(pfm, 0)).toEqual({
      bits: 1,
      letters: [
        { base: 'C', bits: 0.5 },
        { base: 'G', bits: 0.5 },
      ],
    });
  });

  it('is independent of the column total (decimal counts too)', () => {
    const a = logoColumns({ A: [1], C: [3], G: [0], T: [0] });
    const b = logoColumns({ A: [2.5], C: [7.5], G: [0], T: [0] });
    expect(b).toEqual(a);
  });

  it('a column without counts has no letters; entropy 0·log0 is 0', () => {
    expect(columnFrequencies({ A: [0], C: [0], G: [0], T: [0] }, 0)).toBeNull();
    expect(logoColumn({ A: [0], C: [0], G: [0], T: [0] }, 0)).toEqual({ bits: 0, letters: [] });
    expect(informationContent({ A: 1, C: 0, G: 0, T: 0 })).toBe(2);
    expect(logoColumns({ A: [], C: [], G: [], T: [] })).toEqual([]);
  });

  it('reverse complement reverses the columns and swaps A↔T, C↔G', () => {
    expect(reverseComplement(ARNT)).toEqual({
      A: [0, 20, 0, 0, 0, 0],
      C: [20, 0, 20, 0, 1, 0],
      G: [0, 0, 0, 20, 0, 16],
      T: [0, 0, 0, 0, 19, 4],
    });
    expect(reverseComplement(reverseComplement(ARNT))).toEqual(ARNT);
    const fwd = logoColumns(ARNT);
    const rc = logoColumns(reverseComplement(ARNT));
    expect(rc.map((c) => c.bits)).toEqual(fwd.map((c) => c.bits).reverse());
  });
});
