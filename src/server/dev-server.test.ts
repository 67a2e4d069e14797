import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { get as httpGet } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { CACHE_CONTROL, HEADERS_TOO_LARGE, NOT_FOUND, RANGE_NOT_SATISFIABLE } from '../api/errors.js';
import { DiskSink } from '../output/sink.js';
import { defaultRouteOptions } from '../plan/generate.js';
import { writeSite } from '../site/write-site.js';
import { sampleRelease } from '../../test/support/sample-release.js';
import { removeTree, tempDir } from '../../test/support/scratch.js';
import { startDevServer } from './dev-server.js';
import { sitePath } from './site-files.js';

describe('sitePath', () => {
  it('resolves inside the site and refuses what leaves it', () => {
    expect(sitePath('/srv/site', 'files/json/a.json')).toBe('/srv/site/files/json/a.json');
    expect(sitePath('/srv/site', '../site2/a.json')).toBeNull();
    expect(sitePath('/srv/site', '/../../etc/passwd')).toBeNull();
    expect(sitePath('/srv/site', '')).toBeNull();
  });
});

/** A GET as sent: the bytes on the wire (fetch would decompress them). */
function raw(
  url: string,
  headers: Record<string, string>,
): Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    httpGet(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    }).on('error', reject);
  });
}

