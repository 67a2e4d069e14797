/**
 * The order of the records in a release's download files (contract §9): JASPAR's own files
 * differ by release year, as its TRANSFAC layouts do (`LAYOUTS` in src/formats/transfac.ts).
 * A year the table does not name (2019, 2021, 2023, or none) takes the internal key order.
 */
import type { Matrix } from '../model/types.js';
import { compareWeights, primaryWeights } from './collation.js';

/**
 * `key`: the dump's internal key order (MATRIX.ID), taxa interleaved in an all-taxa file;
 * `name`: by name in Unicode collation order at the primary level ({@link primaryWeights}:
 * punctuation before digits before letters, case-insensitive), ties in key order;
 * `taxa`: an all-taxa file is its taxon files one after another in {@link TAXON_ORDER}, each in
 * key order.
 */
export type RecordOrder = 'key' | 'name' | 'taxa';

interface OrderRow {
  /** First and last release year of the row; null: open-ended. */
  readonly from: number | null;
  readonly to: number | null;
  readonly order: RecordOrder;
}

/** JASPAR's record order by release year, oldest first. */
export const RECORD_ORDERS: readonly OrderRow[] = [
  { from: null, to: 2018, order: 'key' },
  { from: 2020, to: 2020, order: 'name' },
  { from: 2022, to: 2022, order: 'key' },
  { from: 2024, to: null, order: 'taxa' },
];

/** The taxa of a `taxa`-ordered all-taxa file, in JASPAR's order; any other group follows, alphabetically. */
export const TAXON_ORDER: readonly string[] = [
  'vertebrates',
  'plants',
  'nematodes',
  'insects',
  'fungi',
  'urochordates',
  'diatoms',
];

export function recordOrder(year: number | null): RecordOrder {
  if (year === null) return 'key';
  const row = RECORD_ORDERS.find((r) => (r.from === null || year >= r.from) && (r.to === null || year <= r.to));
  return row?.order ?? 'key';
}

/** The `tax_group` annotations of a matrix, in dump order. */
export const taxaOf = (m: Matrix): string[] => m.annotations.filter((a) => a.tag === 'tax_group').map((a) => a.value);

/** Taxa in a `taxa` file's order: JASPAR's named ones first, then the others in byte order. */
export function sortTaxa(taxa: Iterable<string>): string[] {
  const rank = (t: string) => {
    const i = TAXON_ORDER.indexOf(t);
    return i === -1 ? TAXON_ORDER.length : i;
  };
  return [...new Set(taxa)].sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
}

const byKey = (a: Matrix, b: Matrix) => a.key - b.key;

/**
 * The records of one file in the year's order. `allTaxa`: the file is not one taxon's (under
 * `taxa`, a matrix of no taxon comes last, and one of several taxa in the first of them only).
 */
export function ordered(ms: readonly Matrix[], order: RecordOrder, allTaxa: boolean): Matrix[] {
  const keyed = [...ms].sort(byKey);
  if (order === 'key') return keyed;
  if (order === 'name') {
    return keyed
      .map((m) => [primaryWeights(m.name), m] as const)
      .sort((a, b) => compareWeights(a[0], b[0]) || byKey(a[1], b[1]))
      .map(([, m]) => m);
  }
  if (!allTaxa) return keyed;
  const taxa = sortTaxa(keyed.flatMap(taxaOf));
  const rank = (m: Matrix) => {
    const own = taxaOf(m).map((t) => taxa.indexOf(t));
    return own.length === 0 ? taxa.length : Math.min(...own);
  };
  return keyed
    .map((m) => [rank(m), m] as const)
    .sort((a, b) => a[0] - b[0] || byKey(a[1], b[1]))
    .map(([, m]) => m);
}
