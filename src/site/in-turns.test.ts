import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inTurns } from './in-turns.js';

describe('two streams of files in turns (issue 46: both threads busy)', () => {
  it('yields every item of both, each stream in its order, whatever the writer says', () => {
    fc.assert(
      fc.property(fc.nat(50), fc.nat(50), fc.array(fc.boolean(), { maxLength: 120 }), (m, c, busy) => {
        const many = Array.from({ length: m }, (_, i) => `m${i}`);
        const costly = Array.from({ length: c }, (_, i) => `c${i}`);
        let asked = 0;
        const out = [...inTurns(many, costly, () => busy[asked++ % Math.max(1, busy.length)] ?? false)];
        expect(out.filter((x) => x.startsWith('m'))).toEqual(many);
        expect(out.filter((x) => x.startsWith('c'))).toEqual(costly);
      }),
    );
  });

  it('takes the costly stream only while the writer is busy', () => {
    const busy = [false, true, true, false, false, true];
    let asked = 0;
    const out = [...inTurns(['m0', 'm1', 'm2', 'm3'], ['c0', 'c1', 'c2'], () => busy[asked++] ?? false)];
    expect(out).toEqual(['m0', 'c0', 'c1', 'm1', 'm2', 'c2', 'm3']);
  });

  it('ends both streams when the turns are left early, so their cleanup runs', () => {
    const ended: string[] = [];
    function* stream(name: string) {
      try {
        for (let i = 0; ; i++) yield `${name}${i}`;
      } finally {
        ended.push(name);
      }
    }
    for (const f of inTurns(stream('m'), stream('c'), () => true)) if (f === 'c3') break;
    expect(ended.sort()).toEqual(['c', 'm']);
  });
});
