/**
 * Permute (contract §11, JASPAR 2018's `_permute_matrix`): `intra` shuffles the columns of each
 * profile; `inter` shuffles the columns of all the picked profiles together and cuts them back
 * into the profiles' widths, in the picked order. Every column keeps its four counts; only the
 * columns move. A seed makes a run repeatable (the copy's decision; JASPAR's numpy permutation
 * is unseeded): one generator (random.ts) drives one Fisher–Yates shuffle per profile (intra) or
 * one over all columns (inter), so a seed gives the same output everywhere.
 *
 * JASPAR's inter code cuts the shuffled columns with `k = k + sizes[i] - 1`, slicing `[j:k]`
 * then starting the next at `k + 1`: each profile loses a column, and one column between two
 * profiles is dropped. That is a bug, not a contract: here each profile keeps its width and
 * every column lands in exactly one profile.
 */
import { BASES, type Pfm } from '../model/types.js';
import { hashSeed, mulberry32, randomSeed } from './random.js';

export type PermuteKind = 'intra' | 'inter';

export interface Permuted<T> {
  /** The seed the run used (the one given, or a fresh one): the same seed repeats the run. */
  readonly seed: string;
  /** The profiles in the order given, each with its permuted counts. */
  readonly profiles: T[];
}

type Column = readonly [number, number, number, number];

function columnsOf(pfm: Pfm): Column[] {
  return pfm.A.map((a, j) => [a, pfm.C[j]!, pfm.G[j]!, pfm.T[j]!] as const);
}

function pfmOf(columns: readonly Column[]): Pfm {
  return Object.fromEntries(BASES.map((b, k) => [b, columns.map((c) => c[k]!)])) as Record<
    (typeof BASES)[number],
    number[]
  >;
}

/** Fisher–Yates, from the last item down, in place. */
function shuffle<T>(items: T[], random: () => number): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

/** Each profile's columns shuffled among themselves. */
function intra<T extends { readonly pfm: Pfm }>(profiles: readonly T[], random: () => number): T[] {
  return profiles.map((p) => ({ ...p, pfm: pfmOf(shuffle(columnsOf(p.pfm), random)) }));
}

/** All columns shuffled together, then dealt back in the profiles' widths. */
function inter<T extends { readonly pfm: Pfm }>(profiles: readonly T[], random: () => number): T[] {
  const all = shuffle(
    profiles.flatMap((p) => columnsOf(p.pfm)),
    random,
  );
  let at = 0;
  return profiles.map((p) => {
    const width = p.pfm.A.length;
    const pfm = pfmOf(all.slice(at, at + width));
    at += width;
    return { ...p, pfm };
  });
}

/** The picked profiles permuted; no seed (or an empty one) draws a fresh seed, returned with the result. */
export function permute<T extends { readonly pfm: Pfm }>(
  kind: PermuteKind,
  profiles: readonly T[],
  seed?: string,
): Permuted<T> {
  const used = seed === undefined || seed === '' ? randomSeed() : seed;
  const random = mulberry32(hashSeed(used));
  return { seed: used, profiles: kind === 'intra' ? intra(profiles, random) : inter(profiles, random) };
}
