import { describe, expect, it } from 'vitest';
import { MAX_SEQUENCE, parseFasta, type FastaResult } from './fasta.js';

const records = (r: FastaResult) => (r.ok ? r.records.map((x) => [x.id, x.sequence]) : r.error.kind);

describe('parseFasta', () => {
  it('reads ids as the title first word, sequences as the lines joined, case kept', () => {
    const r = parseFasta('>seq1 a promoter\nACGTac\ngtNN\n>seq2\nTTTT\n');
    expect(r.ok && r.records).toEqual([
      { id: 'seq1', description: 'seq1 a promoter', sequence: 'ACGTacgtNN' },
      { id: 'seq2', description: 'seq2', sequence: 'TTTT' },
    ]);
  });

  it('skips text before the first ">" line and blank lines, reads \\r\\n and lone \\r as line ends', () => {
    expect(records(parseFasta('notes\n\n>a\r\nAC\r\n\r\nGT\r\n>b x\rTT\r'))).toEqual([
      ['a', 'ACGT'],
      ['b', 'TT'],
    ]);
  });

  it('drops trailing whitespace and every space, keeps a tab inside a line (Biopython does)', () => {
    expect(records(parseFasta('>a\n  AC GT  \nA\tC\t\n'))).toEqual([['a', 'ACGTA\tC']]);
  });

  it("splits titles on Python's whitespace, not only ASCII's", () => {
    expect(records(parseFasta('>a\x1cb\nAC\n>  c\u3000d\nGT\u00a0\n>\nAA\n'))).toEqual([
      ['a', 'AC'],
      ['c', 'GT'],
      ['', 'AA'],
    ]);
  });

  it('takes a line starting with ">" as a title only at its very start', () => {
    expect(records(parseFasta('>a\nAC\n >b\n'))).toEqual([['a', 'AC>b']]);
  });

  it('keeps records without letters beside ones with letters, and duplicate ids', () => {
    expect(records(parseFasta('>a\n>a\nAC\n>b\n'))).toEqual([
      ['a', ''],
      ['a', 'AC'],
      ['b', ''],
    ]);
  });

  it('drops a byte order mark at the start', () => {
    expect(records(parseFasta('\ufeff>a\nAC\n'))).toEqual([['a', 'AC']]);
  });

  it('gives a typed error with a one-line message for bad input', () => {
    const cases: [string, string][] = [
      ['', 'empty'],
      [' \n\t\r\n', 'empty'],
      ['>a\n>b\n\n', 'empty'],
      ['ACGTACGT\n', 'not-fasta'],
      ['>x\nACGT\n>y\nACGé\n', 'not-fasta'],
      [`>big\n${'A'.repeat(MAX_SEQUENCE - 3)}\n>more\nACGT\n`, 'too-large'],
    ];
    for (const [text, kind] of cases) {
      const r = parseFasta(text);
      expect(r.ok ? 'ok' : r.error.kind, JSON.stringify(text.slice(0, 30))).toBe(kind);
      if (!r.ok) expect(r.error.message).toMatch(/^[^\n]+$/);
    }
    const r = parseFasta('>x\nACGT\n>y\nACGé\n');
    expect(!r.ok && r.error.message).toContain('"y" holds "é"');
  });

  it(`takes ${MAX_SEQUENCE} letters in all`, () => {
    const r = parseFasta(`>a\n${'A'.repeat(MAX_SEQUENCE - 4)}\n>b\nACGT\n`);
    expect(r.ok && r.records.map((x) => x.sequence.length)).toEqual([MAX_SEQUENCE - 4, 4]);
  });
});
