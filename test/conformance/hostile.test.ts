/**
 * Hostile requests against the dev server, nginx with njs (compute tier) and Apache (rules
 * tier), each with the emitted configuration:
 * `..` and `%2e%2e` traversal, encoded NUL and slashes, overlong URLs and query strings, absurd
 * page numbers, bad methods, malformed percent-encoding. Each must get one of the statuses
 * listed, never a file from outside the site (a canary beside the site folder, and the deploy
 * folder, must never leak), and the server must still answer afterwards.
 */
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RANGE_NOT_SATISFIABLE } from '../../src/api/errors.js';
import { SAMPLE, serve, sharedSite, type BuiltSite } from '../support/site.js';
import { send, type Request } from './hosts/http.js';
import { describeEachServer } from './hosts/servers.js';

const CANARY = 'CANARY-7d1e0c5a-outside-the-site';
const RANGE_NOT_SATISFIABLE_TEXT = (JSON.parse(RANGE_NOT_SATISFIABLE.body) as { detail: string }).detail;
const long = (n: number) => 'a'.repeat(n);

/** [method, target, allowed statuses] */
const HOSTILE: [string, string, number[]][] = [
  ['GET', '/../canary.json', [400, 404]],
  ['GET', '/../../canary.json', [400, 404]],
  ['GET', '/api/v1/../../canary.json', [400, 404]],
  ['GET', '/files/../../canary.json', [400, 404]],
  ['GET', '/%2e%2e/canary.json', [400, 404]],
  ['GET', '/%2E%2E%2Fcanary.json', [400, 404]],
  ['GET', '/..%2fcanary.json', [400, 404]],
  ['GET', '/%2e%2e%5ccanary.json', [400, 404]],
  ['GET', '/files/%2e%2e/%2e%2e/canary.json', [400, 404]],
  ['GET', '/static/..%2f..%2fcanary.json', [400, 404]],
  ['GET', '/api/v1/matrix/%2e%2e%2f%2e%2e%2f%2e%2e%2fcanary.json/', [400, 404]],
  ['GET', '/api/v1/matrix/..%2F..%2F..%2F..%2Fcanary.json', [400, 404]],
  ['GET', '/api/v1/matrix/%c0%ae%c0%ae/', [400, 404]],
  ['GET', '/api/v1/matrix/?page=..%2F..%2F..%2F..%2Fcanary', [404]],
  ['GET', '/api/v1/matrix/?page=../../../../../canary', [404]],
  ['GET', '/api/v1/matrix/?format=..%2F..%2F..%2Fcanary', [404]],
  // A filter value is data, not a path: compute hosts answer an empty list (contract §8), rules-tier hosts refuse.
  ['GET', '/api/v1/matrix/?collection=..%2F..%2F..%2F..%2F..%2Fcanary', [200, 404]],
  ['GET', '/../dist.deploy/nginx/jaspar.conf', [400, 404]],
  ['GET', '/%2e%2e/dist.deploy/apache/jaspar.conf', [400, 404]],
  ['GET', '/canary.json', [404]],
  ['GET', '/jaspar-static.json', [404]],
  ['GET', '/api/v1/matrix/%00/', [400, 404]],
  ['GET', '/api/v1/matrix/?page=%00', [404]],
  ['GET', '/%00../canary.json', [400, 404]],
  ['GET', '/api/v1/matrix/a%2fb/', [400, 404]],
  ['GET', '/api/v1/matrix/%2F%2F', [400, 404]],
  ['GET', '/api/v1/%zz', [400]],
  ['GET', '/%E0%A4%A', [400, 404]],
  ['GET', '/api/v1/matrix/?page=%zz', [404]],
  ['GET', '/api/v1/matrix/?page=%', [404]],
  ['GET', `/api/v1/matrix/?page=${long(9000)}`, [400, 414, 431]],
  ['GET', `/api/v1/matrix/?x=${long(70_000)}`, [400, 414, 431]],
  ['GET', `/${long(20_000)}`, [400, 414, 431]],
  ['GET', '/api/v1/matrix/?page=99999999999999999999999999999999', [404]],
  ['GET', '/api/v1/matrix/?page=1e309', [404]],
  ['GET', '/api/v1/matrix/?page=-0', [404]],
  ['GET', '/api/v1/matrix/?page=1.0', [404]],
  // DRF ignores a page_size that is not a positive integer (contract §8).
  ['GET', '/api/v1/matrix/?page_size=-5', [200, 404]],
  ['POST', '/api/v1/matrix/', [405]],
  ['PUT', '/api/v1/matrix/MA0101.2/', [405]],
  ['DELETE', '/api/v1/matrix/', [405]],
  ['PATCH', '/api/v1/tffm/', [405]],
  ['TRACE', '/api/v1/matrix/', [405]],
  ['PROPFIND', '/api/v1/matrix/', [400, 405, 501]],
  ['FOO', '/api/v1/matrix/', [400, 405, 501]],
];

