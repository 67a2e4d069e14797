/**
 * Matrix lists as the contract words them (§3 ordering and pagination, §8 filters), written as
 * SQL over the oracle's own tables (test/support/oracle-db.ts). Nothing here reads the
 * project's model, index or runtime: the request's query pairs are read with §8's rules too.
 */
import type { OracleDb } from './oracle-db.js';

/** A matrix list: all matrices, or the matrices of one collection, tax group or species; or the TFFM list (test/support/oracle-tffm.ts). */
export type OracleList =
  | { readonly kind: 'matrix' }
  | { readonly kind: 'collection' | 'taxon' | 'species'; readonly id: string }
  | { readonly kind: 'tffm' };

/** §8's filters and §8.1's 2018 names (`class`, `family`, `type`: the same semantics as `tf_class`, `tf_family`, `data_type`). */
export const FILTER_KEYS = [
  'collection',
  'tax_group',
  'tax_id',
  'name',
  'tf_class',
  'tf_family',
  'data_type',
  'class',
  'family',
  'type',
  'search',
  'version',
] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

const ORDER_COLUMNS: { readonly [field: string]: { readonly column: string; readonly text: boolean } } = {
  name: { column: 'NAME', text: true },
  base_id: { column: 'BASE_ID', text: true },
  collection: { column: 'COLLECTION', text: true },
  version: { column: 'VERSION', text: false },
};

export type OracleAnswer =
  | {
      readonly status: 200;
      readonly count: number;
      readonly ids: readonly string[];
      readonly next: boolean;
      readonly previous: boolean;
    }
  | { readonly status: 404; readonly detail: string };

/** The value of the last pair named `key` (Django's QueryDict.get), or null. */
function last(pairs: readonly (readonly [string, string])[], key: string): string | null {
  let out: string | null = null;
  for (const [k, v] of pairs) if (k === key) out = v;
  return out;
}

/** §8 page_size: an integer 1–1000, above 1000 is 1000, anything else 10. */
export function pageSizeOf(raw: string | null): number {
  if (raw === null || !/^\s*[+-]?\d+\s*$/.test(raw)) return 10;
  const n = Number(raw.trim());
  return n <= 0 ? 10 : Math.min(n, 1000);
}

/** `%v%` for LIKE with the value's own `\`, `%` and `_` escaped (ESCAPE '\'). */
export const likeContains = (v: string): string => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const annotationLike = (tag: string) =>
  `EXISTS (SELECT 1 FROM MATRIX_ANNOTATION a WHERE a.ID = m.ID AND a.TAG = '${tag}' AND a.VAL LIKE ? ESCAPE '\\')`;

/** Per §8 filter: its SQL condition on `m` (a MATRIX row) and the value it binds. */
const FILTER_SQL: { readonly [K in Exclude<FilterKey, 'version'>]: (v: string) => { sql: string; params: string[] } } =
  {
    collection: (v) => ({ sql: 'm.COLLECTION = upper(?)', params: [v] }),
    tax_group: (v) => ({
      sql: "EXISTS (SELECT 1 FROM MATRIX_ANNOTATION a WHERE a.ID = m.ID AND a.TAG = 'tax_group' AND a.VAL = lower(?))",
      params: [v],
    }),
    tax_id: (v) => ({ sql: 'EXISTS (SELECT 1 FROM MATRIX_SPECIES s WHERE s.ID = m.ID AND s.TAX_ID = ?)', params: [v] }),
    name: (v) => ({ sql: 'm.NAME = ?', params: [v] }),
    tf_class: (v) => ({ sql: annotationLike('class'), params: [likeContains(v)] }),
    tf_family: (v) => ({ sql: annotationLike('family'), params: [likeContains(v)] }),
    data_type: (v) => ({ sql: annotationLike('type'), params: [likeContains(v)] }),
    class: (v) => ({ sql: annotationLike('class'), params: [likeContains(v)] }),
    family: (v) => ({ sql: annotationLike('family'), params: [likeContains(v)] }),
    type: (v) => ({ sql: annotationLike('type'), params: [likeContains(v)] }),
    search: (v) => ({
      sql: "(m.NAME LIKE ? ESCAPE '\\' OR m.BASE_ID LIKE ? ESCAPE '\\' OR m.COLLECTION LIKE ? ESCAPE '\\')",
      params: [likeContains(v), likeContains(v), likeContains(v)],
    }),
  };

