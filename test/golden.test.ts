/**
 * Golden files per format: the sample release's MA0101.2 detail and matrix list page 2 (order
 * -name) in every format of the format table, compared byte for byte with test/golden/. A
 * format without a golden file fails, as does a format without a host rule or Content-Type.
 * After an intended change, regenerate with `UPDATE_GOLDEN=1 npx vitest run test/golden.test.ts`
 * and review the diff.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORMATS, FORMAT_NAMES } from '../src/api/formats.js';
import { prefixTypes } from '../src/hosting/content-types.js';
import { DEFAULT_PAGE_SIZES } from '../src/plan/generate.js';
import { routeFile, routeUrl } from '../src/routes/paths.js';
import type { Route } from '../src/routes/route.js';
import { resolve } from '../src/runtime/resolve.js';
import type { SiteConfig } from '../src/routes/site-data.js';
import { PROJECT_ROOT } from './support/requirements.js';
import { SAMPLE, buildSite, type BuiltSite } from './support/site.js';

const GOLDEN = join(PROJECT_ROOT, 'test/golden');
const update = process.env.UPDATE_GOLDEN === '1';

const cases = (format: (typeof FORMAT_NAMES)[number]): [string, Route][] => [
  [`MA0101.2.${format}`, { kind: 'detail', resource: 'matrix-detail', params: { id: 'MA0101.2' }, format }],
  [
    `matrix-page2-name-desc.${format}`,
    {
      kind: 'list',
      resource: 'matrix-list',
      params: {},
      filters: {},
      order: '-name',
      page: 2,
      pageSize: null,
      format,
      formatInQuery: true,
    },
  ],
];

describe('the format table is consistent', () => {
  it('has unique names and extensions, each a safe file-name part', () => {
    expect(new Set(FORMATS.map((f) => f.name)).size).toBe(FORMATS.length);
    expect(new Set(FORMATS.map((f) => f.extension)).size).toBe(FORMATS.length);
    for (const f of FORMATS) expect(f.extension).toMatch(/^[a-z0-9]+$/);
  });

  it('gives every format a golden file, a file the rules tier serves and a Content-Type for hosts', () => {
    const site: SiteConfig = {
      generator: 'jaspar-static',
      baseUrl: 'https://jaspar.example.org',
      releases: [{ name: 'sample', year: null, root: '' }],
      formats: [...FORMAT_NAMES],
      withSites: true,
      prebuilt: { pageSizes: DEFAULT_PAGE_SIZES, orderFields: null, filterKeys: null, filterOrders: false },
    };
    for (const f of FORMATS) {
      expect(existsSync(join(GOLDEN, `MA0101.2.${f.name}`)) || update, `golden file for ${f.name}`).toBe(true);
      for (const [, route] of cases(f.name)) {
        const [path = '', query = ''] = routeUrl(route).split('?');
        const step = resolve({ method: 'GET', path, query, accept: null }, site, {}, { mode: 'rules' });
        const answer = 'answer' in step ? step.answer : null;
        expect(answer?.file, `rules tier for ${routeUrl(route)}`).toBe(routeFile(route));
        expect(answer?.headers.find(([k]) => k === 'Content-Type')?.[1], `Content-Type of ${routeUrl(route)}`).toBe(
          f.mediaType,
        );
      }
      expect(prefixTypes().find((p) => p.prefix === `/files/${f.name}/`)?.mediaType, `Content-Type for ${f.name}`).toBe(
        f.mediaType,
      );
    }
  });
});

describe('golden files of the sample release', () => {
  let site: BuiltSite;
  beforeAll(async () => {
    site = await buildSite(SAMPLE, { pageSizes: [], filterKeys: [] });
    if (update) mkdirSync(GOLDEN, { recursive: true });
  });
  afterAll(() => site?.cleanup());

  it.each(FORMAT_NAMES)('%s matches byte for byte', (format) => {
    for (const [name, route] of cases(format)) {
      const path = join(site.dir, routeFile(route));
      const golden = join(GOLDEN, name);
      if (!existsSync(path)) {
        // Only a format that needs binding sites may lack a page (none of its matrices has regions).
        expect(FORMATS.find((f) => f.name === format)?.needs, name).toBe('sites');
        expect(existsSync(golden), `${name} should not exist`).toBe(false);
        continue;
      }
      const got = readFileSync(path);
      if (update) writeFileSync(golden, got);
      expect(got.equals(readFileSync(golden)), `${name} differs from test/golden/${name}`).toBe(true);
    }
  });
});
