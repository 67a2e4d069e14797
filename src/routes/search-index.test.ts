import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { searchCandidates, trigramIndex } from './search-index.js';

/** Fields over a small alphabet (with a non-ASCII letter), so random needles often match. */
const field = fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'x', '.', '1', 'é'), maxLength: 9 });
const matrices = fc.array(fc.array(field, { minLength: 1, maxLength: 3 }), { maxLength: 30 });

/** Matrices containing `needle` in some field, in `order` then the rest ascending: what a search must find. */
function reference(fields: string[][], order: number[], needle: string): number[] {
  const visit = [...order, ...fields.map((_, i) => i).filter((i) => !order.includes(i))];
  return visit.filter((i) => fields[i]!.some((f) => f.includes(needle)));
}

describe('the search index (issue 47)', () => {
  it("a needle's candidates hold every match in the index's order; a trigram's are exactly the matches", () => {
    fc.assert(
      fc.property(matrices, fc.nat(), field, (fields, seed, needle) => {
        // The list's order: some permutation of some of the matrices.
        const order = fields.map((_, i) => i).filter((i) => (i * 7 + seed) % 3 !== 0);
        order.sort((a, b) => ((a * 31 + seed) % 17) - ((b * 31 + seed) % 17) || a - b);
        const index = trigramIndex(fields, order);
        const found = searchCandidates(index, needle);
        const want = reference(fields, order, needle);
        if (found === null) {
          expect(needle.length < 3 || /[^\x00-\x7f]/.test(needle)).toBe(true);
          return;
        }
        const items = Array.from({ length: found.items.length }, (_, k) => found.items[k]!);
        const matching = items.filter((i) => fields[i]!.some((f) => f.includes(needle)));
        expect(matching).toEqual(want);
        if (found.exact) expect(items).toEqual(want);
      }),
      { numRuns: 400 },
    );
  });

  it('answers nothing for needles it cannot index: shorter than three characters, or not ASCII', () => {
    const index = trigramIndex([['foxa1', 'ma0148', 'core']], [0]);
    expect(searchCandidates(index, 'fo')).toBeNull();
    expect(searchCandidates(index, 'foé')).toBeNull();
    expect(searchCandidates(index, 'fox')).toEqual({ items: [0], exact: true });
    expect(searchCandidates(index, 'xa1')?.items).toEqual([0]);
    expect(searchCandidates(index, 'zzzz')?.items).toEqual([]);
    // Property names of Object.prototype are no trigrams of the index.
    expect(searchCandidates(index, 'constructor')?.items).toEqual([]);
  });
});
