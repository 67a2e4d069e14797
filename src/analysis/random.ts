/**
 * The seeded randomness of Permute (contract §11: a seed makes a run repeatable; JASPAR's numpy
 * permutation is unseeded): a text seed hashed to 32 bits (FNV-1a over its UTF-16 code units,
 * then a murmur3 finaliser so seeds one letter apart start far apart) drives mulberry32, a small
 * generator that gives the same numbers in every JavaScript engine.
 */

/** A generator of numbers in [0, 1) from a 32-bit seed. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A text seed as 32 bits. */
export function hashSeed(seed: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 0x01000193);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** A fresh seed for a run the user gave none: eight hex digits, shown so the run can be repeated. */
export function randomSeed(): string {
  return Math.floor(Math.random() * 4294967296)
    .toString(16)
    .padStart(8, '0');
}