function check(port: () => number): void {
  it.each(HOSTILE)('%s %s', async (method, target, statuses) => {
    const req: Request = { method, target, headers: { Accept: 'text/html' } };
    const answer = await send(port(), req);
    expect(statuses, `status ${answer.status}`).toContain(answer.status);
    const body = answer.body.toString('latin1');
    expect(body).not.toContain(CANARY);
    expect(body).not.toContain('js_import');
    expect(body).not.toContain('RewriteEngine');
  });
  // Issue 37 item 5: ranges are bounded, and the server's own errors are the API's JSON.
  const jsonDetail = (body: Buffer) => (JSON.parse(body.toString('utf8')) as { detail?: unknown }).detail;
  it('a thousand byte ranges cost one answer: the whole file once, or one part', async () => {
    const target = '/api/v1/matrix/?page=2';
    const whole = await send(port(), { method: 'GET', target });
    expect(whole.status).toBe(200);
    const ranges = Array.from({ length: 1000 }, (_, i) => `${i}-${i}`).join(',');
    const answer = await send(port(), { method: 'GET', target, headers: { Range: `bytes=${ranges}` } });
    expect([200, 206]).toContain(answer.status);
    expect(answer.body.length).toBeLessThanOrEqual(whole.body.length);
  });
  it('a range past the end: 416 with the API error, never the file', async () => {
    const answer = await send(port(), {
      method: 'GET',
      target: '/api/v1/matrix/?page=2',
      headers: { Range: 'bytes=99999999-' },
    });
    expect(answer.status).toBe(416);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(jsonDetail(answer.body)).toBe(RANGE_NOT_SATISFIABLE_TEXT);
  });
  it('a request body announced past any limit: 405 or 413, with the API error', async () => {
    const answer = await send(port(), {
      method: 'POST',
      target: '/api/v1/matrix/',
      headers: { 'Content-Length': String(64 * 2 ** 20), Connection: 'close' },
    });
    expect([405, 413]).toContain(answer.status);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(typeof jsonDetail(answer.body)).toBe('string');
  });
  it('still answers afterwards', async () => {
    expect((await send(port(), { method: 'GET', target: '/api/v1/matrix/?page=2' })).status).toBe(200);
  });
}

describe('hostile requests', () => {
  let site: BuiltSite;
  beforeAll(async () => {
    site = await sharedSite(SAMPLE);
    for (const name of ['canary.json', 'canary.txt', 'canary'])
      writeFileSync(join(dirname(site.dir), name), `{"detail":"${CANARY}"}`);
  });

  describe('dev server', () => {
    let port = 0;
    let close: () => Promise<void> = async () => {};
    beforeAll(async () => {
      const served = await serve(site.dir);
      port = Number(new URL(served.origin).port);
      close = served.close;
    });
    afterAll(() => close());
    check(() => port);
  });

  describeEachServer(
    () => site.dir,
    (_server, running) => check(() => running().port),
  );
});
