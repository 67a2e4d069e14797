import { describe, expect, it } from 'vitest';
import { codePointCompare, linkQuery, pageLink } from './links.js';
import { parseQuery } from './request.js';

const pairs = (q: string) => parseQuery(q).pairs;

describe("DRF's next/previous links", () => {
  it('replace page, keep every other parameter, sort names, form-encode', () => {
    expect(pageLink('https://x/api/v1/matrix/', pairs('release=2016&page_size=1000&page=1&version=latest'), 2)).toBe(
      'https://x/api/v1/matrix/?page=2&page_size=1000&release=2016&version=latest',
    );
    expect(linkQuery(pairs('search=a b&name=%C3%A9&page=3'), 2)).toBe('name=%C3%A9&page=2&search=a+b');
  });

  it('drop page for the first page, and keep repeated values and empty ones in order', () => {
    expect(pageLink('https://x/l/', pairs('page=2'), null)).toBe('https://x/l/');
    expect(linkQuery(pairs('b=2&a=&b=1&page=9'), null)).toBe('a=&b=2&b=1');
  });

  it('sort names by code point, as Python does', () => {
    const names = ['b', 'B', '\uff41', '😀', 'a', '_'];
    expect([...names].sort(codePointCompare)).toEqual(['B', '_', 'a', 'b', '\uff41', '😀']);
  });
});
