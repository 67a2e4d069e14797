/**
 * JASPAR's search (contract §10, the 2018 `search` view, exactly): which rows a query keeps, in
 * which order, and which page of them is shown. Pure: the page's script runs it in the browser
 * (from `file://` too), and the tests hold it to an SQL oracle on the dump.
 */
import type { PortalRow } from './rows.js';

/** A query as the view reads it (each value the last of its name, or null when absent). */
export interface SearchQuery {
  readonly q: string | null;
  readonly collection: string | null;
  readonly taxGroup: string | null;
  readonly taxId: string | null;
  readonly type: string | null;
  readonly tfClass: string | null;
  readonly family: string | null;
  readonly version: string | null;
  readonly page: string | null;
  readonly pageSize: string | null;
}

/** The parameters a search page keeps in its links, with the field each fills. */
export const SEARCH_PARAMS: readonly (readonly [name: string, field: keyof SearchQuery])[] = [
  ['q', 'q'],
  ['collection', 'collection'],
  ['tax_group', 'taxGroup'],
  ['tax_id', 'taxId'],
  ['type', 'type'],
  ['class', 'tfClass'],
  ['family', 'family'],
  ['version', 'version'],
  ['page', 'page'],
  ['page_size', 'pageSize'],
];

/** A query from a getter of query values (`URLSearchParams`' last value of a name). */
export function readSearch(get: (name: string) => string | null): SearchQuery {
  const out: { -readonly [K in keyof SearchQuery]?: string | null } = {};
  for (const [name, field] of SEARCH_PARAMS) out[field] = get(name);
  return out as SearchQuery;
}

export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 1000;

/** `page_size`: empty, not a positive whole number or over 1000 gives 10 (the view: empty or over 1000). */
export function pageSizeOf(value: string | null): number {
  if (value === null || !/^\s*\d+\s*$/.test(value)) return DEFAULT_PAGE_SIZE;
  const n = Number(value.trim());
  return n < 1 || n > MAX_PAGE_SIZE ? DEFAULT_PAGE_SIZE : n;
}

/**
 * The page shown (Django's Paginator as the view calls it): not a whole number, 1; below 1 or
 * past the end, the last page; an empty result has one page.
 */
export function pageOf(value: string | null, total: number, size: number): { page: number; pages: number } {
  const pages = Math.max(1, Math.ceil(total / size));
  if (value === null || !/^\s*[+-]?\d+\s*$/.test(value)) return { page: 1, pages };
  const n = Number(value.trim());
  return { page: n < 1 || n > pages ? pages : n, pages };
}

const unset = (v: string | null): boolean => v === null || v === '' || v === 'all';
const lower = (s: string): string => s.toLowerCase();
const has = (values: readonly string[], v: string): boolean => values.indexOf(v) !== -1;
const contains = (values: readonly string[], needle: string): boolean => {
  for (let i = 0; i < values.length; i++) if (lower(values[i]!).indexOf(needle) !== -1) return true;
  return false;
};

/** Whether `q` names an existing matrix exactly (`<base_id>.<version>`): the view redirects to its page. */
export function exactMatrix(rows: readonly PortalRow[], q: string | null): string | null {
  if (q === null || q.split('.').length !== 2) return null;
  for (let i = 0; i < rows.length; i++) if (rows[i]![0] === q) return q;
  return null;
}

/** Whether a row passes the query's text `q` (lower-cased, non-empty). */
function matchesText(row: PortalRow, q: string, raw: string): boolean {
  if (lower(row[3]).indexOf(q) !== -1 || lower(row[1]).indexOf(q) !== -1) return true;
  if (contains(row[11], q)) return true;
  if (has(row[12], raw)) return true;
  if (has(row[5], raw)) return true;
  return contains(row[6], q);
}

/**
 * Every row the query keeps, in the view's order (base id, then version). Null when there is
 * no `q`: the page shows the form and no results.
 */
export function searchRows(rows: readonly PortalRow[], query: SearchQuery): PortalRow[] | null {
  if (query.q === null) return null;
  const collection = query.collection === null || query.collection === '' ? 'CORE' : query.collection;
  const q = lower(query.q);
  const kept: PortalRow[] = [];
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    if (collection !== 'all' && row[4] !== collection.toUpperCase()) continue;
    if (!unset(query.taxGroup) && !has(row[9], lower(query.taxGroup!))) continue;
    if (!unset(query.taxId) && !has(row[5], query.taxId!)) continue;
    if (!unset(query.type) && !has(row[10], query.type!)) continue;
    if (!unset(query.tfClass) && !has(row[7], query.tfClass!)) continue;
    if (!unset(query.family) && !has(row[8], query.family!)) continue;
    if (q !== '' && !matchesText(row, q, query.q)) continue;
    kept.push(row);
  }
  const ordered = sortRows(kept);
  return query.version === 'latest' ? latestOnly(ordered) : ordered;
}

const byCode = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Base id ascending, versions of one base id ascending. */
export function sortRows(rows: readonly PortalRow[]): PortalRow[] {
  return rows.slice().sort((a, b) => byCode(a[1], b[1]) || a[2] - b[2]);
}

/** Of rows sorted by {@link sortRows}, each base id's highest version only. */
function latestOnly(rows: readonly PortalRow[]): PortalRow[] {
  const out: PortalRow[] = [];
  for (let i = 0; i < rows.length; i++) {
    const next = rows[i + 1];
    if (next === undefined || next[1] !== rows[i]![1]) out.push(rows[i]!);
  }
  return out;
}

/** One page of a result: its rows, the total, the page shown and how many there are. */
export interface ResultPage {
  readonly rows: readonly PortalRow[];
  readonly total: number;
  readonly page: number;
  readonly pages: number;
  readonly pageSize: number;
}

/** The page of `all` the query asks for. */
export function pageRows(all: readonly PortalRow[], query: Pick<SearchQuery, 'page' | 'pageSize'>): ResultPage {
  const pageSize = pageSizeOf(query.pageSize);
  const { page, pages } = pageOf(query.page, all.length, pageSize);
  return { rows: all.slice((page - 1) * pageSize, page * pageSize), total: all.length, page, pages, pageSize };
}
