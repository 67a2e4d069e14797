import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Answer } from './answer.js';
import { cachedAnswer, ENTRY_OVERHEAD, keepAnswer, newAnswerCache, type AnswerCache } from './answer-cache.js';

const answer = (body: string): Answer => ({ status: 200, headers: [['Content-Type', 'application/json']], body });
const sizeOf = (key: string, body: string) => 2 * (key.length + body.length) + ENTRY_OVERHEAD;

/** The cache's entries walked newest to oldest and back, checked against its counts and its key table. */
function consistent(cache: AnswerCache): string[] {
  const keys: string[] = [];
  let bytes = 0;
  for (let e = cache.newest; e !== null; e = e.older) {
    keys.push(e.key);
    bytes += e.size;
    expect(cache.byKey[e.key]).toBe(e);
  }
  const back: string[] = [];
  for (let e = cache.oldest; e !== null; e = e.newer) back.push(e.key);
  expect(back.reverse()).toEqual(keys);
  expect(Object.keys(cache.byKey).sort()).toEqual([...keys].sort());
  expect(cache.entries).toBe(keys.length);
  expect(cache.bytes).toBe(bytes);
  return keys;
}

const op = fc.oneof(
  fc.record({ kind: fc.constant('keep' as const), key: fc.nat(12), size: fc.nat(3000) }),
  fc.record({ kind: fc.constant('get' as const), key: fc.nat(12) }),
);

describe('the answer cache (issue 47)', () => {
  it('stays within its entries and bytes under any stream, answers a key only with what was kept for it, least recently used dropped first', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 6 }),
        fc.integer({ min: 0, max: 12_000 }),
        fc.array(op, { maxLength: 120 }),
        (entries, bytes, ops) => {
          const cache = newAnswerCache({ entries, bytes });
          // The model: what each key was last given, in use order (most recent last).
          const model = new Map<string, string>();
          for (const o of ops) {
            const key = `k${o.key}`;
            if (o.kind === 'get') {
              const got = cachedAnswer(cache, key);
              if (got !== undefined) {
                expect(got.body).toBe(model.get(key));
                const body = model.get(key)!;
                model.delete(key);
                model.set(key, body);
              } else model.delete(key);
            } else {
              const body = `${key}:`.padEnd(o.size, 'x');
              keepAnswer(cache, key, answer(body));
              model.delete(key);
              if (sizeOf(key, body) <= bytes && entries > 0) model.set(key, body);
            }
            const kept = consistent(cache);
            expect(cache.entries).toBeLessThanOrEqual(entries);
            expect(cache.bytes).toBeLessThanOrEqual(bytes);
            // What it holds is the most recently used part of the model, each with its own body.
            const recent = [...model.keys()].reverse().slice(0, kept.length);
            expect(kept).toEqual(recent);
            for (const k of kept) expect(cache.byKey[k]!.answer.body).toBe(model.get(k));
            for (const k of [...model.keys()]) if (!kept.includes(k)) model.delete(k);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('keeps nothing larger than its byte limit, and a kept key given a new answer answers with the new one', () => {
    const cache = newAnswerCache({ entries: 10, bytes: sizeOf('a', 'x'.repeat(100)) });
    keepAnswer(cache, 'a', answer('x'.repeat(101)));
    expect(cachedAnswer(cache, 'a')).toBeUndefined();
    keepAnswer(cache, 'a', answer('x'.repeat(100)));
    keepAnswer(cache, 'a', answer('y'.repeat(100)));
    expect(cachedAnswer(cache, 'a')?.body).toBe('y'.repeat(100));
    expect(cache.entries).toBe(1);
  });
});
