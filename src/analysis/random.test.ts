import { describe, expect, it } from 'vitest';
import { hashSeed, mulberry32, randomSeed } from './random.js';

describe('seeded randomness', () => {
  it('gives the same numbers in [0, 1) for the same seed', () => {
    const draw = (seed: number) => Array.from({ length: 1000 }, mulberry32(seed));
    expect(draw(45)).toEqual(draw(45));
    expect(draw(45)).not.toEqual(draw(46));
    expect(draw(45).every((x) => x >= 0 && x < 1)).toBe(true);
  });

  it('hashes text seeds one letter apart far apart', () => {
    const seeds = ['a', 'b', 'ab', 'ba', '', 'seed1', 'seed2', 'é', '🧬'];
    const hashes = seeds.map(hashSeed);
    expect(new Set(hashes).size).toBe(seeds.length);
    expect(hashes.every((h) => Number.isInteger(h) && h >= 0 && h < 2 ** 32)).toBe(true);
    // A one-letter change flips about half of the bits.
    const bits = (x: number) => x.toString(2).replace(/0/g, '').length;
    expect(bits(hashSeed('seed1') ^ hashSeed('seed2'))).toBeGreaterThan(8);
  });

  it('draws fresh seeds as eight hex digits', () => {
    const seeds = Array.from({ length: 20 }, randomSeed);
    expect(seeds.every((s) => /^[0-9a-f]{8}$/.test(s))).toBe(true);
    expect(new Set(seeds).size).toBeGreaterThan(1);
  });
});