/** The list's own matrices (before filters), and whether the list exists. */
function instance(db: OracleDb, list: Exclude<OracleList, { kind: 'tffm' }>): { sql: string; params: string[] } | null {
  if (list.kind === 'matrix') return { sql: '1', params: [] };
  const sql = {
    collection: 'm.COLLECTION = ?',
    taxon:
      "EXISTS (SELECT 1 FROM MATRIX_ANNOTATION a WHERE a.ID = m.ID AND a.TAG = 'tax_group' AND a.VAL <> '' AND lower(a.VAL) = ?)",
    species: 'EXISTS (SELECT 1 FROM MATRIX_SPECIES s WHERE s.ID = m.ID AND s.TAX_ID = ?)',
  }[list.kind];
  const found = db.get(`SELECT count(*) AS n FROM MATRIX m WHERE ${sql}`, [list.id]);
  return found !== null && Number(found.n) > 0 ? { sql, params: [list.id] } : null;
}

/**
 * DRF's OrderingFilter on `order`: split on commas, each term stripped, terms naming no matrix
 * order field dropped; none left is the default order, today's service's (contract §8.3): by
 * NAME in binary collation, ties in MATRIX.ID order, which also breaks the ties of explicit terms.
 */
export function orderBy(raw: string | null): string {
  const terms: string[] = [];
  for (const t of (raw ?? '').split(',').map((s) => s.trim())) {
    const descending = t.startsWith('-');
    const spec = ORDER_COLUMNS[descending ? t.slice(1) : t];
    if (spec === undefined) continue;
    // §3: text in BINARY collation, version numerically, NULL first ascending and last descending.
    terms.push(
      `kept.${spec.column}${spec.text ? ' COLLATE BINARY' : ''} ${descending ? 'DESC NULLS LAST' : 'ASC NULLS FIRST'}`,
    );
  }
  // Ties keep the default order. Columns are qualified: SQLite resolves an ORDER BY name against the
  // result's aliases first.
  terms.push('kept.NAME COLLATE BINARY ASC', 'kept.ID ASC');
  return terms.join(', ');
}

/** What the contract says a matrix list request answers, computed by SQLite. */
export function oracleAnswer(
  db: OracleDb,
  list: Exclude<OracleList, { kind: 'tffm' }>,
  pairs: readonly (readonly [string, string])[],
): OracleAnswer {
  const own = instance(db, list);
  if (own === null) return { status: 404, detail: 'Not found.' };
  const where = [own.sql];
  const params = [...own.params];
  for (const key of FILTER_KEYS) {
    const v = last(pairs, key);
    if (v === null || v === '' || key === 'version') continue; // an empty value is no filter
    const f = FILTER_SQL[key](v);
    where.push(f.sql);
    params.push(...f.params);
  }
  // version=latest: per BASE_ID the highest VERSION among the rows that passed the other filters.
  // Other values of `version` are ignored (docs/runtime.md, as JASPAR ignores them).
  const latest = last(pairs, 'version') === 'latest';
  const kept = `WITH passed AS (SELECT m.ID, m.COLLECTION, m.BASE_ID, m.VERSION, m.NAME FROM MATRIX m WHERE ${where.join(' AND ')}),
    kept AS (${latest ? 'SELECT p.* FROM passed p JOIN (SELECT BASE_ID, max(VERSION) AS top FROM passed GROUP BY BASE_ID) t ON t.BASE_ID = p.BASE_ID AND p.VERSION = t.top' : 'SELECT * FROM passed'})`;
  const count = Number(db.get(`${kept} SELECT count(*) AS n FROM kept`, params)?.n);
  const size = pageSizeOf(last(pairs, 'page_size'));
  const pages = Math.max(1, Math.ceil(count / size));
  const rawPage = last(pairs, 'page');
  const page =
    rawPage === null || rawPage === ''
      ? 1
      : rawPage === 'last'
        ? pages
        : /^[1-9]\d*$/.test(rawPage)
          ? Number(rawPage)
          : 0;
  if (page < 1 || page > pages) return { status: 404, detail: 'Invalid page.' };
  const rows = db.all(
    `${kept} SELECT BASE_ID || '.' || VERSION AS matrix_id FROM kept ORDER BY ${orderBy(last(pairs, 'order'))} LIMIT ? OFFSET ?`,
    [...params, size, (page - 1) * size],
  );
  return { status: 200, count, ids: rows.map((r) => String(r.matrix_id)), next: page < pages, previous: page > 1 };
}
