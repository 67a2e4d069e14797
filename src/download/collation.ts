/**
 * The name order of JASPAR's 2020 download files (contract §9, "Record order"): Unicode collation
 * (the UCA's default table, as CLDR's root locale and ICU have it) at the primary level only, so
 * case and accents do not count and equal names are left to the caller's tie-break (internal key
 * order).
 *
 * At the primary level the UCA compares a name's characters one by one (the root table has no
 * contraction among ASCII characters), each by its group and its rank inside the group:
 *
 * 1. white space (below all punctuation in the UCA);
 * 2. ASCII punctuation and symbols in {@link PUNCTUATION}'s order, the contract's list;
 * 3. other punctuation and symbols;
 * 4. digits, by value;
 * 5. the letters a–z, upper and lower case alike;
 * 6. every other character.
 *
 * Punctuation is **not ignorable** here: the UCA's "shifted" variable weighting, which skips
 * punctuation at the primary level, would put `ARNT2` before `ARNT::HIF1A` (`ARNT2` against
 * `ARNTHIF1A`: a digit before a letter), against the contract and JASPAR's 2020 file. With
 * punctuation weighted (the root locale's default, "non-ignorable"), a name that is a prefix of
 * another comes first (`JUN` < `JUNB`), and where two names part, the first differing character
 * decides: `ARNT::HIF1A` < `ARNT2` (`:` is punctuation, `2` a digit), `JUN::JUNB(var.2)` <
 * `JUN(var.2)` (`:` before `(` in the list), `JUN(var.2)` < `JUNB` (`(` before a letter),
 * `Gata1` = `GATA1`.
 *
 * Beyond the contract's list (decided; apart from the space of some 2016 family names, no JASPAR
 * name has such a character today, so the rule only has to be sensible and total):
 * - `` ` `` (not in the contract's list) ranks between `%` and `^`, and white space before `_`,
 *   where the UCA ranks them. Control and format characters other than white space (NUL, U+200B …)
 *   are ignored, as the UCA ignores them.
 * - A name is first decomposed by compatibility (NFKD) and lower-cased, and its combining marks are
 *   dropped: an accented letter ranks as its base letter (`é` = `e`), a compatibility form as what
 *   it stands for (`ﬁ` = `fi`, `²` = `2`, fullwidth `Ａ` = `a`), as at the UCA's primary level.
 * - The Latin letters the UCA ranks as a base letter or a pair of letters without a decomposition
 *   saying so are mapped by {@link LATIN}: `ß` = `ss`, `æ` = `ae`, `œ` = `oe`, `ø` = `o`, `ł` = `l`,
 *   `đ` = `d`, `ð` = `d`, `ħ` = `h`; and Greek's final `ς` = `σ`.
 * - Digits of other scripts rank by their value (`٣` = `3`), as in the UCA.
 * - Other punctuation and symbols (`–`, `°`, `€` …) rank after the ASCII ones, before the digits, by
 *   code point; other letters (`þ`, `ı`, Greek, Cyrillic …) after `z`, by code point. (The UCA
 *   interleaves the former with the ASCII punctuation and orders the latter by script and its own
 *   alphabet; code points keep the rule short and deterministic, and put Latin before Greek before
 *   Cyrillic as the UCA does.)
 *
 * The rule is written out rather than left to `Intl.Collator`, so that a build's bytes do not
 * depend on the ICU data of the Node.js that runs it; collation.test.ts holds it to ICU's root
 * collation on names of printable ASCII (JASPAR's names use a subset of it).
 */

/** The contract's ranking of ASCII punctuation and symbols, with `` ` `` where the UCA puts it. */
export const PUNCTUATION = '_-,;:!?.\'"()[]{}@*/\\&#%`^+<=>|~$';

/** Letters with no decomposition that the UCA ranks as other letters at the primary level. */
const LATIN: Readonly<Record<string, string>> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ħ: 'h',
  ð: 'd',
  ς: 'σ',
};

/** A group's weights lie in [group × SPAN, (group + 1) × SPAN): SPAN exceeds every code point. */
const SPAN = 0x110000;
const SPACE = 0;
const ASCII_PUNCTUATION = 1;
const OTHER_PUNCTUATION = 2;
const DIGIT = 3;
const LETTER = 4;
const OTHER = 5;

const IS_IGNORED = /[\p{M}\p{Cc}\p{Cf}]/u;
const IS_SPACE = /\p{White_Space}/u;
const IS_SYMBOL = /[\p{P}\p{S}]/u;
const IS_DIGIT = /\p{Nd}/u;
const A = 0x61;
const Z = 0x7a;

/**
 * A decimal digit's value. Unicode assigns each script's digits 0–9 as one run of ten consecutive
 * code points (`\p{Nd}` comes only in such runs), so the value is the distance from the run's start,
 * modulo ten where runs adjoin.
 */
function digitValue(cp: number): number {
  let start = cp;
  while (IS_DIGIT.test(String.fromCodePoint(start - 1))) start--;
  return (cp - start) % 10;
}

/** One character's primary weight; null: ignored. */
function weight(ch: string): number | null {
  const cp = ch.codePointAt(0) ?? 0;
  if (IS_SPACE.test(ch)) return SPACE * SPAN + cp;
  if (IS_IGNORED.test(ch)) return null;
  const p = cp < 0x80 ? PUNCTUATION.indexOf(ch) : -1;
  if (p !== -1) return ASCII_PUNCTUATION * SPAN + p;
  if (IS_SYMBOL.test(ch)) return OTHER_PUNCTUATION * SPAN + cp;
  if (IS_DIGIT.test(ch)) return DIGIT * SPAN + digitValue(cp);
  if (cp >= A && cp <= Z) return LETTER * SPAN + (cp - A);
  return OTHER * SPAN + cp;
}

/** A name's primary weights, one per character that counts: equal arrays, equal names. */
export function primaryWeights(name: string): number[] {
  const out: number[] = [];
  for (const ch of name.normalize('NFKD').toLowerCase().normalize('NFKD')) {
    for (const c of LATIN[ch] ?? ch) {
      const w = weight(c);
      if (w !== null) out.push(w);
    }
  }
  return out;
}

/** Compares two weight arrays: by the first weight where they differ, else the shorter first. */
export function compareWeights(a: readonly number[], b: readonly number[]): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return (a[i] as number) < (b[i] as number) ? -1 : 1;
  return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
}

/** Two names in the 2020 order: negative, zero (equal at the primary level) or positive. */
export const compareNames = (a: string, b: string): number => compareWeights(primaryWeights(a), primaryWeights(b));
