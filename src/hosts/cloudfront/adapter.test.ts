import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { jsLiteral } from './adapter.js';

describe('the table as a JavaScript literal', () => {
  const value = {
    A: [1, null, 'x'],
    'content-type': 'a/b',
    __proto__x: { s: ['é', '\u2028', '"q"'] },
    n: -0.5,
    t: true,
  };

  it('evaluates to the JSON value it was made from', () => {
    expect(JSON.stringify(runInNewContext(`(${jsLiteral(value)})`))).toBe(JSON.stringify(value));
  });

  it('leaves identifier names bare, quotes the rest, and writes only ASCII', () => {
    const text = jsLiteral(value);
    expect(text).toBe(
      '{A:[1,null,"x"],"content-type":"a/b",__proto__x:{s:["\\u00e9","\\u2028","\\"q\\""]},n:-0.5,t:true}',
    );
    expect(text).toMatch(/^[\x20-\x7e]*$/);
  });

  it('refuses a __proto__ name, which a literal would take for the prototype', () => {
    expect(() => jsLiteral(JSON.parse('{"a":{"__proto__":{"b":1}}}'))).toThrow(/__proto__/);
  });
});
