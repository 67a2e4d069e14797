/**
 * The web site's search (contract §10, the 2018 `search` view) as SQL over the oracle's own copy of
 * a release (oracle-db.ts: the dump's tables, none of the project's readers): which matrix ids a
 * query keeps and in which order, and the page the view shows. Written from the contract's words,
 * independently of src/portal/search.ts, which the tests hold to it.
 */
import type { OracleDb } from './oracle-db.js';

export type Params = Readonly<Record<string, string>>;

const like = (v: string): string => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const set = (v: string | undefined): v is string => v !== undefined && v !== '' && v !== 'all';

/** Every id the query keeps, in the view's order; null without `q` (the form, no results). */
export function oracleSearch(db: OracleDb, p: Params): string[] | null {
  if (p.q === undefined) return null;
  const where: string[] = [];
  const args: (string | number)[] = [];
  const collection = p.collection === undefined || p.collection === '' ? 'CORE' : p.collection;
  if (collection !== 'all') {
    where.push('M.COLLECTION = ?');
    args.push(collection.toUpperCase());
  }
  const tag = (name: string, value: string) => {
    where.push('EXISTS (SELECT 1 FROM MATRIX_ANNOTATION A WHERE A.ID = M.ID AND A.TAG = ? AND A.VAL = ?)');
    args.push(name, value);
  };
  if (set(p.tax_group)) tag('tax_group', p.tax_group.toLowerCase());
  if (set(p.type)) tag('type', p.type);
  if (set(p.class)) tag('class', p.class);
  if (set(p.family)) tag('family', p.family);
  if (set(p.tax_id)) {
    where.push('EXISTS (SELECT 1 FROM MATRIX_SPECIES S WHERE S.ID = M.ID AND S.TAX_ID = ?)');
    args.push(p.tax_id);
  }
  if (p.q !== '') {
    where.push(`(M.NAME LIKE ? ESCAPE '\\' OR M.BASE_ID LIKE ? ESCAPE '\\'
      OR EXISTS (SELECT 1 FROM MATRIX_ANNOTATION A WHERE A.ID = M.ID AND A.VAL LIKE ? ESCAPE '\\')
      OR EXISTS (SELECT 1 FROM MATRIX_PROTEIN P WHERE P.ID = M.ID AND P.ACC = ?)
      OR EXISTS (SELECT 1 FROM MATRIX_SPECIES S WHERE S.ID = M.ID AND S.TAX_ID = ?)
      OR EXISTS (SELECT 1 FROM MATRIX_SPECIES S JOIN TAX T ON T.TAX_ID = S.TAX_ID WHERE S.ID = M.ID AND T.SPECIES LIKE ? ESCAPE '\\'))`);
    args.push(like(p.q), like(p.q), like(p.q), p.q, p.q, like(p.q));
  }
  const kept = `SELECT M.BASE_ID AS B, M.VERSION AS V FROM MATRIX M${where.length ? ` WHERE ${where.join(' AND ')}` : ''}`;
  const latest = p.version === 'latest' ? ' WHERE K.V = (SELECT MAX(K2.V) FROM kept K2 WHERE K2.B = K.B)' : '';
  const rows = db.all(
    `WITH kept AS (${kept}) SELECT K.B || '.' || K.V AS id FROM kept K${latest} ORDER BY K.B, K.V`,
    args,
  ) as {
    id: string;
  }[];
  return rows.map((r) => r.id);
}

/** The page the view shows of `ids` (Django's Paginator as the view calls it), by the contract's words. */
export function oraclePage(ids: readonly string[], p: Params): { ids: string[]; total: number; page: number } {
  const rawSize = p.page_size;
  const asked = rawSize !== undefined && /^\d+$/.test(rawSize.trim()) ? Number(rawSize.trim()) : 10;
  const size = asked >= 1 && asked <= 1000 ? asked : 10;
  const pages = Math.max(1, Math.ceil(ids.length / size));
  const rawPage = p.page;
  let page = 1;
  if (rawPage !== undefined && /^[+-]?\d+$/.test(rawPage.trim())) {
    const n = Number(rawPage.trim());
    page = n < 1 || n > pages ? pages : n;
  }
  return { ids: ids.slice((page - 1) * size, page * size), total: ids.length, page };
}
