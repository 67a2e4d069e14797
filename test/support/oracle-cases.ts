/**
 * Matrix-list requests generated from a release's own data, deterministically (a seeded PRNG):
 * each §8 filter alone, pairs, triples and more, with and without `version=latest`, orders
 * (descending, comma lists, unknown fields), page sizes 1, 7, 20, 1000 (and the default,
 * clamped and ignored ones), the client noise of §8 (`release`, `format=json`, unknown
 * parameters, repeated names). Filter values come from an "anchor" matrix most of the time,
 * so that combinations select something, else from anywhere in the release or from values that
 * match nothing, in the stored case or another one.
 */
import type { OracleDb } from './oracle-db.js';
import { FILTER_KEYS, type FilterKey, type OracleList } from './oracle-sql.js';
import { prng } from './prng.js';

export interface OracleCase {
  readonly list: OracleList;
  /** Query pairs in request order, without `page` (each case is asked for several pages). */
  readonly pairs: readonly (readonly [string, string])[];
  readonly accept: string | null;
}

interface Anchor {
  readonly ID: number;
  readonly COLLECTION: string;
  readonly BASE_ID: string;
  readonly NAME: string;
}

const NOTHING = ['zzqx', 'NOPE', 'no%such', 'x_y_z', 'back\\slash', 'ü', 'Krüppel-like'];
const ORDERS: readonly (string | null)[] = [
  null,
  null,
  'name',
  '-name',
  'base_id',
  '-base_id',
  'collection',
  '-collection',
  'version',
  '-version',
  'name,-version',
  '-collection,name',
  'collection,-base_id,version',
  '-version, name',
  'bogus',
  'bogus,-name',
  'name,bogus',
  '-',
];
const PAGE_SIZES: readonly (string | null)[] = [
  null,
  '1',
  '7',
  '7',
  '20',
  '20',
  '1000',
  '1000',
  '5000',
  '0',
  'abc',
  '25',
];

function column(db: OracleDb, sql: string, params: (string | number)[] = []): string[] {
  return db.all(sql, params).map((r) => String(Object.values(r)[0]));
}

