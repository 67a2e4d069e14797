import { describe, expect, it } from 'vitest';
import { resolvePage } from './select.js';

describe('pages as Django’s paginator resolves them', () => {
  it('resolves last, integers in range, page 1 of an empty list; anything else is an invalid page', () => {
    expect(resolvePage('last', 25, 10)).toBe(3);
    expect(resolvePage(2, 25, 10)).toBe(2);
    expect(resolvePage(1, 0, 10)).toBe(1);
    expect(resolvePage(4, 25, 10)).toBeNull();
    expect(resolvePage(0, 25, 10)).toBeNull();
    expect(resolvePage(null, 25, 10)).toBeNull();
  });
});
