/**
 * `--sample <n> --seed <s>`: n requests drawn without replacement from the client table and
 * every prebuilt route, the same n for the same seed and site (mulberry32, a partial
 * Fisher–Yates shuffle), in the order drawn.
 */
import { mulberry32 } from '../analysis/random.js';

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
