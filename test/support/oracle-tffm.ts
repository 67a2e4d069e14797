/**
 * The TFFM list as contract §3 and §8.1 word it, written as SQL over the oracle's own copy of
 * the TFFM table (loaded straight from the dump, test/support/oracle-db.ts), and requests on it
 * generated from the release's own TFFMs: `search` (name, tffm_id or matrix_id contains the
 * term, ignoring case) and `tax_group` (the TFFM's matrix has that group, equal after
 * lower-casing), AND-ed, before DRF's ordering (several fields) and pagination, with the
 * client noise of §8. Nothing here reads the project's model, index or runtime.
 */
import type { OracleDb } from './oracle-db.js';
import type { OracleCase } from './oracle-cases.js';
import { likeContains, pageSizeOf, type OracleAnswer } from './oracle-sql.js';
import { prng } from './prng.js';

/** §3: the TFFM list's order fields, text in byte order, the rest numerically. */
const ORDER_COLUMNS: { readonly [field: string]: { readonly column: string; readonly text: boolean } } = {
  name: { column: 'NAME', text: true },
  base_id: { column: 'BASE_ID', text: true },
  version: { column: 'VERSION', text: false },
  matrix_base_id: { column: 'MATRIX_BASE_ID', text: true },
  matrix_version: { column: 'MATRIX_VERSION', text: false },
  log_p_1st_order: { column: 'LOG_P_1ST_ORDER', text: false },
  log_p_detailed: { column: 'LOG_P_DETAILED', text: false },
  experiment_name: { column: 'EXPERIMENT_NAME', text: true },
};

function last(pairs: readonly (readonly [string, string])[], key: string): string | null {
  let out: string | null = null;
  for (const [k, v] of pairs) if (k === key) out = v;
  return out;
}

/** DRF's OrderingFilter over the TFFM fields; ties (and no valid term) in TFFM.ID order. */
function orderBy(raw: string | null): string {
  const terms: string[] = [];
  for (const t of (raw ?? '').split(',').map((s) => s.trim())) {
    const descending = t.startsWith('-');
    const spec = ORDER_COLUMNS[descending ? t.slice(1) : t];
    if (spec === undefined) continue;
    terms.push(
      `t.${spec.column}${spec.text ? ' COLLATE BINARY' : ''} ${descending ? 'DESC NULLS LAST' : 'ASC NULLS FIRST'}`,
    );
  }
  terms.push('t.ID ASC');
  return terms.join(', ');
}

/** What the contract says a TFFM list request answers, computed by SQLite. */
export function tffmOracleAnswer(db: OracleDb, pairs: readonly (readonly [string, string])[]): OracleAnswer {
  const where = ['1'];
  const params: string[] = [];
  const search = last(pairs, 'search');
  if (search !== null && search !== '') {
    where.push(
      "(t.NAME LIKE ? ESCAPE '\\' OR (t.BASE_ID || '.' || t.VERSION) LIKE ? ESCAPE '\\' OR (t.MATRIX_BASE_ID || '.' || t.MATRIX_VERSION) LIKE ? ESCAPE '\\')",
    );
    params.push(likeContains(search), likeContains(search), likeContains(search));
  }
  const group = last(pairs, 'tax_group');
  if (group !== null && group !== '') {
    where.push(
      "EXISTS (SELECT 1 FROM MATRIX m JOIN MATRIX_ANNOTATION a ON a.ID = m.ID WHERE m.BASE_ID = t.MATRIX_BASE_ID AND m.VERSION = t.MATRIX_VERSION AND a.TAG = 'tax_group' AND lower(a.VAL) = lower(?))",
    );
    params.push(group);
  }
  const from = `FROM TFFM t WHERE ${where.join(' AND ')}`;
  const count = Number(db.get(`SELECT count(*) AS n ${from}`, params)?.n);
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
    `SELECT t.BASE_ID || '.' || t.VERSION AS tffm_id ${from} ORDER BY ${orderBy(last(pairs, 'order'))} LIMIT ? OFFSET ?`,
    [...params, size, (page - 1) * size],
  );
  return { status: 200, count, ids: rows.map((r) => String(r.tffm_id)), next: page < pages, previous: page > 1 };
}

