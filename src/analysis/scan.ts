/**
 * Scan (contract §11): every picked profile over every FASTA record, on both strands, the hits
 * JASPAR's 2018 `_scan_matrix` lists. Its loop, per profile then per record, takes
 * `pssm.search(record.seq, threshold=min + t × (max − min))` from Biopython
 * (Bio/motifs/matrix.py), drops NaN scores and hits of relative score 0, and slices each site out
 * of the record. What Biopython does along the way, and this does the same:
 * - a window's score is the sum of its columns' log odds in double precision, in column order,
 *   stored as a 32-bit float (Bio/motifs/_pwm.c); a window holding a letter other than
 *   A, C, G, T (either case) is NaN, which no threshold passes;
 * - `scores >= threshold` compares 32-bit floats, so the threshold is rounded to one first,
 *   except for a record exactly as long as the profile, whose one score numpy compares as a
 *   scalar, in double precision;
 * - + and − positions are ordered by numpy's unstable argsort (argsort.ts);
 * - the relative score `(score − min)/(max − min)` is a double from the 32-bit score; when
 *   max = min (a profile whose every column is uniform) it is NaN, which JASPAR keeps.
 * A record shorter than the profile has no window (Biopython fails on one shorter by two or
 * more: here it simply has no hit), nor does a profile with no columns.
 */
import type { Pfm } from '../model/types.js';
import { argsort } from './argsort.js';
import type { FastaRecord } from './fasta.js';
import { pssmOf } from './pssm.js';

export interface ScanProfile {
  readonly matrixId: string;
  readonly name: string;
  readonly pfm: Pfm;
}

export interface Hit {
  readonly matrixId: string;
  readonly name: string;
  readonly seqId: string;
  /** 1-based, on the forward strand. */
  readonly start: number;
  /** 1-based, inclusive, on the forward strand. */
  readonly end: number;
  readonly strand: '+' | '-';
  /** The window's score, a 32-bit float as Biopython gives it. */
  readonly score: number;
  readonly relScore: number;
  /** The window as written in the record, reverse complemented (case kept) on −. */
  readonly site: string;
}

/** A record's letters as 0–3 (A C G T, either case), 4 for anything else, and where each stretch of them ends. */
interface Encoded {
  readonly record: FastaRecord;
  readonly codes: Uint8Array;
  /** `nextBad[i]`: the first index ≥ i holding a letter that is not ACGT (the length when none). */
  readonly nextBad: Int32Array;
  /** The whole record reverse complemented, made when a − site is first cut from it. */
  reversed: string | null;
}

const CODE = new Uint8Array(128).fill(4);
for (const [i, letters] of ['Aa', 'Cc', 'Gg', 'Tt'].entries()) for (const c of letters) CODE[c.charCodeAt(0)] = i;

function encode(record: FastaRecord): Encoded {
  const s = record.sequence;
  const n = s.length;
  const codes = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    codes[i] = c < 128 ? CODE[c]! : 4;
  }
  const nextBad = new Int32Array(n + 1);
  nextBad[n] = n;
  for (let i = n - 1; i >= 0; i--) nextBad[i] = codes[i] === 4 ? i : nextBad[i + 1]!;
  return { record, codes, nextBad, reversed: null };
}

/** Complements of the letters a scored window can hold (A C G T, either case); the rest stay as they are. */
const COMPLEMENT = new Uint16Array(128).map((_, c) => c);
for (const [a, b] of ['AT', 'CG', 'at', 'cg']) {
  COMPLEMENT[a!.charCodeAt(0)] = b!.charCodeAt(0);
  COMPLEMENT[b!.charCodeAt(0)] = a!.charCodeAt(0);
}

/**
 * The − site at `start`, as JASPAR cuts it (`record.seq[start:end].reverse_complement()`): a slice
 * of the record's reverse complement, made once per record (a scan at a low threshold cuts
 * hundreds of thousands of sites).
 */
function minusSite(e: Encoded, start: number, m: number): string {
  const s = e.record.sequence;
  if (e.reversed === null) {
    const codes = new Uint16Array(s.length);
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(s.length - 1 - i);
      codes[i] = c < 128 ? COMPLEMENT[c]! : c;
    }
    let text = '';
    for (let i = 0; i < codes.length; i += 8192) text += String.fromCharCode(...codes.subarray(i, i + 8192));
    e.reversed = text;
  }
  return e.reversed.slice(s.length - start - m, s.length - start);
}

/** Every hit of every profile over every record, in JASPAR's order; `thresholdPercent` in [0, 100]. */
export function scan(
  profiles: readonly ScanProfile[],
  records: readonly FastaRecord[],
  thresholdPercent: number,
): Hit[] {
  if (!(thresholdPercent >= 0 && thresholdPercent <= 100))
    throw new RangeError(`threshold ${thresholdPercent} is outside 0–100 %`);
  const t = thresholdPercent / 100;
  const encoded = records.map(encode);
  const hits: Hit[] = [];
  for (const profile of profiles) {
    const { width: m, forward, reverse, max, min } = pssmOf(profile.pfm);
    if (m === 0) continue;
    const threshold = (max - min) * t + min;
    const threshold32 = Math.fround(threshold);
    for (const e of encoded) {
      const { record, codes, nextBad } = e;
      const windows = codes.length - m + 1;
      if (windows <= 0) continue;
      const cut = windows === 1 ? threshold : threshold32;
      const plus: number[] = [];
      const plusScores: number[] = [];
      const minus: number[] = [];
      const minusScores: number[] = [];
      for (let i = 0; i < windows; i++) {
        const bad = nextBad[i]!;
        if (bad < i + m) {
          i = bad; // every window up to the bad letter holds it
          continue;
        }
        let fs = 0;
        let rs = 0;
        for (let j = 0, k = i; j < m; j++, k++) {
          const c = codes[k]!;
          fs += forward[j * 4 + c]!;
          rs += reverse[j * 4 + c]!;
        }
        const f32 = Math.fround(fs);
        const r32 = Math.fround(rs);
        if (f32 >= cut) {
          plus.push(i);
          plusScores.push(f32);
        }
        if (r32 >= cut) {
          minus.push(i);
          minusScores.push(r32);
        }
      }
      const positions = plus.concat(minus);
      for (const at of argsort(positions)) {
        const onPlus = at < plus.length;
        const score = onPlus ? plusScores[at]! : minusScores[at - plus.length]!;
        const relScore = (score - min) / (max - min);
        if (relScore === 0) continue;
        const start = positions[at]!;
        hits.push({
          matrixId: profile.matrixId,
          name: profile.name,
          seqId: record.id,
          start: start + 1,
          end: start + m,
          strand: onPlus ? '+' : '-',
          score,
          relScore,
          site: onPlus ? record.sequence.slice(start, start + m) : minusSite(e, start, m),
        });
      }
    }
  }
  return hits;
}
