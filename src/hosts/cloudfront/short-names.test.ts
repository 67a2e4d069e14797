import { describe, expect, it } from 'vitest';
import { propertyNames, renamed } from './short-names.js';

const table = { resources: [{ segments: ['matrix'], plan: 0 }, { segments: [] }], errors: { notFound: [404, 'x'] } };

describe('the table with short property names', () => {
  it('finds every property name of its objects, each once', () => {
    expect(propertyNames(table)).toEqual(['resources', 'segments', 'plan', 'errors', 'notFound']);
  });

  it('renames every property, values and arrays as they are', () => {
    const short = { resources: 'a', segments: 'b', plan: 'c', errors: 'd', notFound: 'e' };
    expect(renamed(table, short)).toEqual({ a: [{ b: ['matrix'], c: 0 }, { b: [] }], d: { e: [404, 'x'] } });
  });

  it('refuses a name without a short one, and two names shortened alike', () => {
    expect(() => renamed(table, { resources: 'a' })).toThrow(/no short name for the table's property segments/);
    expect(() => renamed({ x: 1, y: 2 }, { x: 'a', y: 'a' })).toThrow(/shortened to a/);
  });
});
