/**
 * The URL table: requests as clients send them (parameters in any order, extra, missing,
 * repeated, bad pages, unknown ids and formats, with and without trailing slash, suffix forms),
 * each with the route whose answer it must get — its file from the path function — or the error
 * of src/api/errors.ts. Checked over HTTP against the dev server (the same list as the route's
 * file: the same bytes, or for a request with parameters the file was not made for, the same
 * count and records, DRF's links keeping what the client sent) and through Netlify's own engine
 * over the emitted rules (the route's very file, or an error with a detail: a rules-only host
 * cannot tell a missing page from one not prebuilt, docs/hosting.md).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CACHE_CONTROL, INVALID_PAGE, NOT_FOUND, NOT_PREBUILT, type ApiError } from '../src/api/errors.js';
import { formatSpec, type FormatName } from '../src/api/formats.js';
import type { DetailName, ListName } from '../src/api/resources.js';
import { routeFile } from '../src/routes/paths.js';
import type { Route } from '../src/routes/route.js';
import { netlifyHost, type HostResponse } from './support/netlify-host.js';
import { SAMPLE, serve, sharedSite, type BuiltSite, type Served } from './support/site.js';

/** The route whose file answers, or the error (and what Netlify answers instead, where it cannot tell). */
type Expect = { route: Route } | { error: ApiError; netlify?: ApiError };

const list = (
  resource: ListName,
  page: number | 'last',
  order: string | null,
  format: FormatName = 'json',
  formatInQuery = false,
): Expect => ({
  route: { kind: 'list', resource, params: {}, filters: {}, order, page, pageSize: null, format, formatInQuery },
});
const detail = (resource: DetailName, id: string, format: FormatName = 'json'): Expect => ({
  route: { kind: 'detail', resource, params: { id }, format },
});
/** Netlify answers a rewrite to a missing file with its one page, which says why it may be missing. */
const invalidPage: Expect = { error: INVALID_PAGE, netlify: NOT_PREBUILT };
const notFound: Expect = { error: NOT_FOUND };
const missingDetail: Expect = { error: NOT_FOUND, netlify: NOT_PREBUILT };

