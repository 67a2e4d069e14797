import { describe, expect, it } from 'vitest';
import { runPool } from './pool.js';

describe('runPool', () => {
  it('runs every item once, at most `concurrency` at a time', async () => {
    let running = 0;
    let most = 0;
    const seen: number[] = [];
    await runPool(
      Array.from({ length: 50 }, (_, i) => i),
      { concurrency: 4, rate: null, signal: new AbortController().signal },
      async (item) => {
        running++;
        most = Math.max(most, running);
        await new Promise((resolve) => setImmediate(resolve));
        seen.push(item);
        running--;
      },
    );
    expect(most).toBe(4);
    expect([...seen].sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i));
  });

  it('starts nothing once aborted, and a rate-limited run ends at once on abort', async () => {
    const abort = new AbortController();
    const seen: number[] = [];
    await runPool(
      Array.from({ length: 100 }, (_, i) => i),
      { concurrency: 2, rate: 0.001, signal: abort.signal },
      async (item) => {
        seen.push(item);
        abort.abort();
      },
    );
    expect(seen).toEqual([0]);
  });
});
