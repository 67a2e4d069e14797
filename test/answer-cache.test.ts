/**
 * The runtime's answer cache (issue 47, src/runtime/answer-cache.ts) never answers one request
 * with another's body: over a site of two releases of the sample, compact (every list page and
 * detail computed), any stream of requests differing in query, format (named, by suffix, or
 * negotiated from Accept), release and JSONP callback gets, through one small cache that keeps
 * dropping entries, exactly the answers each request gets with no cache at all.
 */
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { answerSync } from '../src/hosting/edge/steps.js';
import type { Answer, Loaded } from '../src/runtime/answer.js';
import { newAnswerCache } from '../src/runtime/answer-cache.js';
import type { RuntimeRequest } from '../src/runtime/resolve.js';
import type { SiteConfig } from '../src/routes/site-data.js';
import { build } from '../src/site/build.js';
import { removeTree, tempDir } from './support/scratch.js';
import { sampleVariant } from './support/trimmed-sample.js';

let dir: string;
let site: string;
let config: SiteConfig;
let ids: string[];

beforeAll(async () => {
  dir = await tempDir('answer-cache');
  // The releases differ: the older one lacks the first matrix.
  const older = (await sampleVariant(dir, 'JASPAR2016', (i) => i > 0)).dump;
  const newer = await sampleVariant(dir, 'JASPAR2018', () => true);
  ids = newer.ids;
  site = join(dir, 'site');
  await build({
    dump: [older, newer.dump],
    out: site,
    baseUrl: 'http://jaspar.test',
    formats: ['json', 'jsonp', 'yaml', 'jaspar', 'api'],
    targets: ['cloudflare'],
    compact: true,
  });
  config = JSON.parse(readFileSync(join(site, '_jaspar/site.json'), 'utf8')) as SiteConfig;
}, 120_000);

afterAll(() => removeTree(dir));

const load = (path: string): unknown => {
  try {
    return JSON.parse(readFileSync(join(site, path), 'utf8')) as unknown;
  } catch {
    return null;
  }
};

/** Requests differing in each part the cache's key must tell apart. */
function pool(): RuntimeRequest[] {
  const paths = ['/api/v1/matrix/', '/api/v1/matrix', `/api/v1/matrix/${ids[0]}/`, `/api/v1/matrix/${ids[1]}/`];
  paths.push(`/api/v1/matrix/${ids[1]}.jsonp`, `/api/v1/matrix/${ids[1]}.yaml`, '/api/v1/collections/CORE/');
  const queries = [
    '',
    'page=2&page_size=1',
    'page_size=1&page=2',
    'search=ar',
    'search=AR',
    'search=ark&order=-name',
    'format=yaml',
    'format=jsonp',
    'format=jsonp&callback=a',
    'format=jsonp&callback=b',
    'format=jsonp&callback=1x',
    'release=2016',
    'release=JASPAR2018',
    'release=2016&format=jaspar',
    'search=%61r',
    'callback=a',
  ];
  const accepts = [null, 'application/json', 'application/x-yaml', 'text/html', 'application/javascript'];
  const out: RuntimeRequest[] = [];
  for (const path of paths)
    for (const query of queries) for (const accept of accepts) out.push({ method: 'GET', path, query, accept });
  return out;
}

const same = (a: Answer) => ({ status: a.status, headers: a.headers, body: a.body, file: a.file });

it('a stream of requests through one small cache gets the answers each gets without one', () => {
  const requests = pool();
  const uncached = requests.map((r) => same(answerSync(r, config, {}, { mode: 'compute' }, load)));
  // Distinct requests do differ: the cache has something to confuse.
  expect(new Set(uncached.filter((a) => a.status === 200).map((a) => a.body)).size).toBeGreaterThan(40);
  fc.assert(
    fc.property(
      fc.array(fc.nat(requests.length - 1), { minLength: 1, maxLength: 80 }),
      fc.integer({ min: 1, max: 8 }),
      (stream, entries) => {
        const answers = newAnswerCache({ entries, bytes: 40_000 });
        const loaded: Loaded = {};
        // Each request twice in a row, so the second is answered from the cache.
        for (const i of stream.flatMap((k) => [k, k])) {
          const got = answerSync(requests[i]!, config, loaded, { mode: 'compute', answers }, load);
          expect(same(got), `${requests[i]!.path}?${requests[i]!.query} Accept ${requests[i]!.accept}`).toEqual(
            uncached[i],
          );
          expect(answers.entries).toBeLessThanOrEqual(entries);
          expect(answers.bytes).toBeLessThanOrEqual(40_000);
        }
      },
    ),
    { numRuns: 60 },
  );
});

it('a repeated request is answered from the cache, not computed again', () => {
  const answers = newAnswerCache();
  const req: RuntimeRequest = { method: 'GET', path: '/api/v1/matrix/', query: 'search=ar', accept: null };
  const first = answerSync(req, config, {}, { mode: 'compute', answers }, load);
  // An empty `loaded`: computing again would need the index, which this one lacks and cannot load.
  const again = answerSync(req, config, {}, { mode: 'compute', answers }, () => {
    throw new Error('computed again');
  });
  expect(again).toBe(first);
  expect(answers.entries).toBe(1);
});
