/**
 * The 2020 name order (contract §9, "Record order"): every example of the contract, the ranking
 * of its punctuation list, a total order with ties in key order, and ICU's root collation (Node's
 * `Intl.Collator`, primary strength) as a second witness for names of printable ASCII.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Matrix } from '../model/types.js';
import { compareNames, PUNCTUATION, primaryWeights } from './collation.js';
import { ordered } from './order.js';

const matrix = (key: number, name: string): Matrix => ({ key, name, annotations: [] }) as unknown as Matrix;
const byName = (names: readonly string[]) =>
  ordered(
    names.map((n, i) => matrix(i + 1, n)),
    'name',
    true,
  ).map((m) => m.name);
const sign = (n: number) => (n < 0 ? -1 : n > 0 ? 1 : 0);

/** The contract's list of punctuation, in its order (§9), as the contract writes it. */
const CONTRACT_PUNCTUATION = '_ - , ; : ! ? . \' " ( ) [ ] { } @ * / \\ & # % ^ + < = > | ~ $'.split(' ');

/** Every printable ASCII character: JASPAR's names use a subset (letters, digits, space, `_ - : . ( ) /`). */
const ASCII = Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i));
const asciiName = fc.string({ unit: fc.constantFrom(...ASCII), maxLength: 12 });
/** Names built from few characters, so that shared prefixes and equal names are common. */
const nearName = fc.string({
  unit: fc.constantFrom('A', 'a', 'B', 'b', '1', '2', ':', '(', '.', ' ', '_', 'é'),
  maxLength: 6,
});
const anyName = fc.oneof(asciiName, nearName, fc.string({ unit: 'grapheme', maxLength: 6 }));

describe('the 2020 name order: the contract’s examples', () => {
  it('ARNT::HIF1A before ARNT2 (punctuation before digits)', () => {
    expect(compareNames('ARNT::HIF1A', 'ARNT2')).toBeLessThan(0);
    expect(byName(['ARNT2', 'ARNT::HIF1A'])).toEqual(['ARNT::HIF1A', 'ARNT2']);
  });

  it('JUN::JUNB(var.2) before JUN(var.2) before JUNB (`:` before `(`, punctuation before letters)', () => {
    expect(compareNames('JUN::JUNB(var.2)', 'JUN(var.2)')).toBeLessThan(0);
    expect(compareNames('JUN(var.2)', 'JUNB')).toBeLessThan(0);
    expect(byName(['JUNB', 'JUN(var.2)', 'JUN::JUNB(var.2)'])).toEqual(['JUN::JUNB(var.2)', 'JUN(var.2)', 'JUNB']);
  });

  it('Gata1 equals GATA1 (letters case-insensitive), the tie in key order', () => {
    expect(compareNames('Gata1', 'GATA1')).toBe(0);
    expect(ordered([matrix(7, 'Gata1'), matrix(3, 'GATA1')], 'name', true).map((m) => m.key)).toEqual([3, 7]);
    expect(ordered([matrix(3, 'Gata1'), matrix(7, 'GATA1')], 'name', true).map((m) => m.key)).toEqual([3, 7]);
  });

  it('ranks the punctuation in the contract’s order, then the digits, then the letters', () => {
    expect(PUNCTUATION.replace('`', '').split('')).toEqual(CONTRACT_PUNCTUATION);
    const ladder = [...CONTRACT_PUNCTUATION, ...'0123456789', ...'abcdefghijklmnopqrstuvwxyz'];
    for (let i = 1; i < ladder.length; i++)
      expect(
        compareNames(ladder[i - 1] as string, ladder[i] as string),
        `${ladder[i - 1]} < ${ladder[i]}`,
      ).toBeLessThan(0);
    for (const c of 'abcdefghijklmnopqrstuvwxyz') expect(compareNames(c, c.toUpperCase())).toBe(0);
  });

  it('puts a name before its extensions, and compares the first characters that differ', () => {
    expect(byName(['JUNB', 'JUN', 'JUN-1', 'JUN1', 'Jun'])).toEqual(['JUN', 'Jun', 'JUN-1', 'JUN1', 'JUNB']);
  });
});