const ORDERS: readonly (string | null)[] = [
  null,
  null,
  'name',
  '-name',
  'base_id',
  '-version',
  'matrix_base_id',
  '-matrix_version',
  'log_p_1st_order',
  '-log_p_1st_order',
  'log_p_detailed',
  '-log_p_detailed',
  'experiment_name',
  '-experiment_name',
  'name,-version',
  '-matrix_version,name',
  'bogus',
  'bogus,-log_p_detailed',
  'collection',
];
const PAGE_SIZES: readonly (string | null)[] = [null, null, '1', '7', '20', '1000', '1000', '1000', '5000', '0', 'abc'];
const NOTHING = ['zzqx', 'TFFM9', 'no%such', 'x_y', 'ü'];

/** `n` TFFM list requests (as R's TFFM functions send them and then some), from the release's own TFFMs. */
export function tffmCases(db: OracleDb, seed: number, year: number, n: number): OracleCase[] {
  const random = prng(seed);
  const int = (k: number) => Math.floor(random() * k);
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)]!;
  const chance = (p: number) => random() < p;
  const tffms = db.all(
    "SELECT BASE_ID || '.' || VERSION AS tffm_id, NAME, MATRIX_BASE_ID || '.' || MATRIX_VERSION AS matrix_id FROM TFFM ORDER BY ID",
  );
  const groups = db
    .all("SELECT DISTINCT VAL FROM MATRIX_ANNOTATION WHERE TAG = 'tax_group' AND VAL <> ''")
    .map((r) => String(r.VAL));
  const recase = (s: string) =>
    chance(0.4) ? s.replace(/[A-Za-z]/g, (c) => (chance(0.5) ? c.toUpperCase() : c.toLowerCase())) : s;
  const part = (s: string) => {
    if (s.length <= 2 || chance(0.2)) return s;
    const len = 2 + int(Math.min(6, s.length - 1));
    const start = int(s.length - len + 1);
    return s.slice(start, start + len);
  };
  const term = () => {
    if (chance(0.1)) return pick(NOTHING);
    const t = pick(tffms);
    return recase(part(String(pick([t.NAME, t.NAME, t.tffm_id, t.matrix_id]))));
  };
  const out: OracleCase[] = [];
  for (let i = 0; i < n; i++) {
    const pairs: [string, string][] = [];
    // R's client: release, page=1 and page_size=1000 with the filter; the rest varies.
    if (chance(0.5)) pairs.push(['release', pick([String(year), `JASPAR${year}`])]);
    const which = pick(['search', 'search', 'tax_group', 'both', 'both', 'none']);
    if (which === 'search' || which === 'both') pairs.push(['search', term()]);
    if (which === 'tax_group' || which === 'both')
      pairs.push(['tax_group', recase(chance(0.9) ? pick(groups) : pick(['plants', 'martians', '']))]);
    if (chance(0.1)) pairs.push([pick(['search', 'tax_group']), '']);
    const order = pick(ORDERS);
    if (order !== null) pairs.push(['order', order]);
    const size = pick(PAGE_SIZES);
    if (size !== null) pairs.push(['page_size', size]);
    // Matrix filters the TFFM list does not read: ignored.
    if (chance(0.1))
      pairs.push([pick(['collection', 'tf_class', 'version', 'class']), pick(['CORE', 'zinc', 'latest'])]);
    if (chance(0.2)) pairs.push(['format', 'json']);
    for (let k = pairs.length - 1; k > 0; k--) {
      const j = int(k + 1);
      [pairs[k], pairs[j]] = [pairs[j]!, pairs[k]!];
    }
    out.push({ list: { kind: 'tffm' }, pairs, accept: pick([null, '*/*', 'application/json']) });
  }
  return out;
}
