/**
 * nginx's kept answers (issue 47, src/hosts/nginx/answers.ts): with a folder named in the server
 * block, nginx answers a repeated computed request from the file the runtime kept, exactly as the
 * dev server answers it (status, Content-Type, bytes, ETag and its 304), whatever differs between
 * requests (query, format, Accept, release, callback); the folder stays within its slots and
 * sizes; and a slot holding another request's answer is never sent for this one.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ClientRequest, Reply } from '../../src/check/types.js';
import { MAX_BODY, SLOTS } from '../../src/hosts/nginx/answers.js';
import { describeWith } from '../support/requirements.js';
import { send } from './support/client.js';
import { startReference, type Reference } from './support/dev-server.js';
import { nginxRequirements, startNginx, type RunningNginx } from './support/nginx.js';
import { buildSample, type BuiltSample } from './support/sites.js';

/** Requests differing in each part an answer depends on; computed on a compact build. */
function requests(): ClientRequest[] {
  const paths = ['/api/v1/matrix/', '/api/v1/matrix/MA0101.2/', '/api/v1/matrix/MA0101.2.jsonp', '/api/v1/taxon/'];
  const queries = [
    '',
    '?page=2&page_size=1',
    '?page_size=1&page=2',
    '?search=ar',
    '?search=AR&order=-name',
    '?format=yaml',
    '?format=jsonp&callback=a',
    '?format=jsonp&callback=b',
    '?callback=a',
    '?release=2016',
    '?release=2016&format=jaspar',
  ];
  const accepts = [undefined, 'application/json', 'application/x-yaml', 'text/html'];
  const out: ClientRequest[] = [];
  for (const path of paths)
    for (const query of queries)
      for (const accept of accepts)
        out.push({ method: 'GET', target: `${path}${query}`, ...(accept === undefined ? {} : { accept }) });
  return out;
}

/** The key a kept file names: the build, the site root, the request target, the Accept header. */
function keyOf(file: string): string[] {
  const head = JSON.parse(readFileSync(file, 'utf8').split('\n')[0]!) as { key: string };
  return JSON.parse(head.key) as string[];
}

const seen = (r: Reply) => ({
  status: r.status,
  contentType: r.contentType,
  body: r.body.toString('latin1'),
  etag: r.headers?.etag ?? null,
});

/** Every header but the date: a kept answer is sent as the runtime sent it. */
const headers = (r: Reply) => {
  const out = { ...r.headers };
  delete out.date;
  return out;
};

describeWith('nginx keeps computed answers on disk (answers.ts)', nginxRequirements(), () => {
  let built: BuiltSample;
  let nginx: RunningNginx;
  let reference: Reference;

  beforeAll(async () => {
    built = await buildSample(['nginx'], true);
    nginx = await startNginx(built.site, built.deploy, { keepAnswers: true });
    reference = await startReference(built.site);
  }, 180_000);

  afterAll(async () => {
    await reference?.close();
    await nginx?.close();
    await built?.cleanup();
  });

  it('answers every request, the first time and from its kept file, as the dev server does, 304 included', async () => {
    const all = requests();
    for (const req of all) {
      const want = seen(await reference.send(req));
      const first = await send(nginx.port, req);
      const again = await send(nginx.port, req);
      expect(seen(first), `${req.target} Accept ${req.accept}`).toEqual(want);
      expect(seen(again), `${req.target} Accept ${req.accept} (kept)`).toEqual(want);
      expect(headers(again)).toEqual(headers(first));
      if (want.etag !== null) {
        const revalidate = { ...req, headers: { 'If-None-Match': want.etag } };
        const ref304 = await reference.send(revalidate);
        const got304 = await send(nginx.port, revalidate);
        expect(got304.status).toBe(304);
        expect(seen(got304)).toEqual(seen(ref304));
        // From the kept file, as the runtime sends it.
        const fresh = await send(nginx.port, {
          ...revalidate,
          target: `${req.target}${req.target.includes('?') ? '&' : '?'}`,
        });
        if (fresh.status === 304)
          expect(Object.keys(headers(got304)).sort()).toEqual(Object.keys(headers(fresh)).sort());
      }
    }
    // The answers were kept, within the folder's bounds.
    const files = readdirSync(nginx.answers!);
    expect(files.length).toBeGreaterThan(20);
    expect(files.length).toBeLessThanOrEqual(SLOTS);
    for (const f of files) expect(statSync(join(nginx.answers!, f)).size).toBeLessThan(3 * MAX_BODY + 4096);
  }, 300_000);

  it("never sends another request's answer kept in this one's slot", async () => {
    const a: ClientRequest = { method: 'GET', target: '/api/v1/matrix/?search=ark' };
    const b: ClientRequest = { method: 'GET', target: '/api/v1/matrix/?search=arkin&page_size=1' };
    // The file holding a request's answer: the one whose key names its target.
    const slotOf = async (req: ClientRequest): Promise<string> => {
      await send(nginx.port, req);
      const files = readdirSync(nginx.answers!).map((f) => join(nginx.answers!, f));
      const found = files.filter((f) => keyOf(f)[2] === req.target);
      expect(found).toHaveLength(1);
      return found[0]!;
    };
    const slotA = await slotOf(a);
    const slotB = await slotOf(b);
    // A's slot now holds B's answer, as a colliding slot would.
    if (slotB !== slotA) writeFileSync(slotA, readFileSync(slotB));
    expect(keyOf(slotA)[2]).toBe(b.target);
    const want = seen(await reference.send(a));
    expect(seen(await send(nginx.port, a))).toEqual(want);
    expect(want.body).not.toEqual(seen(await reference.send(b)).body);
    // The runtime answered and kept A's own answer again.
    expect(seen(await send(nginx.port, a))).toEqual(want);
    expect(keyOf(slotA)[2]).toBe(a.target);
  });
});
