/**
 * What today's JASPAR service answers where its 2018 code did otherwise (contract §8.3, issue 33),
 * on full and compact builds of the sample served by the dev server (the host suites check
 * every host engine against the dev server), and on JASPAR2018 against the live recordings:
 * - matrix lists by name (binary), ties in key order, from an oracle read off the dump's own rows;
 * - a base id without a version: JSON its latest version's detail, text formats every version
 *   ascending (byte for byte the recorded answers, where 2018 has those versions), 404 unknown.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeWith, sharedPath } from './support/requirements.js';
import { SAMPLE, serve, sharedSite, type Served } from './support/site.js';

interface Row {
  readonly key: number;
  readonly baseId: string;
  readonly version: number;
  readonly matrixId: string;
  readonly name: string;
  readonly taxGroups: readonly string[];
}

/** The sample's MATRIX rows with their tax_group annotations, read as plain text (the oracle's own reading). */
function sampleRows(): Row[] {
  const tsv = (file: string) =>
    readFileSync(join(SAMPLE, file), 'utf8')
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => l.split('\t'));
  const groups = new Map<string, string[]>();
  for (const [id, tag, value] of tsv('MATRIX_ANNOTATION.txt'))
    if (tag === 'tax_group') groups.set(id!, [...(groups.get(id!) ?? []), value!.toLowerCase()]);
  return tsv('MATRIX.txt').map(([id, , baseId, version, name]) => ({
    key: Number(id),
    baseId: baseId!,
    version: Number(version),
    matrixId: `${baseId}.${version}`,
    name: name!,
    taxGroups: groups.get(id!) ?? [],
  }));
}

/** Today's default order: name in UTF-8 byte order, ties in key order. */
const todays = (rows: readonly Row[]): string[] =>
  [...rows]
    .sort((a, b) => Buffer.compare(Buffer.from(a.name), Buffer.from(b.name)) || a.key - b.key)
    .map((r) => r.matrixId);

async function get(
  origin: string,
  path: string,
  accept?: string,
): Promise<{ status: number; type: string; body: string }> {
  const res = await fetch(`${origin}${path}`, accept ? { headers: { Accept: accept } } : {});
  return { status: res.status, type: res.headers.get('content-type') ?? '', body: await res.text() };
}

/** Every matrix id of a list, paging through it 7 at a time. */
async function listIds(origin: string, path: string): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; ; page++) {
    const sep = path.includes('?') ? '&' : '?';
    const r = await get(origin, `${path}${sep}page_size=7&page=${page}&format=json`);
    expect(r.status, path).toBe(200);
    const body = JSON.parse(r.body) as { next: string | null; results: { matrix_id: string }[] };
    ids.push(...body.results.map((x) => x.matrix_id));
    if (body.next === null) return ids;
  }
}

