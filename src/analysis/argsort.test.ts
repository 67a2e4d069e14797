import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { argsort } from './argsort.js';

describe('argsort (numpy 1.24 introsort; checked against numpy in test/scan-biopython.test.ts)', () => {
  it('gives a permutation of the indices that sorts the keys', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -50, max: 50 }), { maxLength: 400 }), (keys) => {
        const order = [...argsort(keys)];
        expect([...order].sort((a, b) => a - b)).toEqual(keys.map((_, i) => i));
        for (let i = 1; i < order.length; i++) expect(keys[order[i - 1]!]!).toBeLessThanOrEqual(keys[order[i]!]!);
      }),
      { seed: 45, numRuns: 200 },
    );
  });

  it('keeps ties in place up to 16 keys (insertion sort), not beyond (quicksort partitions)', () => {
    const small = [3, 1, 2, 1, 3, 0, 2, 1, 3, 2, 0, 1, 2, 3, 1, 0];
    const order = [...argsort(small)];
    const stable = small.map((_, i) => i).sort((a, b) => small[a]! - small[b]! || a - b);
    expect(order).toEqual(stable);
    // The + and − positions of a scan: two ascending runs, one tie per position.
    const runs = [...Array.from({ length: 40 }, (_, i) => i), ...Array.from({ length: 40 }, (_, i) => i)];
    const big = [...argsort(runs)];
    expect(big.some((at, i) => runs[at] === runs[big[i + 1]!] && at > big[i + 1]!)).toBe(true);
  });

  it('sorts sorted, reversed and constant keys', () => {
    for (const keys of [
      Array.from({ length: 1000 }, (_, i) => i),
      Array.from({ length: 1000 }, (_, i) => -i),
      new Array<number>(1000).fill(7),
    ]) {
      const order = argsort(keys);
      for (let i = 1; i < order.length; i++) expect(keys[order[i - 1]!]!).toBeLessThanOrEqual(keys[order[i]!]!);
    }
  });
});
