import { describe, expect, it } from 'vitest';
import { float } from '../model/json.js';
import { toJson } from './json.js';

describe('toJson (DRF compact JSON)', () => {
  it('writes ints, floats, strings, nulls and nesting as Python would', () => {
    expect(toJson({ a: 1, b: float(4), c: [float(61.75), float(1e-5)], d: null, e: 'Krüppel', f: true })).toBe(
      '{"a":1,"b":4.0,"c":[61.75,1e-05],"d":null,"e":"Krüppel","f":true}',
    );
  });
  it('escapes control characters and U+2028 like DRF, not slashes', () => {
    expect(toJson('-\t"\\/\u0001\u2028')).toBe('"-\\t\\"\\\\/\\u0001\\u2028"');
  });
  it('reuses memoised object serialisations', () => {
    const rec = { x: 1 };
    const seen: object[] = [];
    const memo = (o: object, make: () => string) => {
      seen.push(o);
      return make();
    };
    expect(toJson([rec, rec], memo)).toBe('[{"x":1},{"x":1}]');
    expect(seen).toEqual([rec, rec]);
  });
});
