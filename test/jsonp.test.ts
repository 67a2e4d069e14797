/**
 * JSONP callback names (contract §8.1) through the runtime, on a full and a compact build of the
 * sample: the name honoured in list pages (kept in next/previous) and details (a full build's
 * prebuilt file calling `callback` renamed, a compact build's JSON wrapped), a name that is no
 * JavaScript name a 400 on JSONP and ignored elsewhere, and the rules tier serving only the
 * default name.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPUTE_HOSTS } from '../src/api/errors.js';
import { openSite, type SiteHandle } from '../src/server/site-files.js';
import { ask } from './support/ask.js';
import { BASE, buildSite, SAMPLE, type BuiltSite } from './support/site.js';

const JSONP_TYPE = 'application/javascript; charset=utf-8';

/** The JSON inside `name(…);`, or a failure naming what the body is. */
function unwrap(body: string, name: string): unknown {
  const head = `${name}(`;
  if (!body.startsWith(head) || !body.endsWith(');')) throw new Error(`not a call of ${name}: ${body.slice(0, 80)}`);
  return JSON.parse(body.slice(head.length, -2)) as unknown;
}

describe('JSONP callback names (contract §8.1)', () => {
  let full: BuiltSite;
  let compact: BuiltSite;
  let sites: { name: string; handle: SiteHandle }[];
  beforeAll(async () => {
    [full, compact] = await Promise.all([
      buildSite(SAMPLE, { year: 2016, formats: ['json', 'jsonp', 'yaml'], targets: [] }),
      buildSite(SAMPLE, { year: 2016, compact: true, formats: ['json', 'jsonp', 'yaml'] }),
    ]);
    sites = [
      { name: 'full', handle: await openSite(full.dir) },
      { name: 'compact', handle: await openSite(compact.dir) },
    ];
  });
  afterAll(async () => {
    await full?.cleanup();
    await compact?.cleanup();
  });

  it('calls the function named by callback on a list page, with the JSON answer inside, and keeps callback in next/previous', async () => {
    for (const { name, handle } of sites) {
      const got = await ask(
        handle,
        '/api/v1/matrix/',
        'format=jsonp&page_size=3&page=2&callback=jQuery3710_1700000000000&_=1700000000001',
        null,
      );
      expect([name, got.status, got.mediaType]).toEqual([name, 200, JSONP_TYPE]);
      const json = await ask(handle, '/api/v1/matrix/', 'format=json&page_size=3&page=2', null);
      const inner = unwrap(got.body, 'jQuery3710_1700000000000') as {
        count: number;
        next: string;
        previous: string;
        results: unknown[];
      };
      const plain = JSON.parse(json.body) as typeof inner;
      expect(inner.results).toEqual(plain.results);
      expect(inner.count).toBe(plain.count);
      expect(inner.next).toBe(
        `${BASE}/api/v1/matrix/?_=1700000000001&callback=jQuery3710_1700000000000&format=jsonp&page=3&page_size=3`,
      );
      expect(inner.previous).toBe(
        `${BASE}/api/v1/matrix/?_=1700000000001&callback=jQuery3710_1700000000000&format=jsonp&page_size=3`,
      );
      // A filtered list: the TFFM search (contract §8.1).
      const tffms = await ask(handle, '/api/v1/tffm/', 'format=jsonp&search=arkin&callback=cb', null);
      expect((unwrap(tffms.body, 'cb') as { count: number }).count).toBe(3);
    }
  });

  it('calls it on a detail: the JSON detail byte for byte inside, whatever the build', async () => {
    for (const { name, handle } of sites) {
      for (const path of [
        '/api/v1/matrix/MA0101.1/',
        '/api/v1/tffm/TFFM0001.1/',
        '/api/v1/matrix/MA0101/versions/',
        '/api/v1/releases/6/',
        '/api/v1/',
      ]) {
        const json = await ask(handle, path, 'format=json', null);
        for (const cb of ['cb', 'jQuery3710_1700000000000', 'a.b.$c', 'callback']) {
          const got = await ask(handle, path, `callback=${cb}&format=jsonp`, null);
          expect([name, path, cb, got.status, got.mediaType, got.body]).toEqual([
            name,
            path,
            cb,
            200,
            JSONP_TYPE,
            `${cb}(${json.body});`,
          ]);
        }
        expect((await ask(handle, path, 'format=jsonp', null)).body).toBe(`callback(${json.body});`);
      }
      // The suffix form and Accept negotiation pick JSONP too.
      expect((await ask(handle, '/api/v1/matrix/MA0101.1.jsonp', 'callback=s', null)).body).toMatch(
        /^s\(\{"matrix_id":"MA0101\.1"/,
      );
      expect((await ask(handle, '/api/v1/matrix/MA0101.1/', 'callback=s', 'application/javascript')).body).toMatch(
        /^s\(\{"matrix_id":"MA0101\.1"/,
      );
    }
    // The full build answered from its prebuilt file, renamed (not assembled).
    const fromFile = await ask(sites[0]!.handle, '/api/v1/matrix/MA0101.1/', 'format=jsonp&callback=cb', null);
    expect(fromFile.fromFile).toBe(true);
    expect(fromFile.body).toBe(
      `cb${(await readFile(join(full.dir, 'files/jsonp/matrix/MA0101.1.js'), 'utf8')).slice('callback'.length)}`,
    );
  });

  it('answers 400 for a name that is no JavaScript name on JSONP, and ignores callback on other formats', async () => {
    for (const { name, handle } of sites) {
      for (const bad of ['alert(1)%2F%2F', '', '1x', 'a..b', 'x%3Balert(1)', 'a'.repeat(129)]) {
        for (const [path, query] of [
          ['/api/v1/matrix/', `format=jsonp&callback=${bad}`],
          ['/api/v1/matrix/MA0101.1/', `callback=${bad}&format=jsonp`],
        ] as const) {
          const got = await ask(handle, path, query, null);
          expect([name, path, bad, got.status, got.mediaType, got.body]).toEqual([
            name,
            path,
            bad,
            400,
            'application/json',
            '{"detail":"Invalid JSONP callback name."}',
          ]);
        }
      }
      expect(
        (await ask(handle, '/api/v1/matrix/MA0101.1/', `format=jsonp&callback=${'a'.repeat(128)}`, null)).status,
      ).toBe(200);
      const json = await ask(handle, '/api/v1/matrix/MA0101.1/', 'format=json', null);
      expect(await ask(handle, '/api/v1/matrix/MA0101.1/', 'format=json&callback=alert(1)%2F%2F', null)).toMatchObject({
        status: 200,
        body: json.body,
      });
      expect((await ask(handle, '/api/v1/matrix/', 'format=yaml&callback=cb', null)).status).toBe(200);
    }
  });

  it('in rules mode (a rules-only host) serves the default name only, refusing another with the compute hosts named', async () => {
    const handle = sites[0]!.handle;
    const rules = { mode: 'rules' } as const;
    const file = await ask(handle, '/api/v1/matrix/MA0101.1/', 'format=jsonp&callback=callback', null, rules);
    expect(file).toMatchObject({ status: 200, fromFile: true });
    expect(file.body.startsWith('callback(')).toBe(true);
    expect((await ask(handle, '/api/v1/matrix/', 'format=jsonp&callback=callback', null, rules)).status).toBe(200);
    for (const [path, query] of [
      ['/api/v1/matrix/', 'format=jsonp&callback=cb'],
      ['/api/v1/matrix/MA0101.1/', 'format=jsonp&callback=jQuery1'],
      ['/api/v1/matrix/MA0101.1.jsonp', 'callback=cb'],
    ] as const) {
      const got = await ask(handle, path, query, null, rules);
      expect([path, got.status]).toEqual([path, 404]);
      expect(got.body).toContain('A JSONP callback name other than callback');
      expect(got.body).toContain(COMPUTE_HOSTS);
    }
    expect((await ask(handle, '/api/v1/matrix/', 'format=jsonp&callback=alert(1)', null, rules)).status).toBe(400);
    // Other formats ignore it here too.
    expect((await ask(handle, '/api/v1/matrix/MA0101.1/', 'format=json&callback=cb', null, rules)).status).toBe(200);
  });
});
