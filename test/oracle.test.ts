/**
 * Independent oracle for list filters (issue 10, "Checks"): for generated filter combinations
 * over JASPAR2016 (flat files) and the JASPAR2018 SQL dump, the runtime's `count` and ordered
 * ids equal what SQLite computes with SQL written from the contract's words
 * (test/support/oracle-sql.ts) over tables loaded by the test itself (test/support/oracle-db.ts),
 * never through the project's reader, model or index.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { build } from '../src/site/build.js';
import { openSite, type SiteHandle } from '../src/server/site-files.js';
import { ask, formQuery } from './support/ask.js';
import { loadFlatFiles, loadSqlDump, type OracleDb } from './support/oracle-db.js';
import { caseGenerator, type OracleCase } from './support/oracle-cases.js';
import { tffmCases, tffmOracleAnswer } from './support/oracle-tffm.js';
import { oracleAnswer, pageSizeOf, type OracleAnswer, type OracleList } from './support/oracle-sql.js';
import { describeWith, PROJECT_ROOT, sharedPath } from './support/requirements.js';
import { removeTree, tempDir } from './support/scratch.js';

const BASE = 'https://jaspar.example.org';

/**
 * The releases and what each is checked on: the matrix lists, and the TFFM list (contract §8.1)
 * where the release has TFFMs. JASPAR2018's dump (corrected from JASPAR's own 2018 files)
 * annotates its CORE matrices with their tax_group, so a TFFM `tax_group` selects the TFFMs of
 * those matrices there as in the sample.
 */
const RELEASES = [
  {
    name: 'JASPAR2016',
    year: 2016,
    dump: sharedPath('releases/JASPAR2016'),
    load: loadFlatFiles,
    seed: 20160,
    matrices: true,
    tffms: null,
  },
  {
    name: 'JASPAR2018',
    year: 2018,
    dump: sharedPath('releases/JASPAR2018/JASPAR2018.sql.gz'),
    load: loadSqlDump,
    seed: 20180,
    matrices: true,
    tffms: { cases: 160, groups: true, search: 'FOX' },
  },
  {
    name: 'sample',
    year: 2016,
    dump: { ok: true, reason: '', path: join(PROJECT_ROOT, 'releases/sample') },
    load: loadFlatFiles,
    seed: 20161,
    matrices: false,
    tffms: { cases: 120, groups: true, search: 'arkin' },
  },
] as const;

const pathOf = (list: OracleList): string =>
  list.kind === 'matrix'
    ? '/api/v1/matrix/'
    : list.kind === 'tffm'
      ? '/api/v1/tffm/'
      : `/api/v1/${{ collection: 'collections', taxon: 'taxon', species: 'species' }[list.kind]}/${encodeURIComponent(list.id)}/`;

interface Mismatch {
  readonly request: string;
  readonly accept: string | null;
  readonly expected: OracleAnswer;
  readonly got: OracleAnswer | string;
}

/** The runtime's answer in the oracle's terms: status, count, ids of the page, whether it links on. */
function reading(status: number, body: string): OracleAnswer | string {
  try {
    const json = JSON.parse(body) as {
      count?: number;
      next?: string | null;
      previous?: string | null;
      results?: { matrix_id: string; tffm_id?: string }[];
      detail?: string;
    };
    if (status === 404 && typeof json.detail === 'string') return { status, detail: json.detail };
    if (status === 200 && typeof json.count === 'number' && Array.isArray(json.results)) {
      // TFFM records carry a matrix_id too: the TFFM's own id names it.
      return {
        status,
        count: json.count,
        ids: json.results.map((r) => r.tffm_id ?? r.matrix_id),
        next: json.next != null,
        previous: json.previous != null,
      };
    }
  } catch {
    // reported below as the raw answer
  }
  return `${status} ${body.slice(0, 300)}`;
}