const URL_TABLE: [string, Expect][] = [
  ['/api/v1/matrix/', list('matrix-list', 1, null)],
  ['/api/v1/matrix', list('matrix-list', 1, null)],
  ['/api/v1/matrix/?page=1', list('matrix-list', 1, null)],
  ['/api/v1/matrix/?page=2', list('matrix-list', 2, null)],
  ['/api/v1/matrix?page=2', list('matrix-list', 2, null)],
  ['/api/v1/matrix/?page=2&order=-name', list('matrix-list', 2, '-name')],
  ['/api/v1/matrix/?order=-name&page=2', list('matrix-list', 2, '-name')],
  ['/api/v1/matrix/?order=-name', list('matrix-list', 1, '-name')],
  ['/api/v1/matrix/?format=json&order=name&page=3', list('matrix-list', 3, 'name', 'json', true)],
  ['/api/v1/matrix/?page=3&format=json&order=name', list('matrix-list', 3, 'name', 'json', true)],
  ['/api/v1/matrix/?order=name&format=json', list('matrix-list', 1, 'name', 'json', true)],
  ['/api/v1/matrix/?format=json', list('matrix-list', 1, null, 'json', true)],
  ['/api/v1/matrix/?page=last', list('matrix-list', 'last', null)],
  ['/api/v1/matrix/?order=version&page=last', list('matrix-list', 'last', 'version')],
  ['/api/v1/matrix/?page=last&format=json&order=-collection', list('matrix-list', 'last', '-collection', 'json', true)],
  ['/api/v1/matrix/?order=base_id', list('matrix-list', 1, 'base_id')],
  ['/api/v1/matrix/?order=-base_id&page=2', list('matrix-list', 2, '-base_id')],
  ['/api/v1/matrix/?order=collection&page=4', list('matrix-list', 4, 'collection')],
  ['/api/v1/matrix/?order=-version&page=3', list('matrix-list', 3, '-version')],
  ['/api/v1/matrix/?order=zzz', list('matrix-list', 1, null)],
  ['/api/v1/matrix/?order=zzz&page=2', list('matrix-list', 2, null)],
  ['/api/v1/matrix/?ORDER=name', list('matrix-list', 1, null)],
  ['/api/v1/matrix/?foo=bar', list('matrix-list', 1, null)],
  ['/api/v1/matrix/?foo=bar&page=2&format=json&x=', list('matrix-list', 2, null, 'json', true)],
  ['/api/v1/matrix/?page=2&page=3', list('matrix-list', 3, null)],
  ['/api/v1/matrix/?format=jsonp&page=2', list('matrix-list', 2, null, 'jsonp', true)],
  ['/api/v1/matrix/?page=0', invalidPage],
  ['/api/v1/matrix/?page=999', invalidPage],
  ['/api/v1/matrix/?page=abc', invalidPage],
  ['/api/v1/matrix/?page=-1', invalidPage],
  ['/api/v1/matrix/?order=name&page=5', invalidPage],
  ['/api/v1/matrix/?page=..%2F..%2Fetc', invalidPage],
  ['/api/v1/matrix/?format=xml', notFound],
  ['/api/v1/matrix/?format=xml&page=2', notFound],
  ['/api/v1/matrix/MA0101.2/', detail('matrix-detail', 'MA0101.2')],
  ['/api/v1/matrix/MA0101.2', detail('matrix-detail', 'MA0101.2')],
  ['/api/v1/matrix/MA0101.2/?format=json', detail('matrix-detail', 'MA0101.2')],
  ['/api/v1/matrix/MA0101.2/?page=7&order=name', detail('matrix-detail', 'MA0101.2')],
  ['/api/v1/matrix/MA0101.2/?format=jsonp', detail('matrix-detail', 'MA0101.2', 'jsonp')],
  ['/api/v1/matrix/MA0101.2/?format=bogus', notFound],
  ['/api/v1/matrix/MA9999.1/', missingDetail],
  ['/api/v1/matrix/MA9999.1/?format=json', missingDetail],
  ['/api/v1/matrix/MA0101/versions/', detail('matrix-versions', 'MA0101')],
  ['/api/v1/matrix/MA0101/versions', detail('matrix-versions', 'MA0101')],
  ['/api/v1/matrix/XX0000/versions/', missingDetail],
  ['/api/v1/matrix/MA0101.2/extra/segments/', notFound],
  ['/api/v1/tffm/', list('tffm-list', 1, null)],
  ['/api/v1/tffm', list('tffm-list', 1, null)],
  ['/api/v1/tffm?page=3', list('tffm-list', 3, null)],
  ['/api/v1/tffm/?page=2&order=-log_p_1st_order', list('tffm-list', 2, '-log_p_1st_order')],
  ['/api/v1/tffm/?order=log_p_detailed&page=last', list('tffm-list', 'last', 'log_p_detailed')],
  ['/api/v1/tffm/?order=experiment_name&format=json', list('tffm-list', 1, 'experiment_name', 'json', true)],
  ['/api/v1/tffm/?order=-matrix_version', list('tffm-list', 1, '-matrix_version')],
  ['/api/v1/tffm/?page=4', invalidPage],
  ['/api/v1/tffm/?format=jaspar', notFound],
  ['/api/v1/tffm/TFFM0040.1/', detail('tffm-detail', 'TFFM0040.1')],
  ['/api/v1/tffm/TFFM0040.1', detail('tffm-detail', 'TFFM0040.1')],
  ['/api/v1/tffm/TFFM9999.1/', missingDetail],
  ['/api/v1/nothing', notFound],
  // Every format, as ?format= and as DRF's suffix (the suffix wins over the query).
  ['/api/v1/matrix/?format=yaml&page=2&order=name', list('matrix-list', 2, 'name', 'yaml', true)],
  ['/api/v1/matrix/?format=jaspar&page=last', list('matrix-list', 'last', null, 'jaspar', true)],
  ['/api/v1/matrix/?format=transfac&order=-version', list('matrix-list', 1, '-version', 'transfac', true)],
  ['/api/v1/matrix/?format=pfm&page=3', list('matrix-list', 3, null, 'pfm', true)],
  ['/api/v1/matrix/?format=meme&page=2&order=-name', list('matrix-list', 2, '-name', 'meme', true)],
  ['/api/v1/matrix/MA0101.2/?format=yaml', detail('matrix-detail', 'MA0101.2', 'yaml')],
  ['/api/v1/matrix/MA0101.2/?format=jaspar', detail('matrix-detail', 'MA0101.2', 'jaspar')],
  ['/api/v1/matrix/MA0101.2/?format=transfac', detail('matrix-detail', 'MA0101.2', 'transfac')],
  ['/api/v1/matrix/MA0101.2/?format=pfm', detail('matrix-detail', 'MA0101.2', 'pfm')],
  ['/api/v1/matrix/MA0101.2/?format=meme', detail('matrix-detail', 'MA0101.2', 'meme')],
  ['/api/v1/matrix/MA0101.2.jaspar', detail('matrix-detail', 'MA0101.2', 'jaspar')],
  ['/api/v1/matrix/MA0101.2.meme', detail('matrix-detail', 'MA0101.2', 'meme')],
  ['/api/v1/matrix/MA0101.2.transfac', detail('matrix-detail', 'MA0101.2', 'transfac')],
  ['/api/v1/matrix/MA0101.2.pfm', detail('matrix-detail', 'MA0101.2', 'pfm')],
  ['/api/v1/matrix/MA0101.2.yaml', detail('matrix-detail', 'MA0101.2', 'yaml')],
  ['/api/v1/matrix/MA0101.2.json', detail('matrix-detail', 'MA0101.2', 'json')],
  ['/api/v1/matrix/MA0101.2.jsonp', detail('matrix-detail', 'MA0101.2', 'jsonp')],
  ['/api/v1/matrix/MA0101.2.jaspar?format=json', detail('matrix-detail', 'MA0101.2', 'jaspar')],
  ['/api/v1/matrix/MA0101.2.meme?format=bogus', detail('matrix-detail', 'MA0101.2', 'meme')],
  ['/api/v1/matrix/MA0101.2.bogus', missingDetail],
  ['/api/v1/matrix/MA9999.1.jaspar', missingDetail],
  ['/api/v1/matrix/MA0101/versions.json', detail('matrix-versions', 'MA0101', 'json')],
  ['/api/v1/matrix/MA0101/versions.meme', detail('matrix-versions', 'MA0101', 'meme')],
  ['/api/v1/matrix.json', list('matrix-list', 1, null, 'json', true)],
  ['/api/v1/matrix.json?page=2', list('matrix-list', 2, null, 'json', true)],
  ['/api/v1/matrix.jaspar?order=name&page=2', list('matrix-list', 2, 'name', 'jaspar', true)],
  ['/api/v1/matrix.meme?format=json&page=last', list('matrix-list', 'last', null, 'meme', true)],
  ['/api/v1/tffm.yaml?order=-log_p_detailed', list('tffm-list', 1, '-log_p_detailed', 'yaml', true)],
  ['/api/v1/tffm.jaspar', notFound],
  ['/api/v1/tffm/TFFM0040.1.yaml', detail('tffm-detail', 'TFFM0040.1', 'yaml')],
  ['/api/v1/tffm/TFFM0040.1/?format=meme', notFound],
  ['/api/v1/matrix/..%2F..%2Fjaspar-static.json/', notFound],
];

