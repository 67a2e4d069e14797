import { describe, expect, it } from 'vitest';
import { negotiateType } from './negotiate-types.js';

const TYPES = ['application/json', 'text/meme', 'text/html'];

describe("DRF's negotiation over media types", () => {
  it.each([
    [null, 0],
    ['', 0],
    ['text/*', 1],
    ['*/html', 2],
    ['text/html;q=0.1, application/json;indent=4', 0],
    ['text/html;q=0.5;Q=1, text/meme', 1],
    ['TEXT/HTML', 2],
  ] as const)('Accept %j → the index %i', (accept, index) => {
    expect(negotiateType(accept, TYPES)).toBe(index);
  });

  it('answers -1 when no type is acceptable', () => {
    expect(negotiateType('image/png', TYPES)).toBe(-1);
    expect(negotiateType('*/*', [])).toBe(-1);
  });
});
