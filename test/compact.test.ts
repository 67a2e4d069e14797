/**
 * The compact build (issue 10): fragments, index and assets only, for hosts that run the
 * request runtime. Its file count does not grow with pages × orders × page sizes, and the
 * runtime answers from it exactly what it answers from a full build of the same release.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer, openSite, type SiteHandle } from '../src/server/site-files.js';
import { fileText, type Answer } from '../src/runtime/answer.js';
import { readFile } from 'node:fs/promises';
import { SAMPLE, buildSite, type BuiltSite } from './support/site.js';

function countFiles(dir: string): number {
  let n = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) n += e.isDirectory() ? countFiles(join(dir, e.name)) : 1;
  return n;
}

/** The bytes a host would send for an answer: its body, or its file (compute mode falls back to assembling). */
async function bytes(
  site: SiteHandle,
  url: string,
  accept: string | null = null,
): Promise<{ status: number; type: string | undefined; body: string }> {
  const q = url.indexOf('?');
  const req = {
    method: 'GET',
    path: q === -1 ? url : url.slice(0, q),
    query: q === -1 ? '' : url.slice(q + 1),
    accept,
  };
  let a: Answer = await answer(site, req, { mode: 'compute' });
  while (a.file !== undefined) {
    const path = join(site.root, a.file);
    const exists = statSync(path, { throwIfNoEntry: false })?.isFile() ?? false;
    if (exists)
      return {
        status: a.status,
        type: a.headers.find(([k]) => k === 'Content-Type')?.[1],
        body: fileText(a, await readFile(path, 'utf8')),
      };
    const missing = a.missing;
    if (missing === undefined) throw new Error(`no fallback for ${url}`);
    a = missing === 'compute' ? await answer(site, req, { mode: 'compute', skipFiles: true }) : missing;
  }
  return { status: a.status, type: a.headers.find(([k]) => k === 'Content-Type')?.[1], body: a.body ?? '' };
}

const REQUESTS: [string, string | null][] = [
  ['/api/v1/matrix/', null],
  ['/api/v1/matrix/?page=2&order=-name', null],
  ['/api/v1/matrix/?page_size=7&page=3&collection=core&version=latest', null],
  ['/api/v1/matrix/?search=ar&format=meme', null],
  ['/api/v1/matrix/?tf_class=zipper&format=yaml', null],
  ['/api/v1/matrix/MA0101.1/', null],
  ['/api/v1/matrix/MA0101.1/', 'text/meme'],
  ['/api/v1/matrix/MA0101.1.jaspar', null],
  ['/api/v1/matrix/MA0101.1/?format=jsonp', null],
  // JSONP with a name of its own (contract §8.1): a full build's file renamed, a compact build's JSON wrapped.
  ['/api/v1/matrix/MA0101.1/?format=jsonp&callback=jQuery371_1700000000000', null],
  ['/api/v1/tffm/TFFM0001.1/?callback=ns.cb&format=jsonp', null],
  ['/api/v1/matrix/MA0101.1.jsonp?callback=cb', null],
  ['/api/v1/matrix/MA0101.1/', 'application/javascript'],
  ['/api/v1/matrix/?format=jsonp&callback=cb&page=2&page_size=3', null],
  ['/api/v1/matrix/MA0101.1/?format=jsonp&callback=alert(1)%2F%2F', null],
  ['/api/v1/tffm/?search=arkin&tax_group=vertebrates&order=-name,version', null],
  ['/api/v1/matrix/?class=zinc&type=chip&format=yaml', null],
  ['/api/v1/matrix/MA0101/versions/?format=transfac', null],
  ['/api/v1/matrix/MA0101/versions/', 'application/yaml'],
  ['/api/v1/tffm/?order=-log_p_1st_order&page_size=5', null],
  ['/api/v1/tffm/TFFM0001.1/', null],
  ['/api/v1/collections/CORE/?page_size=1000&format=pfm', null],
  ['/api/v1/species/?format=yaml', null],
  ['/api/v1/taxon/', null],
  ['/api/v1/releases/', null],
  ['/api/v1/', null],
  ['/api/v1/matrix/NOPE.1/', null],
  ['/api/v1/matrix/?page=99', null],
  ['/static/logos/svg/MA0101.1.svg', null],
  ['/static/logos/svg/MA0101.1.rc.svg', null],
];

describe('compact build', () => {
  let full: BuiltSite;
  let compact: BuiltSite;
  let compactTrimmed: BuiltSite;
  beforeAll(async () => {
    full = await buildSite(SAMPLE, { formats: ['json', 'yaml', 'jsonp', 'jaspar', 'transfac', 'pfm', 'meme'] });
    compact = await buildSite(SAMPLE, { compact: true });
    compactTrimmed = await buildSite(SAMPLE, { compact: true, pageSizes: [], orderFields: [], filterKeys: [] });
  });
  afterAll(() => {
    full?.cleanup();
    compact?.cleanup();
    compactTrimmed?.cleanup();
  });

  it('writes no prebuilt page and no detail file, and as many files whatever the page sizes, orders and filters', () => {
    const n = countFiles(compact.dir);
    expect(n).toBe(countFiles(compactTrimmed.dir));
    expect(statSync(join(compact.dir, 'files'), { throwIfNoEntry: false })).toBeUndefined();
    // The download area (contract §9) is written by compact builds too: a few files per bundle, not per page.
    // Beside the download area and the web site's pages of each profile (src/portal/: profile, versions, logo
    // and sites pages, a record script; collection pages), a few pages of the site and the runtime's data.
    const downloads = countFiles(join(compact.dir, 'download'));
    const profiles = ['matrix', 'sites', 'collection', 'static/portal'].reduce(
      (k, d) => k + countFiles(join(compact.dir, d)),
      0,
    );
    expect(downloads).toBeGreaterThan(0);
    expect(profiles).toBeGreaterThan(4 * 30);
    expect(n - downloads - profiles).toBeLessThan(100);
  });

  it('answers as a full build does', async () => {
    const fromFull = await openSite(full.dir);
    const fromCompact = await openSite(compact.dir);
    for (const [url, accept] of REQUESTS) {
      const a = await bytes(fromCompact, url, accept);
      if (url.startsWith('/static/')) {
        // Full builds serve logos as files, outside the runtime.
        expect(a.status, url).toBe(200);
        expect(a.body, url).toBe(await readFile(join(full.dir, url), 'utf8'));
        continue;
      }
      const b = await bytes(fromFull, url, accept);
      expect({ url, ...a }).toEqual({ url, ...b });
    }
  });
});
