import { describe, expect, it } from 'vitest';
import { FORMAT_NAMES, type FormatName } from '../api/formats.js';
import { negotiate } from './negotiate.js';

const ALL: readonly FormatName[] = FORMAT_NAMES;
const DATA: readonly FormatName[] = ['json', 'jsonp', 'yaml', 'api'];

describe('DRF content negotiation', () => {
  it.each([
    [null, 'json'],
    ['', 'json'],
    ['*/*', 'json'],
    ['text/meme', 'meme'],
    ['TEXT/MEME; charset=utf-8', 'meme'],
    ['application/yaml', 'yaml'],
    ['application/javascript', 'jsonp'],
    ['text/*', 'jaspar'],
    ['text/html,application/xhtml+xml,application/xml;q=0.9,image/webp,*/*;q=0.8', 'api'],
    ['application/json, text/html', 'json'],
    ['text/html, application/json', 'json'],
    ['text/html;q=0.1, application/json;indent=4', 'json'],
    ['text/html;q=0', 'api'],
    ['text/pfm;q=0.1, text/jaspar', 'jaspar'],
    ['image/png, */*;q=0.1', 'json'],
  ] as const)('Accept %j → %s', (accept, format) => {
    expect(negotiate(accept, ALL)).toBe(format);
  });

  it('answers 406 (null) when nothing the resource has is acceptable', () => {
    expect(negotiate('text/meme', DATA)).toBeNull();
    expect(negotiate('image/png', ALL)).toBeNull();
    expect(negotiate('*', ALL)).toBeNull();
    expect(negotiate('text/*', DATA)).toBe('api');
  });
});
