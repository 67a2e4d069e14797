import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BASES, type Pfm } from '../model/types.js';
import { permute } from './permute.js';

interface Profile {
  readonly matrixId: string;
  readonly pfm: Pfm;
}

const columns = (pfm: Pfm): string[] => pfm.A.map((_, j) => BASES.map((b) => pfm[b][j]).join(','));
const multiset = (xs: readonly string[]): string[] => [...xs].sort();

const pfmArb = fc.array(fc.tuple(fc.nat(50), fc.nat(50), fc.nat(50), fc.nat(50)), { maxLength: 25 }).map(
  (cols): Pfm => ({
    A: cols.map((c) => c[0]),
    C: cols.map((c) => c[1]),
    G: cols.map((c) => c[2]),
    T: cols.map((c) => c[3]),
  }),
);
const profilesArb = fc
  .array(pfmArb, { minLength: 1, maxLength: 6 })
  .map((pfms) => pfms.map((pfm, i): Profile => ({ matrixId: `MA${i}`, pfm })));
const seedArb = fc.string({ minLength: 1, maxLength: 12 });

/** A wide profile whose 20 columns all differ. */
const WIDE: Profile = {
  matrixId: 'MA0001.1',
  pfm: { A: [...Array(20).keys()], C: Array(20).fill(1), G: Array(20).fill(2), T: Array(20).fill(3) },
};

describe('permute', () => {
  it('intra: each profile keeps its width and its columns, only their order changes', () => {
    fc.assert(
      fc.property(profilesArb, seedArb, (profiles, seed) => {
        const out = permute('intra', profiles, seed).profiles;
        expect(out.map((p) => p.matrixId)).toEqual(profiles.map((p) => p.matrixId));
        out.forEach((p, i) => {
          for (const b of BASES) expect(p.pfm[b]).toHaveLength(profiles[i]!.pfm.A.length);
          expect(multiset(columns(p.pfm))).toEqual(multiset(columns(profiles[i]!.pfm)));
        });
      }),
      { seed: 45, numRuns: 150 },
    );
  });

  it('inter: each profile keeps its width, the columns of all profiles are kept together', () => {
    fc.assert(
      fc.property(profilesArb, seedArb, (profiles, seed) => {
        const out = permute('inter', profiles, seed).profiles;
        out.forEach((p, i) => {
          for (const b of BASES) expect(p.pfm[b]).toHaveLength(profiles[i]!.pfm.A.length);
        });
        expect(multiset(out.flatMap((p) => columns(p.pfm)))).toEqual(multiset(profiles.flatMap((p) => columns(p.pfm))));
      }),
      { seed: 45, numRuns: 150 },
    );
  });

  it('inter moves columns between profiles', () => {
    const other: Profile = {
      matrixId: 'MA0002.1',
      pfm: { A: Array(20).fill(99), C: Array(20).fill(0), G: Array(20).fill(0), T: Array(20).fill(0) },
    };
    const [a] = permute('inter', [WIDE, other], 'x').profiles;
    expect(a!.pfm.A.some((v) => v === 99)).toBe(true);
  });

  it('repeats exactly with the same seed, and differs with another', () => {
    fc.assert(
      fc.property(fc.constantFrom('intra' as const, 'inter' as const), seedArb, seedArb, (kind, s1, s2) => {
        fc.pre(s1 !== s2);
        const profiles = [WIDE, { ...WIDE, matrixId: 'MA0003.1' }];
        expect(permute(kind, profiles, s1)).toEqual(permute(kind, profiles, s1));
        expect(permute(kind, profiles, s1).profiles).not.toEqual(permute(kind, profiles, s2).profiles);
      }),
      { seed: 45, numRuns: 200 },
    );
  });

  it('draws a seed when none is given, and that seed repeats the run', () => {
    const first = permute('intra', [WIDE]);
    expect(first.seed).toMatch(/^[0-9a-f]{8}$/);
    expect(permute('intra', [WIDE], first.seed)).toEqual(first);
    expect(permute('intra', [WIDE], '').seed).toMatch(/^[0-9a-f]{8}$/);
  });

  it('leaves its input alone and keeps the other fields of each profile', () => {
    const input = [{ ...WIDE, name: 'Wide' }];
    const before = JSON.stringify(input);
    const out = permute('inter', input, 'seed').profiles;
    expect(JSON.stringify(input)).toBe(before);
    expect(out[0]).toMatchObject({ matrixId: 'MA0001.1', name: 'Wide' });
    expect(out[0]!.pfm).not.toEqual(WIDE.pfm);
  });
});
