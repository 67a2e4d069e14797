/**
 * Scan's hits as a TSV download (contract §11): a header line with the words of JASPAR's results
 * table, then one line per hit in the table's order, columns in §11's order. The score is written
 * as the 32-bit float it is, rounded to the fewest significant digits that read back as that
 * float (numpy's `3.7396314`, not the double's `3.739631414413452`); the relative score as a
 * double, in JavaScript's shortest round-trip text. A tab or line break inside a
 * name or id is written as a space, so every line keeps nine fields.
 */
import type { Hit } from './scan.js';

const HEADER = [
  'Matrix ID',
  'Name',
  'Sequence ID',
  'Start',
  'End',
  'Strand',
  'Score',
  'Relative score',
  'Predicted sequence',
];

/** `x` rounded to the fewest significant digits that read back as the same 32-bit float. */
export function float32Text(x: number): string {
  if (!Number.isFinite(x)) return String(x);
  for (let digits = 1; digits < 9; digits++) {
    const text = String(Number(x.toPrecision(digits)));
    if (Math.fround(Number(text)) === x) return text;
  }
  return String(Number(x.toPrecision(9)));
}

const field = (s: string): string => s.replace(/[\t\r\n]/g, ' ');

export function hitsTsv(hits: readonly Hit[]): string {
  const lines = [HEADER.join('\t')];
  for (const h of hits)
    lines.push(
      [
        field(h.matrixId),
        field(h.name),
        field(h.seqId),
        h.start,
        h.end,
        h.strand,
        float32Text(h.score),
        String(h.relScore),
        h.site,
      ].join('\t'),
    );
  return `${lines.join('\n')}\n`;
}
