import { describe, expect, it } from 'vitest';
import { sortBy, type OrderField } from './order.js';

interface Item {
  id: number;
  name: string | null;
  score: number | null;
}
const items: Item[] = [
  { id: 1, name: 'b', score: -5 },
  { id: 2, name: 'Z', score: null },
  { id: 3, name: 'a', score: -1 },
  { id: 4, name: null, score: -5 },
  { id: 5, name: 'Ä', score: -1 },
  { id: 6, name: 'a', score: 2 },
];
const name: OrderField<Item> = { name: 'name', get: (i) => i.name };
const score: OrderField<Item> = { name: 'score', get: (i) => i.score };
const ids = (xs: Item[]) => xs.map((x) => x.id);

describe('sortBy', () => {
  it('orders text by UTF-8 bytes (Z < a < Ä), NULL first, ties in default order', () => {
    expect(ids(sortBy(items, name, false))).toEqual([4, 2, 3, 6, 1, 5]);
  });
  it('descending puts NULL last and keeps ties in default order', () => {
    expect(ids(sortBy(items, name, true))).toEqual([5, 1, 3, 6, 2, 4]);
  });
  it('orders numbers numerically; -score puts the least negative first', () => {
    expect(ids(sortBy(items, score, false))).toEqual([2, 1, 4, 3, 5, 6]);
    expect(ids(sortBy(items, score, true))).toEqual([6, 3, 5, 1, 4, 2]);
  });
});
