/**
 * The records of a list (contract §3, §8, §8.1), the one authority on list semantics for the
 * build and the runtime: filters AND-ed (the matrix filters on matrix lists, `search` and
 * `tax_group` on the TFFM list), then `version=latest` within them, then ordering by the
 * index's ranks (ties keep the default order), then pagination as DRF's PageNumberPagination.
 * Runtime-safe subset (docs/runtime.md).
 */
import type { ListDescriptor, MatrixFilter } from '../api/resources.js';
import { asciiLower, asciiUpper } from './request.js';
import type { IndexData, MatrixAttributes, TffmAttributes } from './site-data.js';

/** A filter the request sets (src/routes/params.ts reads them). */
export interface FilterValue {
  readonly key: MatrixFilter;
  readonly value: string;
}

/** One ordering term: a field and its direction. */
export interface OrderTerm {
  readonly field: string;
  readonly descending: boolean;
}

const containsFolded = (haystack: string, needle: string): boolean => asciiLower(haystack).indexOf(needle) !== -1;

function anyContains(values: readonly string[], needle: string): boolean {
  for (let i = 0; i < values.length; i++) if (containsFolded(values[i]!, needle)) return true;
  return false;
}

/** A filter with its value folded once for the whole list (not once per record). */
interface PreparedFilter {
  readonly key: MatrixFilter;
  readonly value: string;
  readonly upper: string;
  readonly lower: string;
}

const prepare = (f: FilterValue): PreparedFilter => ({
  key: f.key,
  value: f.value,
  upper: asciiUpper(f.value),
  lower: asciiLower(f.value),
});

/** Whether matrix `i` passes one filter (every filter but `version`). */
function passes(m: MatrixAttributes, i: number, f: PreparedFilter): boolean {
  switch (f.key) {
    case 'collection':
      return m.collection[i] === f.upper;
    case 'tax_group':
      return m.taxGroups[i]!.indexOf(f.lower) !== -1;
    case 'tax_id':
      return m.taxIds[i]!.indexOf(f.value) !== -1;
    case 'name':
      return m.name[i] === f.value;
    // The 2018 API's names read the same annotations (contract §8.1).
    case 'tf_class':
    case 'class':
      return anyContains(m.classes[i]!, f.lower);
    case 'tf_family':
    case 'family':
      return anyContains(m.families[i]!, f.lower);
    case 'data_type':
    case 'type':
      return anyContains(m.types[i]!, f.lower);
    case 'search':
      return (
        containsFolded(m.name[i]!, f.lower) ||
        containsFolded(m.baseId[i]!, f.lower) ||
        containsFolded(m.collection[i]!, f.lower)
      );
    case 'version':
      return true;
  }
}

/**
 * Whether TFFM `i` passes one of the TFFM list's filters (contract §8.1): `search` in its name,
 * tffm_id or matrix_id (case-insensitive), `tax_group` of its matrix (equal after lower-casing;
 * a TFFM whose matrix the release lacks has none). Other names are no TFFM filter.
 */
function tffmPasses(t: TffmAttributes, m: MatrixAttributes, i: number, f: PreparedFilter): boolean {
  if (f.key === 'search')
    return (
      containsFolded(t.name[i]!, f.lower) ||
      containsFolded(t.tffmId[i]!, f.lower) ||
      containsFolded(t.matrixId[i]!, f.lower)
    );
  if (f.key === 'tax_group') return t.matrix[i]! !== -1 && m.taxGroups[t.matrix[i]!]!.indexOf(f.lower) !== -1;
  return true;
}

/** Per base id, only its highest version among `items` (kept in their order). */
function latestOnly(m: MatrixAttributes, items: readonly number[]): number[] {
  const best: { [baseId: string]: number } = Object.create(null);
  for (let k = 0; k < items.length; k++) {
    const i = items[k]!;
    const b = m.baseId[i]!;
    const seen = best[b];
    if (seen === undefined || m.version[i]! > m.version[seen]!) best[b] = i;
  }
  const out: number[] = [];
  for (let k = 0; k < items.length; k++) if (best[m.baseId[items[k]!]!] === items[k]) out.push(items[k]!);
  return out;
}

/** The TFFMs among `items` that pass every filter, in their order. */
function filterTffms(index: IndexData, items: readonly number[], filters: readonly FilterValue[]): number[] {
  const prepared: PreparedFilter[] = [];
  for (let f = 0; f < filters.length; f++) prepared.push(prepare(filters[f]!));
  const out: number[] = [];
  for (let k = 0; k < items.length; k++) {
    let ok = true;
    for (let f = 0; f < prepared.length && ok; f++)
      ok = tffmPasses(index.tffms, index.matrices, items[k]!, prepared[f]!);
    if (ok) out.push(items[k]!);
  }
  return out;
}

/** The items of a list instance that pass `filters`, in default order. */
export function filterItems(
  index: IndexData,
  list: ListDescriptor,
  items: readonly number[],
  filters: readonly FilterValue[],
): readonly number[] {
  if (filters.length === 0) return items;
  if (list.items === 'tffm') return filterTffms(index, items, filters);
  if (list.items !== 'matrix') return items;
  const m = index.matrices;
  let latest = false;
  const prepared: PreparedFilter[] = [];
  for (let f = 0; f < filters.length; f++) {
    if (filters[f]!.key === 'version') latest = true;
    else prepared.push(prepare(filters[f]!));
  }
  const out: number[] = [];
  for (let k = 0; k < items.length; k++) {
    const i = items[k]!;
    let ok = true;
    for (let f = 0; f < prepared.length && ok; f++) ok = passes(m, i, prepared[f]!);
    if (ok) out.push(i);
  }
  return latest ? latestOnly(m, out) : out;
}

/** `items` ordered by `terms` (ranks of the list's item table), ties in default order. */
export function orderItems(
  index: IndexData,
  list: ListDescriptor,
  items: readonly number[],
  terms: readonly OrderTerm[],
): readonly number[] {
  if (terms.length === 0) return items;
  const table = index.tables[list.items];
  const ranks: (readonly number[])[] = [];
  for (let t = 0; t < terms.length; t++) ranks.push(table.ranks[terms[t]!.field]!);
  const keyed: number[][] = [];
  for (let k = 0; k < items.length; k++) keyed.push([items[k]!, k]);
  keyed.sort((a, b) => {
    for (let t = 0; t < terms.length; t++) {
      const r = ranks[t]!;
      const d = r[a[0]!]! - r[b[0]!]!;
      if (d !== 0) return terms[t]!.descending ? -d : d;
    }
    return a[1]! - b[1]!;
  });
  const out: number[] = [];
  for (let k = 0; k < keyed.length; k++) out.push(keyed[k]![0]!);
  return out;
}

/** Number of pages of a list (page 1 exists even when empty). */
export const pageCount = (count: number, size: number): number => Math.max(1, Math.ceil(count / size));

/** The 1-based page to answer, or null for DRF's `Invalid page.`. */
export function resolvePage(page: number | 'last' | null, count: number, size: number): number | null {
  const pages = pageCount(count, size);
  if (page === 'last') return pages;
  if (page === null || page < 1 || page > pages) return null;
  return page;
}
