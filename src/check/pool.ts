/**
 * Running the requests politely: at most `concurrency` at once, starts spaced by `rate` per
 * second when given, and nothing new once `signal` aborts. Each item is handed to `work` with
 * its index; `work` must not throw.
 */
export interface PoolOptions {
  readonly concurrency: number;
  /** Requests per second at most; null for as fast as the concurrency allows. */
  readonly rate: number | null;
  readonly signal: AbortSignal;
}

/** Resolves after `ms`, or at once when `signal` aborts. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (ms <= 0 || signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}

export async function runPool<T>(
  items: readonly T[],
  options: PoolOptions,
  work: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  const interval = options.rate === null ? 0 : 1000 / options.rate;
  let slot = performance.now();
  const worker = async () => {
    while (next < items.length && !options.signal.aborted) {
      const i = next++;
      if (interval > 0) {
        const now = performance.now();
        slot = Math.max(slot, now);
        const wait = slot - now;
        slot += interval;
        await pause(wait, options.signal);
        if (options.signal.aborted) return;
      }
      await work(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(options.concurrency, items.length)) }, worker));
}
