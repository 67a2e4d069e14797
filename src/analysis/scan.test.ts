import { describe, expect, it } from 'vitest';
import type { Pfm } from '../model/types.js';
import { parseFasta, type FastaRecord } from './fasta.js';
import { pssmOf } from './pssm.js';
import { scan, type ScanProfile } from './scan.js';

/** A sharp 6-column profile whose best site is TGACGT (its reverse complement is ACGTCA). */
const SHARP: Pfm = {
  A: [0, 0, 20, 0, 0, 0],
  C: [0, 0, 0, 20, 0, 0],
  G: [0, 20, 0, 0, 20, 0],
  T: [20, 0, 0, 0, 0, 20],
};
const profile: ScanProfile = { matrixId: 'MA9999.1', name: 'Sharp', pfm: SHARP };
const other: ScanProfile = { matrixId: 'MA9998.1', name: 'Other', pfm: { A: [9, 0], C: [0, 9], G: [0, 0], T: [0, 0] } };

function fasta(text: string): readonly FastaRecord[] {
  const r = parseFasta(text);
  if (!r.ok) throw new Error(r.error.message);
  return r.records;
}

describe('scan', () => {
  it('finds a site on + and its reverse complement on −, 1-based on the forward strand, with the best score', () => {
    const { max, min } = pssmOf(SHARP);
    const hits = scan([profile], fasta('>s1 promoter\nCCTGACGTCCCCACGTCAGG\n'), 100);
    // ACGTCA on + is TGACGT on −, at 13–18.
    expect(hits.map((h) => [h.seqId, h.start, h.end, h.strand, h.site])).toEqual([
      ['s1', 3, 8, '+', 'TGACGT'],
      ['s1', 13, 18, '-', 'TGACGT'],
    ]);
    for (const h of hits) {
      expect(h).toMatchObject({ matrixId: 'MA9999.1', name: 'Sharp' });
      // The score is a 32-bit float; the relative score is worked out from it.
      expect(h.score).toBe(Math.fround(max));
      expect(h.relScore).toBe((Math.fround(max) - min) / (max - min));
    }
  });

  it('reads lower case as upper case and keeps the case in the site, complemented on −', () => {
    const hits = scan([profile], fasta('>s\nttgAcgtt\n>r\naACGtcA\n'), 100);
    expect(hits.map((h) => [h.seqId, h.strand, h.site])).toEqual([
      ['s', '+', 'tgAcgt'],
      ['r', '-', 'TgaCGT'],
    ]);
  });

  it('scores no window holding a letter other than A, C, G, T', () => {
    const records = fasta('>s\nTGANGTTGACGT\n');
    expect(scan([profile], records, 0).every((h) => h.end < 4 || h.start > 4)).toBe(true);
    expect(scan([profile], records, 100).map((h) => h.start)).toEqual([7]);
  });

  it('drops hits of relative score 0 (a score of exactly min), keeps the rest at 0 %', () => {
    // Pseudocount sqrt(16) × 0.25 = 1: A and C have p = 2.5 / 20 = 1/8, log odds exactly −1, so min = −2 exactly.
    const half: ScanProfile = { ...profile, pfm: { A: [1.5, 1.5], C: [1.5, 1.5], G: [6.5, 6.5], T: [6.5, 6.5] } };
    const seq = 'AACCGGTTAG';
    const hits = scan([half], fasta(`>s\n${seq}\n`), 0);
    const windows = [...Array(seq.length - 1).keys()].map((i) => seq.slice(i, i + 2));
    // On −, a window scores its complement: only G and T are as bad as A and C are on +.
    const expected = windows.flatMap((w, i) => [
      ...(/^[AC]+$/.test(w) ? [] : [[i + 1, '+']]),
      ...(/^[GT]+$/.test(w) ? [] : [[i + 1, '-']]),
    ]);
    expect(hits.map((h) => [h.start, h.strand])).toEqual(expected);
    expect(hits.every((h) => h.relScore > 0)).toBe(true);
  });

  it('keeps the threshold as a fraction of the score range', () => {
    const records = fasta('>s\nTGACGAACGTCAGGTTACCA\n');
    const all = scan([profile], records, 0);
    const above = scan([profile], records, 60);
    expect(above.length).toBeLessThan(all.length);
    expect(above.length).toBeGreaterThan(0);
    expect(above).toEqual(all.filter((h) => h.relScore >= 0.6 - 1e-6));
  });

  it('lists hits per profile, then per record, positions ascending', () => {
    // Other's best site is AC, GT on the − strand.
    const hits = scan([other, profile], fasta('>a\nACTGACGTAC\n>b\nACAC\n'), 90);
    expect(hits.map((h) => [h.matrixId, h.seqId, h.start, h.strand])).toEqual([
      ['MA9998.1', 'a', 1, '+'],
      ['MA9998.1', 'a', 5, '+'],
      ['MA9998.1', 'a', 7, '-'],
      ['MA9998.1', 'a', 9, '+'],
      ['MA9998.1', 'b', 1, '+'],
      ['MA9998.1', 'b', 3, '+'],
      ['MA9999.1', 'a', 3, '+'],
    ]);
  });

  it("gives, for several profiles, each profile's own scan one after another (a page may scan them in slices)", () => {
    const records = fasta('>a\nACTGACGTACNNacgtcaTGACGT\n>b\nTTGACGTAAC\n');
    for (const t of [0, 50, 90])
      expect(scan([other, profile, other], records, t)).toEqual(
        [other, profile, other].flatMap((p) => scan([p], records, t)),
      );
  });

  it('has nothing for records shorter than the profile, nor for a profile without columns', () => {
    expect(scan([profile], fasta('>a\nTGACG\n>b\n\n>c\nT\n'), 0)).toEqual([]);
    expect(scan([{ ...profile, pfm: { A: [], C: [], G: [], T: [] } }], fasta('>a\nACGT\n'), 0)).toEqual([]);
  });

  it('refuses a threshold outside 0–100 %', () => {
    for (const t of [-1, 100.5, Number.NaN]) expect(() => scan([profile], [], t)).toThrow(RangeError);
  });
});
