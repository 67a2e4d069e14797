import { describe, expect, it } from 'vitest';
import { sample } from './sample.js';

describe('sample', () => {
  const pool = Array.from({ length: 500 }, (_, i) => i);

  it('draws n distinct items, the same for the same seed, others for another', () => {
    const a = sample(pool, 100, 7);
    expect(a).toHaveLength(100);
    expect(new Set(a).size).toBe(100);
    expect(sample(pool, 100, 7)).toEqual(a);
    expect(sample(pool, 100, 8)).not.toEqual(a);
  });

  it('takes the whole pool when n exceeds it', () => {
    expect([...sample(pool, 1000, 1)].sort((x, y) => x - y)).toEqual(pool);
  });
});