/** A list body's count and records (JSON or JSONP), or null for another format. */
function records(body: string): string | null {
  const json = body.startsWith('callback(') ? body.slice('callback('.length, -2) : body;
  try {
    const v = JSON.parse(json) as { count?: unknown; results?: unknown };
    return v.count === undefined ? null : JSON.stringify([v.count, v.results]);
  } catch {
    return null;
  }
}

describe('URL table', () => {
  let site: BuiltSite;
  let netlify: (url: string) => HostResponse;
  let dev: Served;
  const fileOf = (route: Route) => readFileSync(join(site.dir, routeFile(route)), 'utf8');

  beforeAll(async () => {
    site = await sharedSite(SAMPLE);
    netlify = await netlifyHost(site.dir);
    dev = await serve(site.dir);
  });
  afterAll(async () => {
    await dev?.close();
  });

  it('has at least 40 requests', () => {
    expect(URL_TABLE.length).toBeGreaterThanOrEqual(40);
  });

  it.each(URL_TABLE)('dev server: %s', async (url, e) => {
    const res = await fetch(dev.origin + url);
    const body = await res.text();
    // Accept-Encoding too where the dev server compresses (fetch asks for gzip): docs/hosting.md "Compression".
    expect(res.headers.get('vary')).toMatch(/^Accept(?:, Accept-Encoding)?$/);
    expect(res.headers.get('cache-control')).toBe(CACHE_CONTROL);
    expect(res.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    if ('error' in e) {
      expect({ status: res.status, body, type: res.headers.get('content-type') }).toEqual({
        status: e.error.status,
        body: e.error.body,
        type: 'application/json',
      });
      return;
    }
    const file = fileOf(e.route);
    expect({ status: res.status, type: res.headers.get('content-type') }).toEqual({
      status: 200,
      type: formatSpec(e.route.format).mediaType,
    });
    // The route's file, or (a request with parameters the file was not made for) the same list with DRF's links.
    if (body !== file) expect(records(body) ?? body).toBe(records(file) ?? file);
  });

  it.each(URL_TABLE)('Netlify engine: %s', (url, e) => {
    const got = netlify(url);
    const text = got.body.toString('utf8');
    expect(got.headers.vary).toBe('Accept');
    if ('error' in e) {
      const want = e.netlify ?? e.error;
      expect({ status: got.status, body: text, type: got.headers['content-type'] }).toEqual({
        status: want.status,
        body: want.body,
        type: 'application/json',
      });
      return;
    }
    // The route's very file, or a refusal: a 404 whose detail names the hosts that answer every query.
    if (got.status === 200)
      expect({ body: text, type: got.headers['content-type'] }).toEqual({
        body: fileOf(e.route),
        type: formatSpec(e.route.format).mediaType,
      });
    else
      expect({ status: got.status, detail: (JSON.parse(text) as { detail: string }).detail }).toMatchObject({
        status: 404,
        detail: expect.stringMatching(/answers (it|every query)/),
      });
  });
});
