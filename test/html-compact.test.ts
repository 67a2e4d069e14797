/**
 * The browsable HTML of a compact build (docs/runtime.md: no page files, every page answered by
 * the request runtime): every link of the API's landing page (`/api/index.html`) and of every
 * page of the API it leads to is an API URL or a logo the runtime answers, and every one of them
 * answers, through the dev server; so does every link of the web site's pages it leads to (the
 * Downloads page and on), which are relative (src/portal/).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_DOCUMENTS } from '../src/api/documents.js';
import { LANDING_FILE } from '../src/formats/html/runtime-safe/links.js';
import { documentPath } from '../src/site/openapi/document.js';
import { crawl } from './support/html.js';
import { SAMPLE, buildSite, serve, type BuiltSite, type Served } from './support/site.js';

describe('HTML pages of a compact build', () => {
  let site: BuiltSite;
  let dev: Served;
  beforeAll(async () => {
    site = await buildSite(SAMPLE, { formats: ['json', 'bed', 'api'], compact: true });
    dev = await serve(site.dir);
  });
  afterAll(async () => {
    await dev?.close();
    site?.cleanup();
  });

  it('writes no page files', () => {
    expect(existsSync(join(site.dir, 'files/api'))).toBe(false);
    expect(existsSync(join(site.dir, 'index.html'))).toBe(true);
    expect(existsSync(join(site.dir, LANDING_FILE))).toBe(true);
  });

  it('links every page to API URLs and logos only, and each of them answers', async () => {
    const landing = `/${LANDING_FILE}`;
    const { answers, links } = await crawl(dev.origin, [landing], 100, 5000);
    const pages = [...answers].filter(([, a]) => a.type.startsWith('text/html'));
    expect(pages.length).toBeGreaterThan(150);
    expect(answers.size).toBeLessThan(5000);
    // The API's own documents and pages (src/api/documents.ts) are HTML at their own URLs and at their files.
    const files = API_DOCUMENTS.flatMap((d) => d.variants.map((v) => v.file));
    const documents = [...API_DOCUMENTS.map((d) => documentPath(d.segment)), ...files.map((f) => `/${f}`)];
    const isDocument = (path: string) => documents.includes(new URL(path, dev.origin).pathname);
    // The landing page is also the web site's /api/ page, which the web site's navigation links.
    const isLanding = (path: string) => path === landing || path === '/api/';
    // The web site's pages: every HTML page that is neither the API's nor one of its documents.
    const isSitePage = (path: string) => !path.startsWith('/api/') && !isDocument(path);
    expect(pages.filter(([p]) => isSitePage(p)).length).toBeGreaterThan(0);
    for (const [path] of pages.filter(([p]) => p.startsWith('/api/') && !isDocument(p) && !isLanding(p)))
      expect(path).toMatch(/[?&]format=api(&|$)/);
    for (const { page, href } of links) {
      // The landing page's TF-class facets open its own search (test/browser-search.test.ts).
      if (isLanding(page) && /^#class=[^#]+$/.test(href)) continue;
      // The documents' pages link Swagger UI, the description, the landing page, each other's files and the web
      // site's main pages by the site root, from a page as deep as its URL (src/site/openapi/,
      // src/site/coreapi/pages.ts).
      const byRoot = /^(?:\.\.\/){3}(.+)$/.exec(href)?.[1];
      const docs =
        isDocument(page) &&
        (byRoot === undefined
          ? isDocument(href)
          : /^static\/openapi\/[a-z.-]+$/.test(byRoot) ||
            byRoot === LANDING_FILE ||
            files.includes(byRoot) ||
            /^[a-z-]+\/index\.html$/.test(byRoot));
      // The web site's pages (the Downloads page, the download listings and the pages their navigation leads to)
      // link relatively, from disk as from a server (src/portal/shell.ts); their links are asked below all the same.
      // Every page's header and footer (the one page shell, src/formats/html/runtime-safe/shell.ts) link the web
      // site's main pages by their folders.
      if (!docs && !(isLanding(page) && isDocument(href)) && !isSitePage(page))
        expect(href, page).toMatch(
          /^\/(api\/v1\/[^?]*\?(.*&)?format=[a-z]+(&|$)|api\/v1\/(docs|schema)\/$|static\/logos\/svg\/[A-Za-z0-9._-]+\.svg$|static\/search\/search\.js$|api\/index\.html$|downloads\/index\.html$|[a-z-]+\/$)/,
        );
      const url = new URL(href, new URL(page, dev.origin));
      // The crawl reads pages; the download files the Downloads page links are asked here.
      const status =
        answers.get(`${url.pathname}${url.search}`)?.status ?? (await fetch(url, { method: 'HEAD' })).status;
      expect(status, `${page} → ${href}`).toBe(200);
    }
    // Details, versions, TFFMs, every list and its orders and pages were reached.
    for (const path of [
      '/api/v1/matrix/MA0101.2/?format=api',
      '/api/v1/matrix/MA0101/versions/?format=api',
      '/api/v1/tffm/TFFM0001.1/?format=api',
      '/api/v1/species/10116/?format=api',
      '/api/v1/matrix/?format=api&order=-name&page=4',
      '/static/logos/svg/MA0101.2.rc.svg',
    ]) {
      expect(answers.get(path)?.status, path).toBe(200);
    }
  });
});
