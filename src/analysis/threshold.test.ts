import { describe, expect, it } from 'vitest';
import { DEFAULT_THRESHOLD, readThreshold } from './threshold.js';

describe('readThreshold', () => {
  it("reads JASPAR's default when none is given", () => {
    for (const t of [null, undefined, '', '  '])
      expect(readThreshold(t)).toEqual({ ok: true, value: DEFAULT_THRESHOLD });
  });

  it('reads decimal percentages from 0 to 100, with or without %', () => {
    const cases: [string, number][] = [
      ['0', 0],
      ['80', 80],
      [' 92.5 ', 92.5],
      ['100', 100],
      ['8e1', 80],
      ['.5', 0.5],
      ['95%', 95],
    ];
    for (const [text, value] of cases) expect(readThreshold(text)).toEqual({ ok: true, value });
  });

  it('refuses anything else with a one-line message', () => {
    for (const text of ['-1', '100.01', 'abc', '0x10', 'NaN', 'Infinity', '1e3', '80\n<b>', '%']) {
      const r = readThreshold(text);
      expect(r.ok, text).toBe(false);
      if (!r.ok) expect(r.message).toMatch(/^The threshold must be a percentage from 0 to 100, not "[^\n]*"\.$/);
    }
  });
});
