/**
 * Real data: JASPAR 2016 as flat-file tables from ../shared. Built once, then checked through
 * the dev server over HTTP and Netlify's engine.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { netlifyHost, type HostResponse } from './support/netlify-host.js';
import { describeWith, sharedPath } from './support/requirements.js';
import { serve, sharedSite, type BuiltSite, type Served } from './support/site.js';

const release = sharedPath('releases', 'JASPAR2016');

describeWith('JASPAR2016 (real flat-file release)', [release], () => {
  let site: BuiltSite;
  let dev: Served;
  let netlify: (url: string) => HostResponse;

  beforeAll(async () => {
    // Trimmed to what these checks need; the full tree is measured by `npm run bench`.
    site = await sharedSite(release.path, { formats: ['json', 'meme'], pageSizes: [1000] });
    dev = await serve(site.dir);
    netlify = await netlifyHost(site.dir);
  });
  afterAll(async () => {
    await dev?.close();
  });

  const get = async (url: string) => {
    const res = await fetch(dev.origin + url);
    const body = await res.text();
    const viaNetlify = netlify(url);
    expect(viaNetlify.status, url).toBe(res.status);
    expect(viaNetlify.body.toString('utf8'), url).toBe(body);
    return { status: res.status, json: JSON.parse(body) };
  };

  it('reads 2049 matrices and no TFFMs', () => {
    expect(site.summary.matrices).toBe(2049);
    expect(site.summary.tffms).toBe(0);
  });

  it('lists 2049 matrices over 205 pages, 9 on the last', async () => {
    const first = await get('/api/v1/matrix/?format=json');
    expect(first.json.count).toBe(2049);
    const last = await get('/api/v1/matrix/?page=205');
    expect(last.json.results).toHaveLength(9);
    expect(last.json.next).toBeNull();
    expect(last.json.previous).toBe('https://jaspar.example.org/api/v1/matrix/?page=204');
    expect((await get('/api/v1/matrix/?page=last')).json).toEqual(last.json);
    const beyond = await fetch(`${dev.origin}/api/v1/matrix/?page=206`);
    expect([beyond.status, await beyond.text()]).toEqual([404, '{"detail":"Invalid page."}']);
    expect(netlify('/api/v1/matrix/?page=206').status).toBe(404);
  });

  it('orders any page as the contract says', async () => {
    const page = await get('/api/v1/matrix/?order=-name&page=3&format=json');
    expect(page.json.next).toBe('https://jaspar.example.org/api/v1/matrix/?format=json&order=-name&page=4');
    const names: string[] = page.json.results.map((r: { name: string }) => r.name);
    const sorted = [...names].sort((a, b) => Buffer.compare(Buffer.from(b), Buffer.from(a)));
    expect(names).toEqual(sorted);
  });

  it('answers MA0004.1 with its PFM, annotations, proteins and species', async () => {
    const { json } = await get('/api/v1/matrix/MA0004.1/');
    expect(json).toMatchObject({
      matrix_id: 'MA0004.1',
      name: 'Arnt',
      base_id: 'MA0004',
      version: 1,
      collection: 'CORE',
      sites_url: null,
      pfm: { A: [4, 19, 0, 0, 0, 0], C: [16, 0, 20, 0, 0, 0], G: [0, 1, 0, 20, 0, 20], T: [0, 0, 0, 0, 20, 0] },
      class: ['Basic helix-loop-helix factors (bHLH)'],
      family: ['PAS domain factors'],
      medline: ['7592839'],
      pubmed_ids: ['7592839'],
      tax_group: 'vertebrates',
      type: 'SELEX',
      uniprot_ids: ['P53762'],
      species: [{ tax_id: 10090, name: 'Mus musculus' }],
      tffm: null,
    });
  });

  // JASPAR2016 has 1082 latest CORE profiles: more than the 1000 a page may hold (contract §3),
  // so they come as a page of 1000 and a page of 82, as JASPAR itself would answer.
  it('answers ?collection=CORE&version=latest&page_size=1000 with every latest CORE profile, 1000 per page', async () => {
    const { json } = await get('/api/v1/matrix/?collection=CORE&version=latest&page_size=1000');
    const core = (await get('/api/v1/collections/CORE/?page_size=1000')).json;
    const all: { base_id: string; version: string }[] = [];
    for (let page = 1; ; page++) {
      const p = (await get(`/api/v1/collections/CORE/?page_size=1000${page > 1 ? `&page=${page}` : ''}`)).json;
      all.push(...p.results);
      if (!p.next) break;
    }
    expect(all).toHaveLength(core.count);
    const latest = new Map<string, number>();
    for (const r of all) latest.set(r.base_id, Math.max(latest.get(r.base_id) ?? 0, Number(r.version)));
    expect(json.count).toBe(latest.size);
    expect(json.results).toHaveLength(Math.min(1000, latest.size));
    const rest = (await get('/api/v1/matrix/?collection=CORE&version=latest&page_size=1000&page=2')).json;
    expect(rest.next).toBeNull();
    const results = [...json.results, ...rest.results];
    expect(results).toHaveLength(latest.size);
    for (const r of results) expect(Number(r.version)).toBe(latest.get(r.base_id));
    // A page_size above 1000 is clamped to 1000, as JASPAR does.
    expect(
      (await (await fetch(`${dev.origin}/api/v1/matrix/?collection=CORE&version=latest&page_size=5000`)).json())
        .results,
    ).toHaveLength(1000);
    // The same, spelled differently: keys in any order, value case folded where the host can.
    expect((await get('/api/v1/matrix/?page_size=1000&version=latest&collection=CORE&format=json')).json.count).toBe(
      latest.size,
    );
    const folded = await fetch(`${dev.origin}/api/v1/matrix/?collection=core&version=latest&page_size=1000`);
    expect((await folded.json()).count).toBe(latest.size);
  });

  it('answers /species/9606/?format=meme with the human profiles of page 1', async () => {
    const res = await fetch(`${dev.origin}/api/v1/species/9606/?format=meme`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/meme; charset=utf-8');
    const body = await res.text();
    expect(netlify('/api/v1/species/9606/?format=meme').body.toString('utf8')).toBe(body);
    const page = (await get('/api/v1/species/9606/')).json;
    const motifs = [...body.matchAll(/^MOTIF (\S+)/gm)].map((m) => m[1]);
    expect(motifs).toEqual(page.results.map((r: { matrix_id: string }) => r.matrix_id));
    expect(motifs).toHaveLength(10);
    for (const id of motifs) {
      const d = (await get(`/api/v1/matrix/${id}/`)).json;
      expect(d.species.map((s: { tax_id: number }) => s.tax_id)).toContain(9606);
    }
  });

  it('lists the nine collections, the tax groups and the species', async () => {
    const collections = (await get('/api/v1/collections/')).json;
    expect(collections.count).toBe(9);
    expect(collections.results.map((r: { name: string }) => r.name)).toEqual([
      'CNE',
      'CORE',
      'FAM',
      'PBM',
      'PBM_HLH',
      'PBM_HOMEO',
      'PHYLOFACTS',
      'POLII',
      'SPLICE',
    ]);
    expect(collections.results[0]).toEqual({ name: 'CNE', url: 'https://jaspar.example.org/api/v1/collections/CNE/' });
    const taxon = (await get('/api/v1/taxon/')).json;
    expect(taxon.results.map((r: { name: string }) => r.name)).toContain('vertebrates');
    const species = (await get('/api/v1/species/?page_size=1000')).json;
    const human = species.results.find((r: { tax_id: number }) => r.tax_id === 9606);
    expect(human).toEqual({
      tax_id: 9606,
      species: 'Homo sapiens',
      url: 'https://jaspar.example.org/api/v1/species/9606/',
      matrix_url: 'https://jaspar.example.org/api/v1/species/9606/',
    });
    const root = (await get('/api/v1/')).json;
    expect(root.matrix).toBe('https://jaspar.example.org/api/v1/matrix/');
  });

  type Listed = { name: string; base_id: string; collection: string; version: string };
  it('answers filters it did not prebuild on the dev server, and a rules-only host refuses them with a detail, never another list', async () => {
    const cases: [string, (m: Listed) => boolean][] = [
      [
        '/api/v1/matrix/?search=Arnt',
        (m) => [m.name, m.base_id, m.collection].some((v) => v.toUpperCase().includes('ARNT')),
      ],
      ['/api/v1/matrix/?name=Arnt&version=latest', (m) => m.name === 'Arnt'],
      ['/api/v1/matrix/?collection=CORE&order=name', (m) => m.collection === 'CORE'],
    ];
    for (const [url, fits] of cases) {
      const res = await fetch(dev.origin + url);
      expect(res.status, url).toBe(200);
      const page = (await res.json()) as { count: number; results: Listed[] };
      expect(page.count, url).toBeGreaterThan(0);
      expect(page.count, url).toBeLessThan(2049);
      expect(
        page.results.filter((m) => !fits(m)),
        url,
      ).toEqual([]);
      const viaNetlify = netlify(url);
      expect(viaNetlify.status, url).toBe(404);
      expect((JSON.parse(viaNetlify.body.toString('utf8')) as { detail: string }).detail, url).toMatch(
        /netlify-edge|cloudflare|nginx/,
      );
    }
  });

  it('keeps the MySQL escape -\\t as a tab and the tax id "-" as text', async () => {
    // MATRIX.ID 9369 (MA0141.1) carries pazar_tf_id "-\t"; 9407 (MA0102.2) has tax id "-".
    const esrrb = await get('/api/v1/matrix/MA0141.1/');
    expect(esrrb.json.pazar_tf_id).toContain('-\t');
    const cebpa = await get('/api/v1/matrix/MA0102.2/');
    expect(cebpa.json.species).toContainEqual({ tax_id: '-', name: null });
  });
});