/** Case generator over one release's tables. */
export function caseGenerator(db: OracleDb, seed: number, year: number) {
  const random = prng(seed);
  const int = (n: number) => Math.floor(random() * n);
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)]!;
  const chance = (p: number) => random() < p;
  const anchors = db.all('SELECT ID, COLLECTION, BASE_ID, NAME FROM MATRIX ORDER BY ID') as unknown as Anchor[];
  const pools = {
    collection: column(db, 'SELECT DISTINCT COLLECTION FROM MATRIX'),
    tax_group: column(db, "SELECT DISTINCT VAL FROM MATRIX_ANNOTATION WHERE TAG = 'tax_group' AND VAL <> ''"),
    tax_id: column(db, 'SELECT DISTINCT s.TAX_ID FROM MATRIX_SPECIES s JOIN MATRIX m ON m.ID = s.ID'),
    name: column(db, 'SELECT DISTINCT NAME FROM MATRIX'),
    class: column(db, "SELECT DISTINCT VAL FROM MATRIX_ANNOTATION WHERE TAG = 'class'"),
    family: column(db, "SELECT DISTINCT VAL FROM MATRIX_ANNOTATION WHERE TAG = 'family'"),
    type: column(db, "SELECT DISTINCT VAL FROM MATRIX_ANNOTATION WHERE TAG = 'type'"),
  };
  const annotation = (a: Anchor, tag: string) =>
    column(db, 'SELECT VAL FROM MATRIX_ANNOTATION WHERE ID = ? AND TAG = ?', [a.ID, tag]);
  const species = (a: Anchor) => column(db, 'SELECT TAX_ID FROM MATRIX_SPECIES WHERE ID = ?', [a.ID]);

  /** Each ASCII letter's case flipped at random, some of the time. */
  const recase = (s: string) =>
    chance(0.4)
      ? s.replace(/[A-Za-z]/g, (c) => (chance(0.5) ? (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()) : c))
      : s;
  const substring = (s: string) => {
    if (s.length <= 2 || chance(0.15)) return s;
    const len = 2 + int(Math.min(8, s.length - 1));
    const start = int(s.length - len + 1);
    return s.slice(start, start + len);
  };
  const fromPool = (pool: readonly string[], own: readonly string[]) =>
    own.length > 0 && chance(0.8) ? pick(own) : pool.length > 0 && chance(0.85) ? pick(pool) : pick(NOTHING);

  function value(key: FilterKey, a: Anchor): string {
    switch (key) {
      case 'collection':
        return recase(chance(0.1) ? substring(a.COLLECTION) : fromPool(pools.collection, [a.COLLECTION]));
      case 'tax_group':
        return recase(fromPool(pools.tax_group, annotation(a, 'tax_group')));
      case 'tax_id':
        return fromPool(pools.tax_id.concat(['0', '9606x']), species(a));
      case 'name':
        return chance(0.15) ? recase(a.NAME) : fromPool(pools.name, [a.NAME]);
      case 'tf_class':
      case 'class':
        return recase(substring(fromPool(pools.class, annotation(a, 'class'))));
      case 'tf_family':
      case 'family':
        return recase(substring(fromPool(pools.family, annotation(a, 'family'))));
      case 'data_type':
      case 'type':
        return recase(substring(fromPool(pools.type, annotation(a, 'type'))));
      case 'search':
        return chance(0.1)
          ? pick(['_', '%', '_1', 'MA01', 'phylo', 'ü', '::'])
          : recase(substring(fromPool([], [pick([a.NAME, a.NAME, a.BASE_ID, a.COLLECTION])])));
      case 'version':
        return chance(0.92) ? 'latest' : pick(['1', '', 'LATEST']);
    }
  }

  /** One request on `list` with the filters `keys`, plus orders, page size and client noise. */
  function make(list: OracleList, keys: readonly FilterKey[], among: readonly Anchor[] = anchors): OracleCase {
    const a = pick(among.length > 0 ? among : anchors);
    const pairs: [string, string][] = [];
    if (chance(0.3)) pairs.push(['release', pick([String(year), `JASPAR${year}`, `jaspar${year}`])]);
    for (const key of keys) {
      // A repeated name: the last value is the one that filters.
      if (chance(0.05)) pairs.push([key, pick(NOTHING)]);
      pairs.push([key, value(key, a)]);
    }
    if (chance(0.25)) pairs.push([pick(['tf_class', 'name', 'search', 'tax_id']), '']); // empty: no filter
    const order = pick(ORDERS);
    if (order !== null) pairs.push(['order', order]);
    const size = pick(PAGE_SIZES);
    if (size !== null) pairs.push(['page_size', size]);
    if (chance(0.2)) pairs.push(['format', 'json']);
    if (chance(0.1)) pairs.push(['foo', 'bar']);
    // Clients send the pairs in any order.
    for (let i = pairs.length - 1; i > 0; i--) {
      const j = int(i + 1);
      [pairs[i], pairs[j]] = [pairs[j]!, pairs[i]!];
    }
    return { list, pairs, accept: pick([null, null, '*/*', 'application/json']) };
  }

  /** `n` distinct filter keys at random. */
  const keys = (n: number): FilterKey[] => {
    const pool = [...FILTER_KEYS];
    const out: FilterKey[] = [];
    while (out.length < n) out.push(pool.splice(int(pool.length), 1)[0]!);
    return out;
  };

  return {
    /** Requests on /api/v1/matrix/: every filter alone, pairs, triples, four or five at once, none. */
    matrixList(): OracleCase[] {
      const list: OracleList = { kind: 'matrix' };
      const out: OracleCase[] = [];
      for (const key of FILTER_KEYS) for (let i = 0; i < 9; i++) out.push(make(list, [key]));
      for (let i = 0; i < 110; i++) out.push(make(list, keys(2)));
      for (let i = 0; i < 90; i++) out.push(make(list, keys(3)));
      for (let i = 0; i < 30; i++) out.push(make(list, keys(4 + int(2))));
      for (let i = 0; i < 12; i++) out.push(make(list, []));
      return out;
    },
    /**
     * Requests on /api/v1/matrix/ and the sub-lists with the 2018 API's names (contract §8.1):
     * `class`, `family` or `type` alone, with their current spelling too (both: AND), and with
     * up to three other filters.
     */
    legacyNames(n: number): OracleCase[] {
      const legacy = ['class', 'family', 'type'] as const;
      const current = { class: 'tf_class', family: 'tf_family', type: 'data_type' } as const;
      const others = FILTER_KEYS.filter((k) => !(legacy as readonly string[]).includes(k));
      const out: OracleCase[] = [];
      for (let i = 0; i < n; i++) {
        const name = pick(legacy);
        const ks: FilterKey[] = [name];
        if (chance(0.3)) ks.push(current[name]);
        if (chance(0.2)) ks.push(pick(legacy.filter((l) => l !== name)));
        const extra = i % 3 === 0 ? 0 : 1 + int(3);
        while (ks.length < extra + 1) {
          const k = pick(others);
          if (!ks.includes(k)) ks.push(k);
        }
        const list: OracleList = chance(0.8) ? { kind: 'matrix' } : { kind: 'collection', id: pick(pools.collection) };
        out.push(
          make(
            list,
            ks,
            list.kind === 'collection'
              ? (db.all('SELECT ID, COLLECTION, BASE_ID, NAME FROM MATRIX WHERE COLLECTION = ?', [
                  list.id,
                ]) as unknown as Anchor[])
              : anchors,
          ),
        );
      }
      return out;
    },
    /** Requests on /collections/<c>/, /taxon/<t>/, /species/<id>/ (and unknown ids), with 0–3 filters. */
    subLists(perKind: number): OracleCase[] {
      const ids = {
        collection: pools.collection.concat(['NOPE']),
        taxon: [...new Set(pools.tax_group.map((g) => g.toLowerCase()))].concat(['martians']),
        species: pools.tax_id.concat(['424242']),
      };
      // Filter values mostly from the list's own matrices, so that filtered sub-lists select something.
      const own = {
        collection: 'SELECT ID, COLLECTION, BASE_ID, NAME FROM MATRIX WHERE COLLECTION = ?',
        taxon:
          "SELECT ID, COLLECTION, BASE_ID, NAME FROM MATRIX m WHERE EXISTS (SELECT 1 FROM MATRIX_ANNOTATION a WHERE a.ID = m.ID AND a.TAG = 'tax_group' AND lower(a.VAL) = ?)",
        species:
          'SELECT ID, COLLECTION, BASE_ID, NAME FROM MATRIX m WHERE EXISTS (SELECT 1 FROM MATRIX_SPECIES s WHERE s.ID = m.ID AND s.TAX_ID = ?)',
      };
      const out: OracleCase[] = [];
      for (const kind of ['collection', 'taxon', 'species'] as const) {
        for (let i = 0; i < perKind; i++) {
          const id = pick(ids[kind]);
          out.push(make({ kind, id }, keys(int(4)), db.all(own[kind], [id]) as unknown as Anchor[]));
        }
      }
      return out;
    },
    /** The pages to ask for a case with `count` results of `size` per page: first, last, one between, sometimes one past the end. */
    pages(count: number, size: number): string[] {
      const pages = Math.max(1, Math.ceil(count / size));
      const out = new Set<string>(['1']);
      out.add(chance(0.5) ? 'last' : String(pages));
      if (pages > 2) out.add(String(2 + int(pages - 2)));
      if (chance(0.3)) out.add(String(pages + 1 + int(3)));
      return [...out];
    },
  };
}
