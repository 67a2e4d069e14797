/**
 * Two streams of files merged so that both threads of a build stay busy (issue 46): the API's
 * many small files (list pages, details), which keep the writer thread busy and cost the main
 * thread little each, and the web site's fewer, costlier ones (profile pages, logos), which do
 * the reverse. While the writer has a backlog the costly stream goes on, else the many; each
 * stream keeps its own order, and what is written does not depend on the turns.
 */
export function* inTurns<T>(many: Iterable<T>, costly: Iterable<T>, writerBusy: () => boolean): Generator<T> {
  const a = many[Symbol.iterator]();
  const b = costly[Symbol.iterator]();
  try {
    let nextA = a.next();
    let nextB = b.next();
    while (!nextA.done || !nextB.done) {
      if (!nextB.done && (nextA.done || writerBusy())) {
        yield nextB.value;
        nextB = b.next();
      } else if (!nextA.done) {
        yield nextA.value;
        nextA = a.next();
      }
    }
  } finally {
    // A write that stops early (an error, a signal) ends both streams too: their own cleanup
    // (a generator's `finally`) runs.
    a.return?.();
    b.return?.();
  }
}
