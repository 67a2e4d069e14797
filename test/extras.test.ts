/**
 * Files a release folder ships beside its tables: binding sites (FASTA and BED6) and TFFM
 * model files. The sample ships sites; the test adds JASPAR's own TFFM files from
 * ../shared/golden/fixtures to a copy of it.
 */
import { cpSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { netlifyHost, type HostResponse } from './support/netlify-host.js';
import { describeWith, sharedPath } from './support/requirements.js';
import { removeTree, tempDir } from './support/scratch.js';
import { BASE, SAMPLE, buildSite, serve, type BuiltSite, type Served } from './support/site.js';

const fixtures = sharedPath('golden', 'fixtures');

describeWith('binding sites and TFFM files shipped with a release', [fixtures], () => {
  let root: string;
  let site: BuiltSite;
  let dev: Served;
  let netlify: (url: string) => HostResponse;

  beforeAll(async () => {
    root = await tempDir('extras');
    const dump = join(root, 'release');
    cpSync(SAMPLE, dump, { recursive: true });
    const tffm = join(dump, 'TFFM', 'TFFM0040.1');
    mkdirSync(tffm, { recursive: true });
    cpSync(join(fixtures.path, 'tffm_first_order.xml'), join(tffm, 'TFFM_first_order_trained.xml'));
    cpSync(join(fixtures.path, 'tffm_detailed.xml'), join(tffm, 'TFFM_detailed_trained.xml'));
    site = await buildSite(dump, { formats: ['json', 'bed', 'meme'], pageSizes: [], filterKeys: [] });
    dev = await serve(site.dir);
    netlify = await netlifyHost(site.dir);
  });
  afterAll(async () => {
    await dev?.close();
    await site?.cleanup();
    if (root) await removeTree(root);
  });

  const both = async (url: string) => {
    const res = await fetch(dev.origin + url);
    const body = await res.text();
    const n = netlify(url);
    if (res.status === 404) {
      // A rules-only host cannot tell a missing id from a query it has no file for: its 404 says both (docs/hosting.md).
      expect([n.status, n.headers['content-type']], url).toEqual([404, 'application/json']);
      expect((JSON.parse(n.body.toString('utf8')) as { detail: string }).detail, url).toMatch(/^Not found/);
    } else {
      expect([n.status, n.body.toString('utf8'), n.headers['content-type']], url).toEqual([
        res.status,
        body,
        res.headers.get('content-type'),
      ]);
    }
    return { status: res.status, body, type: res.headers.get('content-type') };
  };

  it('links sites_url from a matrix with sites and null from one without', async () => {
    expect(JSON.parse((await both('/api/v1/matrix/MA0101.2/')).body).sites_url).toBe(`${BASE}/api/v1/sites/MA0101.2/`);
    expect(JSON.parse((await both('/api/v1/matrix/MA0110.1/')).body).sites_url).toBeNull();
  });

  it('serves the sites as JSON: FASTA sites with their upper-case core and BED regions', async () => {
    const sites = JSON.parse((await both('/api/v1/sites/MA0101.2/')).body);
    const fasta = readFileSync(join(SAMPLE, 'sites/MA0101.2.sites'), 'utf8')
      .split('\n')
      .filter((l) => l && !l.startsWith('>'));
    expect(sites.sites.map((s: { sequence: string }) => s.sequence)).toEqual(fasta);
    expect(sites.sites[0].site).toBe(fasta[0]?.replace(/[a-z]/g, ''));
    const bedLines = readFileSync(join(SAMPLE, 'bed/MA0101.2.bed'), 'utf8').trim().split('\n');
    expect(sites.regions).toHaveLength(bedLines.length);
    expect((await both('/api/v1/sites/MA0110.1/')).status).toBe(404);
  });

  it('answers format=bed with BED6 on details and list pages, 404 where there are no regions', async () => {
    const detail = await both('/api/v1/matrix/MA0101.2/?format=bed');
    expect(detail.type).toBe('text/bed; charset=utf-8');
    expect(detail.body).toBe(readFileSync(join(SAMPLE, 'bed/MA0101.2.bed'), 'utf8'));
    expect((await both('/api/v1/matrix/MA0101.2.bed')).body).toBe(detail.body);
    expect((await both('/api/v1/matrix/MA0110.1/?format=bed')).status).toBe(404);
    let found = 0;
    for (let page = 1; page <= 4; page++) {
      const r = await both(`/api/v1/matrix/?format=bed&page=${page}`);
      if (r.status === 200) found += r.body.trim().split('\n').length;
    }
    expect(found).toBe(readFileSync(join(SAMPLE, 'bed/MA0101.2.bed'), 'utf8').trim().split('\n').length + 2);
  });

  it('copies TFFM model files and links them from the TFFM detail; null links otherwise', async () => {
    const t = JSON.parse((await both('/api/v1/tffm/TFFM0040.1/')).body);
    expect(t.first_order.xml).toBe(`${BASE}/static/TFFM/TFFM0040.1/TFFM_first_order_trained.xml`);
    expect(t.detailed.xml).toBe(`${BASE}/static/TFFM/TFFM0040.1/TFFM_detailed_trained.xml`);
    expect(t.first_order.dense_logo).toBeNull();
    expect(readFileSync(join(site.dir, 'static/TFFM/TFFM0040.1/TFFM_detailed_trained.xml'))).toEqual(
      readFileSync(join(fixtures.path, 'tffm_detailed.xml')),
    );
    const other = JSON.parse((await both('/api/v1/tffm/TFFM0002.1/')).body);
    expect(other.first_order).toEqual({
      log_p: other.first_order.log_p,
      dense_logo: null,
      summary_logo: null,
      hits: null,
      xml: null,
    });
    expect((await fetch(`${dev.origin}/static/TFFM/TFFM0040.1/TFFM_first_order_trained.xml`)).status).toBe(200);
    expect(existsSync(join(site.dir, 'static/TFFM/TFFM0002.1'))).toBe(false);
  });
});
