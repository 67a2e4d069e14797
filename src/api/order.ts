/**
 * Ordering of list results (contract §3): text as SQLite's BINARY collation (UTF-8 byte
 * order), numbers numerically, NULL first ascending and last descending, ties in default order.
 */

export type SortValue = string | number | null;

/** One field a list may be ordered by (`order=name`, `order=-name`). */
export interface OrderField<T> {
  readonly name: string;
  get(item: T): SortValue;
}

/** SQLite's BINARY collation: UTF-8 byte order (`Z` < `a` < `Ä`). */
export const byteOrder = (a: string, b: string): number =>
  Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));

/** A sort value with text already encoded, so a sort encodes each item once. */
type SortKey = Buffer | number | null;

function compareKeys(a: SortKey, b: SortKey): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'number') return -1; // SQLite: numbers sort before text
  if (typeof b === 'number') return 1;
  return Buffer.compare(a, b);
}

const sortKey = (v: SortValue): SortKey => (typeof v === 'string' ? Buffer.from(v, 'utf8') : v);

/** Items sorted by `field`; `items` must be in the default order (ties keep it). */
export function sortBy<T>(items: readonly T[], field: OrderField<T>, descending: boolean): T[] {
  const keyed = items.map((item, index) => ({ item, index, key: sortKey(field.get(item)) }));
  keyed.sort((x, y) => {
    const c = compareKeys(x.key, y.key);
    return (descending ? -c : c) || x.index - y.index;
  });
  return keyed.map((k) => k.item);
}

/**
 * Each item's rank under `get`'s comparison (1 = lowest; equal values share a rank; NULL lowest):
 * sorting by rank, ties in default order, is sorting by the field. The runtime orders by ranks,
 * so every comparison rule lives here.
 */
export function ranksOf<T>(items: readonly T[], get: (item: T) => SortValue): number[] {
  const keyed = items.map((item, index) => ({ index, key: sortKey(get(item)) }));
  keyed.sort((x, y) => compareKeys(x.key, y.key) || x.index - y.index);
  const ranks = new Array<number>(items.length);
  let rank = 0;
  let previous: SortKey | undefined;
  keyed.forEach((k, i) => {
    if (i === 0 || compareKeys(previous as SortKey, k.key) !== 0) rank++;
    ranks[k.index] = rank;
    previous = k.key;
  });
  return ranks;
}
