/**
 * The web site's search (contract §10) against an SQL oracle on the dump (test/support/
 * portal-oracle.ts: the 2018 view's rules written as SQL over the dump's own tables): for every
 * search of portalCases, on the sample and on JASPAR2018, the ids, their order, the total and the
 * page equal the oracle's. The browser runs this module (test/browser-portal.test.ts).
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { readDump } from '../../src/dump/read-dump.js';
import { buildRelease } from '../../src/model/build-release.js';
import type { Release } from '../../src/model/types.js';
import { rowOf } from '../../src/portal/data.js';
import { exactMatrix, pageRows, readSearch, searchRows } from '../../src/portal/search.js';
import { loadFlatFiles, loadSqlDump, type OracleDb } from '../support/oracle-db.js';
import { oraclePage, oracleSearch } from '../support/portal-oracle.js';
import { portalCases, queryOf } from '../support/portal-cases.js';
import { describeWith, PROJECT_ROOT, sharedPath } from '../support/requirements.js';

const SAMPLE = join(PROJECT_ROOT, 'releases', 'sample');
const jaspar2018 = sharedPath('releases', 'JASPAR2018', 'JASPAR2018.sql.gz');

function check(release: Release, db: OracleDb): number {
  const rows = release.matrices.map(rowOf);
  const cases = portalCases(release);
  let nonEmpty = 0;
  for (const p of cases) {
    const label = queryOf(p);
    const query = readSearch((name) => p[name] ?? null);
    const all = searchRows(rows, query);
    const want = oracleSearch(db, p);
    if (want === null) {
      expect(all, label).toBeNull();
      continue;
    }
    expect(
      all?.map((r) => r[0]),
      label,
    ).toEqual(want);
    const page = pageRows(all!, query);
    const wantPage = oraclePage(want, p);
    expect({ ids: page.rows.map((r) => r[0]), total: page.total, page: page.page }, label).toEqual(wantPage);
    if (wantPage.ids.length > 0) nonEmpty++;
  }
  return nonEmpty;
}

describe('the search of the web site against the SQL oracle, sample', () => {
  let release: Release;
  let db: OracleDb;
  beforeAll(async () => {
    release = buildRelease(await readDump(SAMPLE)).release;
    db = await loadFlatFiles(SAMPLE);
  });
  it('gives the oracle’s ids, order, total and page for every search (at least 40, most of them finding something)', () => {
    expect(portalCases(release).length).toBeGreaterThanOrEqual(40);
    expect(check(release, db)).toBeGreaterThanOrEqual(30);
  });
  it('sends an exact matrix id to its profile, and nothing else', () => {
    const rows = release.matrices.map(rowOf);
    const id = release.matrices[0]!.matrixId;
    expect(exactMatrix(rows, id)).toBe(id);
    for (const q of [id.toLowerCase(), `${id}.1`, id.split('.')[0]!, null, '']) expect(exactMatrix(rows, q)).toBeNull();
  });
});

describeWith('the search of the web site against the SQL oracle, JASPAR2018', [jaspar2018], () => {
  it('gives the oracle’s ids, order, total and page for every search', async () => {
    const release = buildRelease(await readDump(jaspar2018.path), { year: 2018 }).release;
    const db = await loadSqlDump(jaspar2018.path);
    expect(check(release, db)).toBeGreaterThanOrEqual(30);
  });
});