describe('the dev server on a sample site', () => {
  let root: string;
  let server: Server;
  let base: string;
  beforeAll(async () => {
    root = await tempDir('dev-server');
    // The default and a few formats, no extra page sizes, orders or filters: small and quick.
    const options = {
      ...defaultRouteOptions(),
      formats: ['json', 'jaspar', 'api'] as const,
      pageSizes: [],
      orderFields: [],
      filterKeys: [],
      withSites: true,
      baseUrl: 'http://127.0.0.1',
      targets: [],
    };
    await writeSite(await sampleRelease(), new DiskSink(root), options);
    server = await startDevServer({ dir: root, port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await removeTree(root);
  });

  const get = async (path: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${base}${path}`, { headers });
    return { status: res.status, type: res.headers.get('content-type'), body: await res.text() };
  };

  it('answers a list and a detail with their media types', async () => {
    const list = await get('/api/v1/matrix/?format=json');
    expect(list.status).toBe(200);
    expect(list.type).toMatch(/^application\/json/);
    const sample = await sampleRelease();
    expect((JSON.parse(list.body) as { count: number }).count).toBe(sample.matrices.length);
    const first = sample.matrices[0]!.matrixId;
    const detail = await get(`/api/v1/matrix/${first}/?format=jaspar`);
    expect(detail.status).toBe(200);
    expect(detail.body.startsWith(`>${first}`)).toBe(true);
  });

  it('answers a query no file was prebuilt for, as the runtime computes it', async () => {
    const r = await get('/api/v1/matrix/?format=json&page_size=3&order=-name');
    expect(r.status).toBe(200);
    const body = JSON.parse(r.body) as { results: { name: string }[] };
    const names = body.results.map((m) => m.name);
    expect(names).toHaveLength(3);
    expect([...names].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0))).toEqual(names);
  });

  it('negotiates the browsable HTML for a browser', async () => {
    const r = await get('/api/v1/matrix/', { accept: 'text/html,application/xhtml+xml' });
    expect(r.status).toBe(200);
    expect(r.type).toMatch(/^text\/html/);
    expect(r.body).toContain('<html');
  });

  it('answers hostile and unknown URLs with an error and keeps serving', async () => {
    for (const path of [
      '/api/v1/matrix/NOPE.1/',
      '/../../etc/passwd',
      '/%2e%2e/%2e%2e/etc/passwd',
      '/api/v1/matrix/%E0%A4%A/',
      `/api/v1/${'x'.repeat(5000)}/`,
    ]) {
      const r = await get(path);
      expect(r.status, path).toBeGreaterThanOrEqual(400);
      expect(r.status, path).toBeLessThan(500);
      expect(r.body).not.toContain('root:');
    }
    const missing = await get('/api/v1/matrix/NOPE.1/');
    expect(missing.status).toBe(404);
    expect(missing.body).toBe(NOT_FOUND.body);
    expect((await get('/api/v1/matrix/?format=json')).status).toBe(200);
  });

  it('answers a prebuilt page with validators: 304 on If-None-Match and If-Modified-Since', async () => {
    const url = `${base}/api/v1/matrix/?format=json`;
    // The file's own bytes (fetch asks for gzip unless told otherwise: a compressed answer's ETag is weak).
    const identity = { 'accept-encoding': 'identity' };
    const first = await fetch(url, { headers: identity });
    const body = await first.text();
    const etag = first.headers.get('etag');
    const modified = first.headers.get('last-modified');
    expect(etag).toMatch(/^"[0-9a-f-]+"$/);
    expect(modified).not.toBeNull();
    expect(first.headers.get('accept-ranges')).toBe('bytes');
    const again = await fetch(url, { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect((await fetch(url, { headers: { 'if-none-match': '"other"' } })).status).toBe(200);
    expect((await fetch(url, { headers: { 'if-modified-since': modified! } })).status).toBe(304);
    const old = new Date(Date.parse(modified!) - 1000).toUTCString();
    const full = await fetch(url, { headers: { 'if-modified-since': old } });
    expect(full.status).toBe(200);
    expect(await full.text()).toBe(body);
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const url = `${base}/api/v1/matrix/?format=json`;
    const identity = { 'accept-encoding': 'identity' };
    const got = await fetch(url, { headers: identity });
    const size = (await got.arrayBuffer()).byteLength;
    const head = await fetch(url, { method: 'HEAD', headers: identity });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(size));
    expect(head.headers.get('etag')).toBe(got.headers.get('etag'));
    expect(head.headers.get('content-type')).toBe(got.headers.get('content-type'));
    expect(await head.text()).toBe('');
  });

  it('compresses a large answer when asked (file or computed), the same bytes once decompressed', async () => {
    for (const path of ['/api/v1/matrix/?format=json', '/api/v1/matrix/?format=json&page_size=100&search=a']) {
      const plain = await raw(`${base}${path}`, {});
      const zipped = await raw(`${base}${path}`, { 'accept-encoding': 'gzip, deflate' });
      expect(plain.headers['content-encoding'], path).toBeUndefined();
      expect(zipped.headers['content-encoding'], path).toBe('gzip');
      expect(zipped.headers.vary, path).toBe('Accept, Accept-Encoding');
      expect(zipped.body.length, path).toBeLessThan(plain.body.length / 2);
      expect(gunzipSync(zipped.body).equals(plain.body), path).toBe(true);
    }
    // Small answers and errors are sent as they are.
    const error = await raw(`${base}/api/v1/matrix/NOPE/`, { 'accept-encoding': 'gzip' });
    expect(error.headers['content-encoding']).toBeUndefined();
  });

  it('gives a computed answer an ETag from its body, the same after a restart, and 304 for it', async () => {
    const path = '/api/v1/matrix/?search=a&page_size=3';
    const identity = { 'accept-encoding': 'identity' };
    const first = await fetch(`${base}${path}`, { headers: identity });
    const etag = first.headers.get('etag');
    const body = await first.text();
    expect(etag).toBe(`"${createHash('sha1').update(body).digest('base64url')}"`);
    expect((await fetch(`${base}${path}`, { headers: identity })).headers.get('etag')).toBe(etag);
    const again = await startDevServer({ dir: root, port: 0, host: '127.0.0.1' });
    try {
      const other = `http://127.0.0.1:${(again.address() as AddressInfo).port}`;
      expect((await fetch(`${other}${path}`, { headers: identity })).headers.get('etag')).toBe(etag);
      const unchanged = await fetch(`${other}${path}`, { headers: { ...identity, 'if-none-match': `"x", ${etag}` } });
      expect(unchanged.status).toBe(304);
      expect(unchanged.headers.get('content-type')).toBeNull();
      expect(unchanged.headers.get('etag')).toBe(etag);
      expect(await unchanged.text()).toBe('');
    } finally {
      await new Promise<void>((resolve) => again.close(() => resolve()));
    }
  });

  it('says how long every API answer may be cached', async () => {
    for (const path of ['/api/v1/matrix/', '/api/v1/matrix/?search=a', '/api/v1/matrix/NOPE/', '/api/v1/'])
      expect((await fetch(`${base}${path}`)).headers.get('cache-control'), path).toBe(CACHE_CONTROL);
  });

  it('answers one byte range, a suffix range, a stale If-Range and a range past the end', async () => {
    const url = `${base}/api/v1/matrix/?format=json`;
    const got = await fetch(url);
    const whole = Buffer.from(await got.arrayBuffer());
    const part = await fetch(url, { headers: { range: 'bytes=2-9' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 2-9/${whole.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(whole.subarray(2, 10))).toBe(true);
    const tail = await fetch(url, { headers: { range: 'bytes=-5' } });
    expect(tail.status).toBe(206);
    expect(Buffer.from(await tail.arrayBuffer()).equals(whole.subarray(whole.length - 5))).toBe(true);
    const stale = await fetch(url, { headers: { range: 'bytes=2-9', 'if-range': '"other"' } });
    expect(stale.status).toBe(200);
    expect(Buffer.from(await stale.arrayBuffer()).equals(whole)).toBe(true);
    const past = await fetch(url, { headers: { range: `bytes=${whole.length}-` } });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${whole.length}`);
    expect(past.headers.get('content-type')).toBe('application/json');
    expect(await past.text()).toBe(RANGE_NOT_SATISFIABLE.body);
  });

  /** A file outside the API, which serve-handler sends (the landing page). */
  const PLAIN = '/index.html';

  it('answers a range past the end of a plain file with 416 and the JSON error, not the file', async () => {
    const whole = Buffer.from(await (await fetch(`${base}${PLAIN}`)).arrayBuffer());
    expect(whole.length).toBeGreaterThan(RANGE_NOT_SATISFIABLE.body.length);
    const past = await fetch(`${base}${PLAIN}`, { headers: { range: `bytes=${whole.length + 10}-` } });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${whole.length}`);
    expect(past.headers.get('content-type')).toBe('application/json');
    expect(await past.text()).toBe(RANGE_NOT_SATISFIABLE.body);
    const part = await fetch(`${base}${PLAIN}`, { headers: { range: 'bytes=0-4' } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).equals(whole.subarray(0, 5))).toBe(true);
  });

  it('honours one range per request: many ranges get the whole file once, on API and plain files', async () => {
    const many = Array.from({ length: 1000 }, (_, i) => `${i}-${i}`).join(',');
    for (const path of ['/api/v1/matrix/?format=json', PLAIN]) {
      const whole = Buffer.from(await (await fetch(`${base}${path}`)).arrayBuffer());
      for (const range of [`bytes=${many}`, 'bytes=0-1,4-5']) {
        const r = await fetch(`${base}${path}`, { headers: { range } });
        expect(r.status, `${path} ${range.slice(0, 20)}`).toBe(200);
        expect(Buffer.from(await r.arrayBuffer()).equals(whole), path).toBe(true);
      }
    }
  });

  it('answers header fields past what it reads with 431 and the JSON error naming it', async () => {
    const r = await fetch(`${base}/api/v1/matrix/`, { headers: { 'x-big': 'x'.repeat(64 * 1024) } });
    expect(r.status).toBe(431);
    expect(r.headers.get('content-type')).toBe('application/json');
    expect(await r.text()).toBe(HEADERS_TOO_LARGE.body);
    expect((await get('/api/v1/matrix/?format=json')).status).toBe(200);
  });
});
