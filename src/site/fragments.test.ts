import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ReleaseConfig } from '../routes/site-data.js';
import { CHUNK_BYTES, chunkFiles, type ChunkStarts, type FragmentStream } from './fragments.js';

const RELEASE: ReleaseConfig = { name: 'JASPAR2026', year: 2026, root: '' };

/** Every chunk of a stream, by kind and format, and the starts it returns. */
function cut(stream: FragmentStream): { chunks: Map<string, string[][]>; starts: ChunkStarts } {
  const chunks = new Map<string, string[][]>();
  const files = chunkFiles(stream, RELEASE);
  let next = files.next();
  for (; !next.done; next = files.next()) {
    const key = next.value.path.replace(/\/[^/]*$/, '');
    chunks.set(key, [...(chunks.get(key) ?? []), JSON.parse(next.value.content) as string[]]);
  }
  return { chunks, starts: next.value };
}

/** A fragment of `n` characters, told apart by its first one. */
const fragment = (n: number, i: number) => String.fromCharCode(97 + (i % 26)) + 'x'.repeat(Math.max(0, n - 1));

const lengths = fc.array(
  fc.oneof(fc.integer({ min: 1, max: 2_000 }), fc.integer({ min: 1, max: CHUNK_BYTES + 1_000 })),
  { maxLength: 40 },
);

describe('chunkFiles', () => {
  it('cuts greedily, at least one fragment a chunk, and the same from arrays as from fragments made one by one', () => {
    fc.assert(
      fc.property(lengths, lengths, (a, b) => {
        const frags = [a.map(fragment), b.map(fragment)];
        const asArrays: FragmentStream = [
          [
            'matrix',
            [
              ['json', frags[0]!],
              ['jaspar', frags[1]!],
            ],
          ],
        ];
        const oneByOne: FragmentStream = [
          [
            'matrix',
            (function* () {
              yield [
                'json',
                (function* () {
                  yield* frags[0]!;
                })(),
              ] as const;
              yield [
                'jaspar',
                (function* () {
                  yield* frags[1]!;
                })(),
              ] as const;
            })(),
          ],
        ];
        const made = cut(asArrays);
        expect(cut(oneByOne)).toEqual(made);
        for (const [i, format] of ['json', 'jaspar'].entries()) {
          const all = frags[i]!;
          const chunks = [...made.chunks.values()][i]!;
          expect(chunks.flat()).toEqual(all);
          if (all.length === 0) expect(chunks).toEqual([[]]);
          let first = 0;
          for (const [k, chunk] of chunks.entries()) {
            const size = chunk.reduce((n, f) => n + f.length, 0);
            if (all.length > 0) expect(chunk.length).toBeGreaterThan(0);
            if (chunk.length > 1) expect(size).toBeLessThanOrEqual(CHUNK_BYTES);
            const following = chunks[k + 1]?.[0];
            if (following !== undefined) expect(size + following.length).toBeGreaterThan(CHUNK_BYTES);
            expect(made.starts.matrix![format]![k]).toBe(first);
            first += chunk.length;
          }
        }
      }),
      { numRuns: 60 },
    );
  });
});
