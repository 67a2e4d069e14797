/**
 * The `search` filter's index (issue 47): per three-character ASCII substring of a matrix's
 * lower-cased name, base id or collection (a trigram), the matrices holding it, in the
 * unfiltered matrix list's order. A search then reads one list instead of scanning every name:
 * for a three-character needle that list is the answer; for a longer one its rarest trigram's
 * list holds every match (a field holding the needle holds each of its trigrams), and only
 * those are checked. Made once per index (nginx: by the build, in the preloaded data).
 * Runtime-safe subset (docs/runtime.md).
 */
import type { Rows } from './rows.js';

/** Matrices by trigram: those of the unfiltered list in its order, then any other, ascending. */
export type Trigrams = { readonly [trigram: string]: Rows<number> };

/** The length of an indexed substring. */
const GRAM = 3;

const own = Object.prototype.hasOwnProperty;

/** Whether every character of `s` is ASCII (njs and V8 then count its characters alike). */
function isAscii(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) > 127) return false;
  return true;
}

/** The trigram index of `fields` (per matrix, its searched text, lower-cased), visiting matrices in `order`. */
export function trigramIndex(fields: Rows<Rows<string>>, order: Rows<number>): Trigrams {
  const out: { [trigram: string]: number[] } = Object.create(null);
  // The matrix that last added itself to each trigram's list: a matrix is listed once per trigram.
  const last: { [trigram: string]: number } = Object.create(null);
  const seen: boolean[] = [];
  const visit: number[] = [];
  for (let k = 0; k < order.length; k++) {
    visit.push(order[k]!);
    seen[order[k]!] = true;
  }
  for (let i = 0; i < fields.length; i++) if (seen[i] !== true) visit.push(i);
  for (let k = 0; k < visit.length; k++) {
    const i = visit[k]!;
    const texts = fields[i]!;
    for (let f = 0; f < texts.length; f++) {
      const text = texts[f]!;
      // Characters since the last non-ASCII one: a trigram ends here when there are three.
      let run = 0;
      for (let p = 0; p < text.length; p++) {
        run = text.charCodeAt(p) > 127 ? 0 : run + 1;
        if (run < GRAM) continue;
        const gram = text.slice(p + 1 - GRAM, p + 1);
        if (last[gram] === i) continue;
        last[gram] = i;
        const list = out[gram];
        if (list === undefined) out[gram] = [i];
        else list.push(i);
      }
    }
  }
  return out;
}

/**
 * Matrices that may hold `needle` (lower-cased), in the index's order, and whether each surely
 * does; null when the index cannot say (a needle shorter than a trigram, or not ASCII).
 */
export function searchCandidates(index: Trigrams, needle: string): { items: Rows<number>; exact: boolean } | null {
  if (needle.length < GRAM || !isAscii(needle)) return null;
  let best: Rows<number> | null = null;
  for (let p = 0; p + GRAM <= needle.length; p++) {
    const gram = needle.slice(p, p + GRAM);
    const list = own.call(index, gram) ? index[gram]! : [];
    if (best === null || list.length < best.length) best = list;
    if (best.length === 0) break;
  }
  return { items: best!, exact: needle.length === GRAM };
}
