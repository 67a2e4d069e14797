/**
 * Information-content sequence logo geometry, pure and independent of any drawing: per
 * column, frequencies normalised by the column total, information content IC = 2 − entropy
 * (bits, log2, 0·log0 = 0), each letter's height = frequency × IC, stacked smallest at the
 * bottom so the tallest letter is on top.
 */
import { BASES, type Base, type Pfm } from '../model/types.js';

/** The most information a DNA column can carry, in bits (the logo's y-axis maximum). */
export const MAX_BITS = 2;

/** One letter of a column stack; `bits` is its height. */
export interface LetterHeight {
  readonly base: Base;
  readonly bits: number;
}

/** One logo column: its information content and its letters bottom to top (zero heights left out). */
export interface LogoColumn {
  readonly bits: number;
  readonly letters: readonly LetterHeight[];
}

/** Number of columns of a PFM. */
export const pfmWidth = (pfm: Pfm): number => pfm.A.length;

/** The count of `base` in column `col`, negatives (never valid counts) read as 0. */
const countAt = (pfm: Pfm, base: Base, col: number): number => Math.max(0, pfm[base][col] ?? 0);

/** Frequencies of one column normalised by its own total; null for a column without counts. */
export function columnFrequencies(pfm: Pfm, col: number): Readonly<Record<Base, number>> | null {
  const total = BASES.reduce((sum, b) => sum + countAt(pfm, b, col), 0);
  if (!(total > 0)) return null;
  const out = {} as Record<Base, number>;
  for (const b of BASES) out[b] = countAt(pfm, b, col) / total;
  return out;
}

/** Information content (bits) of a column's frequencies: 2 − Shannon entropy, never below 0. */
export function informationContent(freqs: Readonly<Record<Base, number>>): number {
  let entropy = 0;
  for (const b of BASES) {
    const p = freqs[b];
    if (p > 0) entropy -= p * Math.log2(p);
  }
  return Math.min(MAX_BITS, Math.max(0, MAX_BITS - entropy));
}

/** The stack of one column. */
export function logoColumn(pfm: Pfm, col: number): LogoColumn {
  const freqs = columnFrequencies(pfm, col);
  if (freqs === null) return { bits: 0, letters: [] };
  const bits = informationContent(freqs);
  const letters = BASES.map((base) => ({ base, bits: freqs[base] * bits }))
    .filter((l) => l.bits > 0)
    // Stable sort: equal heights keep A C G T order, so the output is deterministic.
    .sort((a, b) => a.bits - b.bits);
  return { bits, letters };
}

/** Every column of a logo, left to right. */
export function logoColumns(pfm: Pfm): LogoColumn[] {
  return Array.from({ length: pfmWidth(pfm) }, (_, col) => logoColumn(pfm, col));
}

const COMPLEMENT: Readonly<Record<Base, Base>> = { A: 'T', C: 'G', G: 'C', T: 'A' };

/** The reverse complement: columns reversed, A↔T and C↔G. */
export function reverseComplement(pfm: Pfm): Pfm {
  const out = {} as Record<Base, readonly number[]>;
  for (const b of BASES) out[b] = [...pfm[COMPLEMENT[b]]].reverse();
  return out;
}