for (const compact of [false, true]) {
  describe(`today's service on a ${compact ? 'compact' : 'full'} sample build (contract §8.3)`, () => {
    let served: Served;
    const rows = sampleRows();
    beforeAll(async () => {
      const site = await sharedSite(
        SAMPLE,
        compact ? { compact: true, formats: ['json', 'jaspar', 'meme', 'api'] } : {},
      );
      served = await serve(site.dir);
    });
    afterAll(async () => served.close());

    it('orders matrix lists by name, ties in key order: the whole list, a search, a taxon list and the order= fallback', async () => {
      // Not vacuous: the sample has names that tie (versions of a base id) and names out of key order.
      expect(todays(rows)).not.toEqual(rows.map((r) => r.matrixId));
      expect(new Set(rows.map((r) => r.name)).size).toBeLessThan(rows.length);
      expect(await listIds(served.origin, '/api/v1/matrix/')).toEqual(todays(rows));
      expect(await listIds(served.origin, '/api/v1/matrix/?order=no_such_field')).toEqual(todays(rows));
      const search = rows.filter((r) => [r.name, r.baseId].some((v) => v.toLowerCase().includes('a')));
      expect(search.length).toBeGreaterThan(3);
      expect(await listIds(served.origin, '/api/v1/matrix/?search=a')).toEqual(todays(search));
      const vertebrates = rows.filter((r) => r.taxGroups.includes('vertebrates'));
      expect(vertebrates.length).toBeGreaterThan(3);
      expect(await listIds(served.origin, '/api/v1/taxon/vertebrates/')).toEqual(todays(vertebrates));
      // An explicit order breaks its ties by the default order.
      const byVersion = todays(rows)
        .map((id) => rows.find((r) => r.matrixId === id)!)
        .sort((a, b) => a.version - b.version)
        .map((r) => r.matrixId);
      expect(await listIds(served.origin, '/api/v1/matrix/?order=version')).toEqual(byVersion);
    });

    it('answers a base id: JSON its latest version, text formats every version ascending, in every spelling', async () => {
      const bases = [...new Set(rows.map((r) => r.baseId))];
      const several = bases.filter((b) => rows.filter((r) => r.baseId === b).length > 1);
      expect(several.length).toBeGreaterThan(0);
      for (const base of bases) {
        const versions = rows.filter((r) => r.baseId === base).sort((a, b) => a.version - b.version);
        const latest = versions[versions.length - 1]!;
        for (const spelling of [
          `/api/v1/matrix/${base}/`,
          `/api/v1/matrix/${base}/?format=json`,
          `/api/v1/matrix/${base}.json`,
        ]) {
          const r = await get(served.origin, spelling);
          expect([spelling, r.status, r.body]).toEqual([
            spelling,
            200,
            (await get(served.origin, `/api/v1/matrix/${latest.matrixId}/?format=json`)).body,
          ]);
        }
        const jaspar = (
          await Promise.all(versions.map((v) => get(served.origin, `/api/v1/matrix/${v.matrixId}.jaspar`)))
        )
          .map((r) => r.body)
          .join('');
        for (const [spelling, accept] of [
          [`/api/v1/matrix/${base}.jaspar`, undefined],
          [`/api/v1/matrix/${base}/?format=jaspar`, undefined],
          [`/api/v1/matrix/${base}/`, 'text/jaspar'],
        ] as const) {
          const r = await get(served.origin, spelling, accept);
          expect([spelling, r.status, r.type, r.body]).toEqual([spelling, 200, 'text/jaspar; charset=utf-8', jaspar]);
        }
        const meme = await get(served.origin, `/api/v1/matrix/${base}.meme`);
        expect(meme.body.match(/^MEME version/gm)).toHaveLength(1);
        expect(meme.body.match(/^MOTIF /gm)).toHaveLength(versions.length);
        const html = await get(served.origin, `/api/v1/matrix/${base}/`, 'text/html');
        expect([html.status, html.type]).toEqual([200, 'text/html; charset=utf-8']);
      }
      for (const unknown of [
        '/api/v1/matrix/MA9999/',
        '/api/v1/matrix/MA9999.jaspar',
        '/api/v1/matrix/ma0101/',
        '/matrix/MA9999.1/',
      ]) {
        const r = await get(served.origin, unknown);
        expect([unknown, r.status, r.body]).toEqual([unknown, 404, '{"detail":"Not found."}']);
      }
    });

    it('answers /matrix/<id>/ with a page for that profile, which leads to its browsable detail; /matrix/<id> redirects to it', async () => {
      for (const r of rows) {
        const page = await get(served.origin, `/matrix/${r.matrixId}/`);
        expect([r.matrixId, page.status, page.type]).toEqual([r.matrixId, 200, 'text/html; charset=utf-8']);
        // The profile page itself (contract §10), not a forward: it links the browsable detail as its "api" download.
        expect(page.body, r.matrixId).not.toContain('http-equiv="refresh"');
        expect(page.body, r.matrixId).toContain(`<h1>${r.matrixId} `);
        const target = /<a href="([^"]+)">api<\/a>/.exec(page.body)?.[1]?.replace(/&amp;/g, '&');
        expect(target, r.matrixId).toBeDefined();
        const detail = new URL(target!, `${served.origin}/matrix/${r.matrixId}/`);
        const shown = await get(served.origin, `${detail.pathname}${detail.search}`, 'text/html');
        expect([detail.pathname, shown.status, shown.type]).toEqual([detail.pathname, 200, 'text/html; charset=utf-8']);
        expect(shown.body).toContain(`<h1>${r.matrixId} `);
        const bare = await fetch(`${served.origin}/matrix/${r.matrixId}`, { redirect: 'manual' });
        expect([bare.status, bare.headers.get('location')]).toEqual([301, `/matrix/${r.matrixId}/`]);
      }
    });
  });
}

const dump18 = sharedPath('releases', 'JASPAR2018', 'JASPAR2018.sql.gz');
const live = sharedPath('golden', 'live');

describeWith("JASPAR2018 against today's recorded answers (golden/live)", [dump18, live], () => {
  let served: Served;
  beforeAll(async () => {
    const site = await sharedSite(dump18.path, {
      baseUrl: 'https://jaspar.elixir.no',
      formats: ['json', 'jaspar', 'meme'],
      pageSizes: [],
      filterKeys: [],
      orderFields: [],
      targets: ['nginx'],
    });
    served = await serve(site.dir);
  });
  afterAll(async () => served?.close());

  it("a base id's .jaspar is the recorded answer's versions that 2018 has, byte for byte (fayssal-…-baseid.jaspar)", async () => {
    for (const base of ['MA0037', 'MA0056', 'MA0083', 'MA0114']) {
      const recorded = readFileSync(join(live.path, `fayssal-2022-03-18-${base}-baseid.jaspar`), 'utf8');
      const ours = await get(served.origin, `/api/v1/matrix/${base}.jaspar`);
      expect(ours.status).toBe(200);
      const records = ours.body.split(/(?=^>)/m);
      expect(records.length).toBeGreaterThan(0);
      // 2022 added versions after 2018's: ours is the recording's beginning, record for record.
      expect(recorded.startsWith(ours.body), base).toBe(true);
      expect(recorded.split(/(?=^>)/m).slice(0, records.length)).toEqual(records);
    }
  });

  it("the recorded 949-record list's order rule holds: by name (its ties: test/jaspar2026.test.ts)", async () => {
    const recorded = JSON.parse(
      readFileSync(join(live.path, 'jaspar2022-matrix-list-CORE-vertebrates-9606-ps1000.json'), 'utf8'),
    ) as { results: { matrix_id: string; name: string }[] };
    const names = recorded.results.map((r) => r.name);
    const sorted = [...names].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
    expect(names).toEqual(sorted);
    const bhlhe22 = recorded.results.filter((r) => r.name === 'BHLHE22').map((r) => r.matrix_id);
    expect(bhlhe22).toEqual(['MA0818.1', 'MA1635.1', 'MA0818.2']);
    // The same list on the 2018 copy (whose dump names a species for few matrices: without tax_id) is sorted by name.
    const ours = await get(
      served.origin,
      '/api/v1/matrix/?format=json&page_size=1000&collection=CORE&tax_group=Vertebrates',
    );
    const results = (JSON.parse(ours.body) as { results: { matrix_id: string; name: string }[] }).results;
    expect(results.length).toBeGreaterThan(100);
    const ourNames = results.map((r) => r.name);
    expect(ourNames).toEqual([...ourNames].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b))));
  });
});