/** A mismatch shown so that a long id list stays readable: counts, first difference, a window of ids. */
function describeMismatch(m: Mismatch): string {
  const show = (a: OracleAnswer | string) =>
    typeof a === 'string'
      ? a
      : a.status === 404
        ? `404 ${a.detail}`
        : `count=${a.count} next=${a.next} previous=${a.previous} ids(${a.ids.length})`;
  let diff = '';
  if (typeof m.got !== 'string' && m.got.status === 200 && m.expected.status === 200) {
    const e = m.expected.ids;
    const g = m.got.ids;
    let i = 0;
    while (i < e.length && e[i] === g[i]) i++;
    if (i < Math.max(e.length, g.length))
      diff = `\n    first difference at ${i}: expected ${JSON.stringify(e.slice(i, i + 5))} got ${JSON.stringify(g.slice(i, i + 5))}`;
  }
  return `GET ${m.request}${m.accept === null ? '' : ` (Accept: ${m.accept})`}\n    expected ${show(m.expected)}\n    got      ${show(m.got)}${diff}`;
}

for (const release of RELEASES) {
  describeWith(`filter oracle: ${release.name} (SQLite from the contract's words)`, [release.dump], () => {
    let root = '';
    let handle: SiteHandle;
    let db: OracleDb;

    beforeAll(async () => {
      root = await tempDir('oracle');
      // Only the runtime's data is needed: fragments and index are always written.
      await build({
        dump: release.dump.path,
        out: join(root, 'dist'),
        baseUrl: BASE,
        year: release.year,
        formats: ['json'],
        targets: [],
        pageSizes: [],
        orderFields: [],
        filterKeys: [],
      });
      handle = await openSite(join(root, 'dist'));
      db = await release.load(release.dump.path);
    });
    afterAll(async () => {
      db?.close();
      if (root) await removeTree(root);
    });

    /** What the contract says a list request answers (SQLite). */
    const expectedOf = (list: OracleList, pairs: readonly (readonly [string, string])[]): OracleAnswer =>
      list.kind === 'tffm' ? tffmOracleAnswer(db, pairs) : oracleAnswer(db, list, pairs);

    /** Every case asked for several pages; the mismatches and what was checked. */
    async function check(cases: readonly OracleCase[], generator: ReturnType<typeof caseGenerator>) {
      const mismatches: Mismatch[] = [];
      let pages = 0;
      const counts: number[] = [];
      for (const c of cases) {
        const first = expectedOf(c.list, [...c.pairs, ['page', '1']]);
        const size = pageSizeOf([...c.pairs].reverse().find(([k]) => k === 'page_size')?.[1] ?? null);
        if (first.status === 200) counts.push(first.count);
        for (const page of first.status === 200 ? generator.pages(first.count, size) : ['1']) {
          const pairs = [...c.pairs, ['page', page] as const];
          const expected = page === '1' ? first : expectedOf(c.list, pairs);
          const query = formQuery(pairs);
          const answer = await ask(handle, pathOf(c.list), query, c.accept);
          const got = reading(answer.status, answer.body);
          pages++;
          if (JSON.stringify(got) !== JSON.stringify(expected))
            mismatches.push({ request: `${pathOf(c.list)}?${query}`, accept: c.accept, expected, got });
        }
      }
      return { mismatches, pages, counts };
    }

    function report(what: string, result: Awaited<ReturnType<typeof check>>, cases: number): void {
      console.info(
        `${release.name} ${what}: ${cases} combinations, ${result.pages} pages checked, ${result.mismatches.length} mismatches`,
      );
      expect(result.mismatches.map(describeMismatch).slice(0, 25).join('\n')).toBe('');
    }

    if (release.matrices) {
      it('/api/v1/matrix/: each filter alone, pairs, triples and more, with version=latest, orders and page sizes', async () => {
        const generator = caseGenerator(db, release.seed, release.year);
        const cases = generator.matrixList();
        const result = await check(cases, generator);
        report('/api/v1/matrix/', result, cases.length);
        expect(cases.length).toBeGreaterThanOrEqual(300);
        // The cases are not vacuous: empty selections, small ones and lists of several pages of 1000.
        expect(result.counts.filter((n) => n === 0).length).toBeGreaterThan(20);
        expect(result.counts.filter((n) => n > 0 && n < 1000).length).toBeGreaterThan(100);
        expect(result.counts.some((n) => n > 1000)).toBe(true);
      });

      it('the 2018 names class, family, type: alone, with tf_class, tf_family, data_type (AND) and with other filters (contract §8.1)', async () => {
        const generator = caseGenerator(db, release.seed + 2, release.year);
        const cases = generator.legacyNames(120);
        const result = await check(cases, generator);
        report('class/family/type', result, cases.length);
        expect(result.pages).toBeGreaterThanOrEqual(200);
        expect(result.counts.filter((n) => n === 0).length).toBeGreaterThan(5);
        expect(result.counts.filter((n) => n > 0).length).toBeGreaterThan(25);
      });

      it('/collections/<c>/, /taxon/<t>/, /species/<id>/ with filters', async () => {
        const generator = caseGenerator(db, release.seed + 1, release.year);
        const cases = generator.subLists(30);
        const result = await check(cases, generator);
        report('collection, taxon and species lists', result, cases.length);
        expect(result.counts.filter((n) => n > 0).length).toBeGreaterThan(30);
      });
    }

    const tffms = release.tffms;
    if (tffms !== null) {
      it('/api/v1/tffm/ with search and tax_group, orders and page sizes (contract §8.1)', async () => {
        const generator = caseGenerator(db, release.seed + 3, release.year);
        const cases = tffmCases(db, release.seed + 4, release.year, tffms.cases);
        const result = await check(cases, generator);
        report('/api/v1/tffm/', result, cases.length);
        expect(result.pages).toBeGreaterThanOrEqual(tffms.cases);
        // Not vacuous: empty selections, ones that select some TFFMs, and the unfiltered list.
        const all = Number(db.get('SELECT count(*) AS n FROM TFFM')?.n);
        expect(result.counts.filter((n) => n === 0).length).toBeGreaterThan(5);
        expect(result.counts.filter((n) => n > 0 && n < all).length).toBeGreaterThan(30);
        expect(result.counts.some((n) => n === all)).toBe(true);
        // Where the release annotates its TFFMs' matrices, tax_group selects some of them, alone and with search.
        const grouped = cases
          .filter((c) => c.pairs.some(([k, v]) => k === 'tax_group' && v !== ''))
          .map((c) => tffmOracleAnswer(db, [...c.pairs, ['page', '1']]));
        expect(grouped.length).toBeGreaterThan(20);
        if (tffms.groups)
          expect(grouped.filter((a) => a.status === 200 && a.count > 0 && a.count < all).length).toBeGreaterThan(10);
      });

      it(`the R client's TFFM calls (search=${tffms.search}, tax_group=vertebrates, page_size=1000) on a full and a compact build (contract §8.1)`, async () => {
        await build({
          dump: release.dump.path,
          out: join(root, 'compact'),
          baseUrl: BASE,
          year: release.year,
          formats: ['json'],
          targets: [],
          compact: true,
        });
        const compact = await openSite(join(root, 'compact'));
        for (const pairs of [
          [
            ['release', String(release.year)],
            ['search', tffms.search],
            ['page', '1'],
            ['page_size', '1000'],
          ],
          [
            ['release', String(release.year)],
            ['tax_group', 'vertebrates'],
            ['page', '1'],
            ['page_size', '1000'],
          ],
        ] as const) {
          const expected = tffmOracleAnswer(db, pairs);
          for (const site of [handle, compact]) {
            const answer = await ask(site, '/api/v1/tffm/', formQuery(pairs), null);
            expect(reading(answer.status, answer.body), formQuery(pairs)).toEqual(expected);
          }
          // Not vacuous: the search selects some TFFMs, not all; tax_group too where the release annotates their matrices.
          const all = Number(db.get('SELECT count(*) AS n FROM TFFM')?.n);
          const count = expected.status === 200 ? expected.count : -1;
          if (pairs[1][0] === 'search' || tffms.groups)
            expect([formQuery(pairs), count > 0 && count < all]).toEqual([formQuery(pairs), true]);
          else expect(count).toBe(0);
        }
      });
    }
  });
}
