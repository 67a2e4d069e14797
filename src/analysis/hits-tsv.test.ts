import { describe, expect, it } from 'vitest';
import { float32Text, hitsTsv } from './hits-tsv.js';
import type { Hit } from './scan.js';

const hit: Hit = {
  matrixId: 'MA0004.1',
  name: 'Arnt',
  seqId: 'chr1:100-200',
  start: 12,
  end: 17,
  strand: '-',
  score: Math.fround(3.7396314),
  relScore: 0.9862454957289017,
  site: 'CACGTG',
};

describe('hitsTsv', () => {
  it("writes a header, then one line per hit with §11's columns in order", () => {
    expect(hitsTsv([hit, { ...hit, strand: '+', start: 40, end: 45 }]).split('\n')).toEqual([
      'Matrix ID\tName\tSequence ID\tStart\tEnd\tStrand\tScore\tRelative score\tPredicted sequence',
      'MA0004.1\tArnt\tchr1:100-200\t12\t17\t-\t3.7396314\t0.9862454957289017\tCACGTG',
      'MA0004.1\tArnt\tchr1:100-200\t40\t45\t+\t3.7396314\t0.9862454957289017\tCACGTG',
      '',
    ]);
    expect(hitsTsv([])).toBe(
      'Matrix ID\tName\tSequence ID\tStart\tEnd\tStrand\tScore\tRelative score\tPredicted sequence\n',
    );
  });

  it('keeps nine fields on a line whatever the name holds', () => {
    const line = hitsTsv([{ ...hit, name: 'a\tb\nc' }]).split('\n')[1]!;
    expect(line.split('\t')).toHaveLength(9);
    expect(line).toContain('\ta b c\t');
  });

  it('writes a 32-bit score with the fewest digits that read back as it', () => {
    for (const x of [0.1, -15.017965, 3.7396314, 1e-8, 123456.78, 0, -0.5])
      expect(Math.fround(Number(float32Text(Math.fround(x))))).toBe(Math.fround(x));
    expect(float32Text(Math.fround(0.1))).toBe('0.1');
    expect(float32Text(Math.fround(-15.017965))).toBe('-15.017965');
    expect(float32Text(Number.NaN)).toBe('NaN');
  });
});
