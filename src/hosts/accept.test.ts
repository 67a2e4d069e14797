import { describe, expect, it } from 'vitest';
import { greaterThan } from './apache-runs.js';
import { htmlFormatOf, prefersHtml } from './accept.js';
import { parsePath, parseQuery } from './query.js';

describe('negotiation (one definition for every host)', () => {
  it.each([
    ['text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8', true],
    ['text/html', true],
    ['TEXT/HTML; charset=utf-8', true],
    ['text/html;q=0.5, */*;q=0.1', true],
    ['*/*', false],
    ['application/json', false],
    ['application/json, text/html', false],
    ['text/html, application/json;q=0.1', false],
    ['text/html;q=0, */*', false],
    ['text/html;q=0.0', false],
    ['text/htmlx', false],
    ['', false],
  ])('%j → HTML %s', (accept, html) => {
    expect(prefersHtml(accept)).toBe(html);
  });

  it('picks HTML only when the build has it', () => {
    expect(htmlFormatOf(['json', 'api'])).toBe('api');
    expect(htmlFormatOf(['json'])).toBeNull();
  });
});

describe('reading a request (every host the same)', () => {
  it('keeps names as sent, decodes values, lets the last repeat win, keeps bare names', () => {
    const q = parseQuery('page=2&%66ormat=json&order=%2Dname&page=3&bare&=x&&plus=a+b');
    expect(Object.fromEntries(q)).toEqual({ page: '3', '%66ormat': 'json', order: '-name', bare: '', '': 'x', plus: 'a b' });
    expect(parseQuery('page=%zz').get('page')).toBe('%zz');
  });

  it('allows one trailing slash, keeps other empty segments, rejects bad escapes', () => {
    expect(parsePath('/api/v1/matrix/')).toEqual(['api', 'v1', 'matrix']);
    expect(parsePath('/api/v1/matrix//')).toEqual(['api', 'v1', 'matrix', '']);
    expect(parsePath('/api/v1//matrix')).toEqual(['api', 'v1', '', 'matrix']);
    expect(parsePath('/api/v1/MA0101%2E2')).toEqual(['api', 'v1', 'MA0101.2']);
    expect(parsePath('/api/%zz')).toBeNull();
  });
});

describe('Apache clamping regex', () => {
  it.each([0, 5, 9, 10, 99, 1000, 1234])('matches exactly the numbers above %i', (max) => {
    const re = new RegExp(greaterThan(max));
    for (let v = 0; v < 20_000; v++) {
      expect(re.test(String(v))).toBe(v > max);
      expect(re.test(`00${v}`)).toBe(v > max);
    }
    expect(re.test('1e5')).toBe(false);
  });
});
