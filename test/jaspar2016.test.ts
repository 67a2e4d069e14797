/**
 * Real data: JASPAR 2016 as flat-file tables from ../shared. Built once, then checked through
 * the dev server over HTTP and Netlify's engine.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { netlifyHost, type HostResponse } from './support/netlify-host.js';
import { describeWith, sharedPath } from './support/requirements.js';
import { buildSite, serve, type BuiltSite, type Served } from './support/site.js';

const release = sharedPath('releases', 'JASPAR2016');

describeWith('JASPAR2016 (real flat-file release)', [release], () => {
  let site: BuiltSite;
  let dev: Served;
  let netlify: (url: string) => HostResponse;

  beforeAll(async () => {
    site = await buildSite(release.path);
    dev = await serve(site.dir);
    netlify = await netlifyHost(site.dir);
  });
  afterAll(async () => {
    await dev?.close();
    site?.cleanup();
  });

  const get = async (url: string) => {
    const res = await fetch(dev.origin + url);
    const body = await res.text();
    const viaNetlify = netlify(url);
    expect(viaNetlify.status).toBe(res.status);
    expect(viaNetlify.body.toString('utf8')).toBe(body);
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

  it('keeps the MySQL escape -\\t as a tab and the tax id "-" as text', async () => {
    // MATRIX.ID 9369 (MA0141.1) carries pazar_tf_id "-\t"; 9407 (MA0102.2) has tax id "-".
    const esrrb = await get('/api/v1/matrix/MA0141.1/');
    expect(esrrb.json.pazar_tf_id).toContain('-\t');
    const cebpa = await get('/api/v1/matrix/MA0102.2/');
    expect(cebpa.json.species).toContainEqual({ tax_id: '-', name: null });
  });
});
