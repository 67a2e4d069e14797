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

/**
 * The text the substring filters read (`search`, `class`, `family`, `type` and the TFFM
 * `search`), lower-cased once per index rather than once per record per request. Hosts that
 * keep the index across requests keep this beside it (src/runtime/data.ts, `foldedIndex`).
 */
export interface FoldedIndex {
  readonly name: readonly string[];
  readonly baseId: readonly string[];
  readonly collection: readonly string[];
  readonly classes: readonly (readonly string[])[];
  readonly families: readonly (readonly string[])[];
  readonly types: readonly (readonly string[])[];
  readonly tffmName: readonly string[];
  readonly tffmId: readonly string[];
  readonly tffmMatrixId: readonly string[];
  /**
   * Every matrix's name, base id and collection, lower-cased, joined by NUL: one string `search`
   * scans once. Matrix `i` owns `[searchStarts[i], searchStarts[i + 1])`.
   */
  readonly searchText: string;
  readonly searchStarts: readonly number[];
}

function lowerAll(values: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < values.length; i++) out.push(asciiLower(values[i]!));
  return out;
}

function lowerEach(values: readonly (readonly string[])[]): string[][] {
  const out: string[][] = [];
  for (let i = 0; i < values.length; i++) out.push(lowerAll(values[i]!));
  return out;
}

/** The index's filtered text, lower-cased (ASCII only, as the filters fold). */
export function foldIndex(index: IndexData): FoldedIndex {
  const m = index.matrices;
  const t = index.tffms;
  const name = lowerAll(m.name);
  const baseId = lowerAll(m.baseId);
  const collection = lowerAll(m.collection);
  const parts: string[] = [];
  const searchStarts: number[] = [];
  let at = 0;
  for (let i = 0; i < name.length; i++) {
    const part = `${name[i]}${SEP}${baseId[i]}${SEP}${collection[i]}${SEP}`;
    searchStarts.push(at);
    parts.push(part);
    at += part.length;
  }
  searchStarts.push(at);
  return {
    name,
    baseId,
    collection,
    classes: lowerEach(m.classes),
    families: lowerEach(m.families),
    types: lowerEach(m.types),
    tffmName: lowerAll(t.name),
    tffmId: lowerAll(t.tffmId),
    tffmMatrixId: lowerAll(t.matrixId),
    searchText: parts.join(''),
    searchStarts,
  };
}

/** What separates the fields in {@link FoldedIndex.searchText}; a needle holding it is searched field by field. */
const SEP = '\u0000';

/** The matrix owning position `p` of the search text. */
function ownerOf(starts: readonly number[], p: number): number {
  let lo = 0;
  let hi = starts.length - 2;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= p) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Per matrix, 1 when its name, base id or collection contains `needle` (lower-cased, no NUL). */
function searchHits(folded: FoldedIndex, needle: string): number[] {
  const starts = folded.searchStarts;
  const hits: number[] = [];
  for (let i = 0; i < starts.length - 1; i++) hits.push(0);
  const end = starts[starts.length - 1]!;
  let p = folded.searchText.indexOf(needle);
  while (p !== -1 && p < end) {
    const i = ownerOf(starts, p);
    hits[i] = 1;
    p = folded.searchText.indexOf(needle, starts[i + 1]!);
  }
  return hits;
}

const contains = (folded: string, needle: string): boolean => folded.indexOf(needle) !== -1;

function anyContains(values: readonly string[], needle: string): boolean {
  for (let i = 0; i < values.length; i++) if (contains(values[i]!, needle)) return true;
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
function passes(
  m: MatrixAttributes,
  folded: FoldedIndex,
  hits: readonly number[] | null,
  i: number,
  f: PreparedFilter,
): boolean {
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
      return anyContains(folded.classes[i]!, f.lower);
    case 'tf_family':
    case 'family':
      return anyContains(folded.families[i]!, f.lower);
    case 'data_type':
    case 'type':
      return anyContains(folded.types[i]!, f.lower);
    case 'search':
      if (hits !== null) return hits[i] === 1;
      return (
        contains(folded.name[i]!, f.lower) ||
        contains(folded.baseId[i]!, f.lower) ||
        contains(folded.collection[i]!, f.lower)
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
function tffmPasses(
  t: TffmAttributes,
  m: MatrixAttributes,
  folded: FoldedIndex,
  i: number,
  f: PreparedFilter,
): boolean {
  if (f.key === 'search')
    return (
      contains(folded.tffmName[i]!, f.lower) ||
      contains(folded.tffmId[i]!, f.lower) ||
      contains(folded.tffmMatrixId[i]!, f.lower)
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
function filterTffms(
  index: IndexData,
  folded: FoldedIndex,
  items: readonly number[],
  filters: readonly FilterValue[],
): number[] {
  const prepared: PreparedFilter[] = [];
  for (let f = 0; f < filters.length; f++) prepared.push(prepare(filters[f]!));
  const out: number[] = [];
  for (let k = 0; k < items.length; k++) {
    let ok = true;
    for (let f = 0; f < prepared.length && ok; f++)
      ok = tffmPasses(index.tffms, index.matrices, folded, items[k]!, prepared[f]!);
    if (ok) out.push(items[k]!);
  }
  return out;
}

/**
 * The items of a list instance that pass `filters`, in default order. `folded` is the index's
 * {@link foldIndex}, when the caller keeps one; otherwise it is made for this call.
 */
export function filterItems(
  index: IndexData,
  list: ListDescriptor,
  items: readonly number[],
  filters: readonly FilterValue[],
  folded?: FoldedIndex,
): readonly number[] {
  if (filters.length === 0) return items;
  const text = folded ?? foldIndex(index);
  if (list.items === 'tffm') return filterTffms(index, text, items, filters);
  if (list.items !== 'matrix') return items;
  const m = index.matrices;
  let latest = false;
  const prepared: PreparedFilter[] = [];
  for (let f = 0; f < filters.length; f++) {
    if (filters[f]!.key === 'version') latest = true;
    else prepared.push(prepare(filters[f]!));
  }
  // A `search` scans the joined text once (an empty needle or one holding NUL: field by field).
  const hits: (number[] | null)[] = [];
  for (let f = 0; f < prepared.length; f++) {
    const needle = prepared[f]!.lower;
    const scan = prepared[f]!.key === 'search' && needle !== '' && needle.indexOf(SEP) === -1;
    hits.push(scan ? searchHits(text, needle) : null);
  }
  const out: number[] = [];
  for (let k = 0; k < items.length; k++) {
    const i = items[k]!;
    let ok = true;
    for (let f = 0; f < prepared.length && ok; f++) ok = passes(m, text, hits[f] ?? null, i, prepared[f]!);
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
