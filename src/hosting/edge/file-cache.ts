/**
 * A bound on the site files a long-lived host keeps parsed (the Worker's and the edge
 * function's module-scope cache): a Cloudflare isolate has 128 MB, and a compact build of a
 * big release holds far more fragments than that. Beyond the budget the files loaded longest
 * ago are dropped (the release indexes, which every request reads, and the files the current
 * step needs are kept); the runtime asks for them again when a request needs them.
 */
import type { Loaded } from '../../runtime/answer.js';

/** Bytes of JSON text kept parsed across requests (parsed strings take about twice as much). */
export const CACHE_BUDGET = 24 * 1024 * 1024;

/** Which files are in the cache, oldest first, with their sizes. */
export interface CacheBook {
  readonly order: string[];
  readonly sizes: { [path: string]: number };
  total: number;
}

export const newBook = (): CacheBook => ({ order: [], sizes: {}, total: 0 });

const pinned = (path: string) => /(^|\/)index\.json$/.test(path);

/** Record a loaded file, then drop the oldest unpinned ones (not in `keep`) while over `budget`. */
export function remember(
  book: CacheBook,
  loaded: Loaded,
  path: string,
  size: number,
  keep: readonly string[],
  budget: number = CACHE_BUDGET,
): void {
  if (book.sizes[path] === undefined) book.order.push(path);
  book.total += size - (book.sizes[path] ?? 0);
  book.sizes[path] = size;
  for (let i = 0; book.total > budget && i < book.order.length; ) {
    const old = book.order[i]!;
    if (pinned(old) || keep.indexOf(old) !== -1) {
      i++;
      continue;
    }
    book.order.splice(i, 1);
    book.total -= book.sizes[old] ?? 0;
    delete book.sizes[old];
    delete loaded[old];
  }
}
