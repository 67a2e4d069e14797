import { describe, expect, it } from 'vitest';
import { asciiLower, asciiUpper, formDecode, parsePath, parseQuery, pyInt, quotePlus, utf8Decode } from './request.js';

describe('reading a request as Django does', () => {
  it('form-decodes names and values, keeps every pair in order, the last value of a name winning', () => {
    const q = parseQuery('a=1&b=x+y%2Bz&a=2&flag&=v&&c=%E2%82%AC');
    expect(q.pairs).toEqual([
      { key: 'a', value: '1' },
      { key: 'b', value: 'x y+z' },
      { key: 'a', value: '2' },
      { key: 'flag', value: '' },
      { key: '', value: 'v' },
      { key: 'c', value: '€' },
    ]);
    expect(q.get('a')).toBe('2');
    expect(q.get('flag')).toBe('');
    expect(q.get('missing')).toBeNull();
  });

  it('keeps a bad escape as it is and replaces invalid UTF-8, as Python’s unquote(errors="replace")', () => {
    expect(formDecode('%zz%4')).toBe('%zz%4');
    expect(formDecode('%E9t%C3%A9')).toBe('\ufffdté');
    expect(formDecode('%F0%9F%98%80')).toBe('😀');
    expect(utf8Decode([0xe2, 0x82])).toBe('\ufffd');
    expect(utf8Decode([0xed, 0xa0, 0x80])).toBe('\ufffd\ufffd\ufffd');
  });

  it('splits the path into decoded segments, one trailing slash allowed, malformed escapes refused', () => {
    expect(parsePath('/api/v1/matrix/')).toEqual(['api', 'v1', 'matrix']);
    expect(parsePath('/api/v1/matrix/MA0004.1')).toEqual(['api', 'v1', 'matrix', 'MA0004.1']);
    expect(parsePath('/a%20b//c')).toEqual(['a b', '', 'c']);
    expect(parsePath('/a%zz')).toBeNull();
  });

  it('parses integers as Python’s int()', () => {
    for (const [s, n] of [
      ['7', 7],
      [' 07 ', 7],
      ['+3', 3],
      ['-2', -2],
      ['1_000', 1000],
      ['0', 0],
    ] as const)
      expect(pyInt(s), s).toBe(n);
    for (const s of ['', 'abc', '1.0', '1__0', '_1', '1_', '2e3', '0x10']) expect(pyInt(s), s).toBeNull();
  });

  it('encodes as Python’s quote_plus', () => {
    expect(quotePlus("a b/c?d=e&f~g_h.i-j!'()*é")).toBe('a+b%2Fc%3Fd%3De%26f~g_h.i-j%21%27%28%29%2A%C3%A9');
  });

  it('keeps exactly the characters quote_plus keeps, alone or among others (the plain path and the encoding agree)', () => {
    // Python: quote_plus(chr(c)) for every ASCII code.
    const kept = /^[A-Za-z0-9_.~-]$/;
    for (let c = 0; c < 128; c++) {
      const ch = String.fromCharCode(c);
      const hex = `%${c.toString(16).toUpperCase().padStart(2, '0')}`;
      const want = kept.test(ch) ? ch : ch === ' ' ? '+' : hex;
      expect(quotePlus(ch), `code ${c}`).toBe(want);
      expect(quotePlus(`ab${ch}1`), `code ${c}`).toBe(`ab${want}1`);
    }
    expect(quotePlus('')).toBe('');
    expect(quotePlus('page_size')).toBe('page_size');
    expect(quotePlus('\ud800x')).toBe('%EF%BF%BDx');
  });

  it('folds case of ASCII letters only, as SQLite does, with or without other characters', () => {
    expect(asciiUpper('Arnt::Ahr')).toBe('ARNT::AHR');
    expect(asciiLower('ZIPPER-type')).toBe('zipper-type');
    expect(asciiUpper('straße ǆ ı')).toBe('STRAßE ǆ ı');
    expect(asciiLower('ÉCOLE Σ')).toBe('École Σ');
    expect(asciiLower('ÀB')).toBe('Àb');
  });
});