describe('the 2020 name order beyond the contract’s list (decided, collation.ts)', () => {
  it('white space before all punctuation, `` ` `` between `%` and `^`, control and format characters ignored', () => {
    expect(compareNames('ETS class', 'ETS_class')).toBeLessThan(0);
    expect(compareNames('\t', ' ')).toBeLessThan(0);
    expect(compareNames('%', '`')).toBeLessThan(0);
    expect(compareNames('`', '^')).toBeLessThan(0);
    expect(compareNames('A\u0000B', 'AB')).toBe(0);
    expect(compareNames('A\u200bB', 'AB')).toBe(0);
  });

  it('accented letters and compatibility forms as their base, the listed Latin letters as ICU ranks them', () => {
    for (const [a, b] of [
      ['é', 'e'],
      ['Ö', 'o'],
      ['İ', 'i'],
      ['ﬁ', 'fi'],
      ['Ａ', 'a'],
      ['²', '2'],
      ['１', '1'],
      ['٣', '3'],
      ['𝟗', '9'],
      ['\u00a0', ' '],
      ['ß', 'ss'],
      ['ẞ', 'ss'],
      ['Æ', 'ae'],
      ['œ', 'oe'],
      ['Ø', 'o'],
      ['Ł', 'l'],
      ['đ', 'd'],
      ['ħ', 'h'],
      ['ð', 'd'],
      ['ΟΔΟΣ', 'οδο\u03c3'],
      ['οδο\u03c2', 'οδο\u03c3'],
    ])
      expect(compareNames(a as string, b as string), `${a} = ${b}`).toBe(0);
  });

  it('other punctuation after the ASCII list and before the digits, other letters after z, by code point', () => {
    expect(byName(['0', '–', '$', '€', '°'])).toEqual(['$', '°', '–', '€', '0']);
    expect(compareNames('$', '–')).toBeLessThan(0);
    expect(compareNames('–', '0')).toBeLessThan(0);
    expect(compareNames('z', 'þ')).toBeLessThan(0);
    expect(compareNames('þ', 'α')).toBeLessThan(0);
    expect(compareNames('α', 'я')).toBeLessThan(0);
  });
});

describe('the 2020 name order is a total order with ties in key order', () => {
  it('compareNames is antisymmetric, zero exactly for equal weights, and transitive', () => {
    fc.assert(
      fc.property(anyName, anyName, anyName, (a, b, c) => {
        expect(sign(compareNames(a, b)) + sign(compareNames(b, a))).toBe(0);
        expect(compareNames(a, a)).toBe(0);
        expect(compareNames(a, b) === 0).toBe(JSON.stringify(primaryWeights(a)) === JSON.stringify(primaryWeights(b)));
        if (compareNames(a, b) <= 0 && compareNames(b, c) <= 0) expect(compareNames(a, c)).toBeLessThanOrEqual(0);
      }),
      { numRuns: 2000 },
    );
  });

  it('ordered() gives one order whatever the input order: by name, equal names by key', () => {
    const matrices = fc
      .uniqueArray(fc.record({ key: fc.integer({ min: 1, max: 10_000 }), name: anyName }), {
        selector: (m) => m.key,
        maxLength: 30,
      })
      .map((rs) => rs.map((r) => matrix(r.key, r.name)));
    fc.assert(
      fc.property(matrices, fc.infiniteStream(fc.nat()), (ms, stream) => {
        const sorted = ordered(ms, 'name', true);
        expect(sorted.map((m) => m.key).sort((a, b) => a - b)).toEqual(ms.map((m) => m.key).sort((a, b) => a - b));
        for (let i = 1; i < sorted.length; i++) {
          const [x, y] = [sorted[i - 1] as Matrix, sorted[i] as Matrix];
          const c = compareNames(x.name, y.name);
          expect(c).toBeLessThanOrEqual(0);
          if (c === 0) expect(x.key).toBeLessThan(y.key);
        }
        const shuffled = [...ms];
        const rnd = stream[Symbol.iterator]();
        for (let i = shuffled.length - 1; i > 0; i--) {
          const j = (rnd.next().value as number) % (i + 1);
          [shuffled[i], shuffled[j]] = [shuffled[j] as Matrix, shuffled[i] as Matrix];
        }
        expect(ordered(shuffled, 'name', true)).toEqual(sorted);
      }),
      { numRuns: 300 },
    );
  });
});

describe('ICU’s root collation agrees (a witness; the contract’s rule is the reference)', () => {
  const icu = new Intl.Collator('und', { sensitivity: 'base', ignorePunctuation: false, numeric: false });

  it('on names of printable ASCII (and é)', () => {
    fc.assert(
      fc.property(fc.oneof(asciiName, nearName), asciiName, (a, b) => {
        expect(sign(compareNames(a, b)), `${JSON.stringify(a)} vs ${JSON.stringify(b)}`).toBe(sign(icu.compare(a, b)));
      }),
      { numRuns: 3000 },
    );
  });

  it('on the contract’s examples and the non-ASCII letters the rule equates with their base', () => {
    const pairs = [
      ['ARNT::HIF1A', 'ARNT2'],
      ['JUN::JUNB(var.2)', 'JUN(var.2)'],
      ['JUN(var.2)', 'JUNB'],
      ['Gata1', 'GATA1'],
      ['é', 'e'],
      ['ß', 'ss'],
      ['æ', 'ae'],
      ['ø', 'o'],
      ['œ', 'oe'],
      ['ł', 'l'],
      ['đ', 'd'],
      ['ð', 'd'],
      ['ħ', 'h'],
      ['ς', 'σ'],
      ['ﬁ', 'fi'],
      ['٣', '3'],
      ['ı', 'i'],
      ['A\u0000B', 'AB'],
      ['\t', '_'],
      ['z', 'þ'],
    ];
    for (const [a, b] of pairs)
      expect(sign(compareNames(a as string, b as string)), `${a} vs ${b}`).toBe(
        sign(icu.compare(a as string, b as string)),
      );
  });
});
