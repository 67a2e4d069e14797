/**
 * `--sample <n> --seed <s>`: n requests drawn without replacement from the client table and
 * every prebuilt route, the same n for the same seed and site (mulberry32, a partial
 * Fisher–Yates shuffle), in the order drawn.
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

export function sample<T>(pool: readonly T[], n: number, seed: number): T[] {
  const items = [...pool];
  const random = mulberry32(seed);
  const count = Math.min(n, items.length);
  for (let i = 0; i < count; i++) {
    const j = i + Math.floor(random() * (items.length - i));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items.slice(0, count);
}
