/**
 * The browsable pages in a real headless Chromium (Debian's, driven by playwright-core), both
 * through the dev server (from the web site's home page by its "API" link) and straight from
 * disk (`file://`, JavaScript off): the API's landing page → matrix list → next page → another
 * order → a detail with its logo → another format; from disk also the API's own pages, the API
 * root and the documentation and back; and a page the runtime assembles (a search) with its
 * links, with no console error and no failed request.
 * Screenshots go to test-artifacts/.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANDING_FILE } from '../src/formats/html/runtime-safe/links.js';
import { EVIL, writeEvilDump } from './support/evil-dump.js';
import { chromiumInstalled, follow, launch, type Browser } from './support/browser.js';
import { describeWith, PROJECT_ROOT } from './support/requirements.js';
import { SAMPLE, buildSite, serve, sharedSite, type BuiltSite, type Served } from './support/site.js';

const ARTIFACTS = join(PROJECT_ROOT, 'test-artifacts');

/** The natural width of every image of the page, once each has loaded or failed (lazy ones scrolled to). */
const imagesLoaded = (page: Page): Promise<number[]> =>
  page.$$eval('img', (imgs) =>
    Promise.all(
      imgs.map((img) => {
        if (img.complete) return img.naturalWidth;
        img.scrollIntoView();
        return new Promise<number>((done) => {
          img.addEventListener('load', () => done(img.naturalWidth));
          img.addEventListener('error', () => done(0));
        });
      }),
    ),
  );

/** The walk both modes share, from the API's landing page (the page open); `label` names the screenshots. */
async function walk(b: Browser, label: string): Promise<void> {
  const { page } = b;
  await expect(page.locator('h1').textContent()).resolves.toBe('sample');

  await follow(page, 'a:text-is("/api/v1/matrix/")');
  expect(page.url()).toMatch(/\/files\/api\/matrix\/_\/default\/default\/1\.html$/);
  expect((await imagesLoaded(page)).every((w) => w > 0)).toBe(true);
  await expect(page.locator('nav.pages .here').first().textContent()).resolves.toMatch(/^page 1 of \d+$/);

  await follow(page, 'a[rel="next"]');
  expect(page.url()).toMatch(/\/default\/default\/2\.html$/);
  expect((await imagesLoaded(page)).every((w) => w > 0)).toBe(true);
  await expect(page.locator('nav.pages .here').first().textContent()).resolves.toMatch(/^page 2 of /);

  await follow(page, 'nav.orders a:text-is("-name")');
  expect(page.url()).toMatch(/\/default\/-name\/1\.html$/);
  await expect(page.locator('nav.orders .here').textContent()).resolves.toBe('-name');
  const thumbs = await imagesLoaded(page);
  expect(thumbs.length).toBe(10);
  expect(thumbs.every((w) => w > 0)).toBe(true);
  await page.screenshot({ path: join(ARTIFACTS, `${label}-list.png`), fullPage: true });

  const id = await page.locator('table.records tbody tr td a').first().textContent();
  await follow(page, 'table.records tbody tr td a');
  expect(page.url()).toMatch(new RegExp(`/files/api/matrix/${(id ?? '').replace('.', '\\.')}\\.html$`));
  const logos = await imagesLoaded(page);
  expect(logos.length).toBe(2);
  expect(logos.every((w) => w > 0)).toBe(true);
  await expect(page.locator('table.pfm tr').count()).resolves.toBe(5);
  await page.screenshot({ path: join(ARTIFACTS, `${label}-detail.png`), fullPage: true });

  await follow(page, 'nav.formats a:text-is("json")');
  expect(page.url()).toMatch(/\/files\/json\/matrix\/[A-Z]+[0-9.]+\.json$/);
  const body = JSON.parse((await page.locator('pre').first().innerText()).trim()) as { matrix_id: string };
  expect(body.matrix_id).toBe(id);
  expect(b.problems).toEqual([]);
}

describeWith('browsable pages in Chromium', [chromiumInstalled()], () => {
  let site: BuiltSite;
  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    site = await sharedSite(SAMPLE);
  });

  describe('through the dev server', () => {
    let dev: Served;
    let b: Browser;
    beforeAll(async () => {
      dev = await serve(site.dir);
      b = await launch();
    });
    afterAll(async () => {
      await b?.close();
      await dev?.close();
    });

    it('walks home → landing → list → next → order → detail → logo → json', async () => {
      await b.page.goto(`${dev.origin}/`);
      await follow(b.page, 'nav.site a:text-is("API")');
      expect(b.page.url()).toBe(`${dev.origin}/api/`);
      await walk(b, 'server');
    });

    it('gives a browser the HTML page at an API URL, and its links and images work there', async () => {
      const { page } = b;
      await page.goto(`${dev.origin}/api/v1/matrix/?page=2`);
      await expect(page.locator('nav.pages .here').first().textContent()).resolves.toMatch(/^page 2 of /);
      expect((await imagesLoaded(page)).every((w) => w > 0)).toBe(true);
      await follow(page, 'a[rel="next"]');
      expect(page.url()).toMatch(/\/files\/api\/matrix\/_\/default\/default\/3\.html$/);
      expect((await imagesLoaded(page)).every((w) => w > 0)).toBe(true);
      await page.goto(`${dev.origin}/api/v1/matrix/MA0101.2/`);
      const logos = await imagesLoaded(page);
      expect(logos).toHaveLength(2);
      expect(logos.every((w) => w > 0)).toBe(true);
      await follow(page, 'a:text-is("MA0101.1")');
      expect(page.url()).toMatch(/\/files\/api\/matrix\/MA0101\.1\.html$/);
      expect(b.problems).toEqual([]);
    });
  });

  describe('a page the runtime assembles, through the dev server', () => {
    let dev: Served;
    let b: Browser;
    beforeAll(async () => {
      dev = await serve(site.dir);
      b = await launch();
    });
    afterAll(async () => {
      await b?.close();
      await dev?.close();
    });

    it('shows a search with its logos, and its links lead to working pages and files', async () => {
      const { page } = b;
      await page.goto(`${dev.origin}/api/v1/matrix/?search=ar`);
      await expect(page.locator('main > p.muted').textContent()).resolves.toBe('4 records');
      let thumbs = await imagesLoaded(page);
      expect(thumbs).toHaveLength(4);
      expect(thumbs.every((w) => w > 0)).toBe(true);

      // No file holds this order of the search: the link is an API URL the runtime answers.
      await follow(page, 'nav.orders a:text-is("-name")');
      expect(page.url()).toBe(`${dev.origin}/api/v1/matrix/?format=api&order=-name&search=ar`);
      await expect(page.locator('nav.orders .here').textContent()).resolves.toBe('-name');
      thumbs = await imagesLoaded(page);
      expect(thumbs).toHaveLength(4);
      expect(thumbs.every((w) => w > 0)).toBe(true);
      await page.screenshot({ path: join(ARTIFACTS, 'assembled-list.png'), fullPage: true });

      // A record's page is a file of the build, linked root-relative.
      const id = await page.locator('table.records tbody tr td a').first().textContent();
      await follow(page, 'table.records tbody tr td a');
      expect(page.url()).toBe(`${dev.origin}/files/api/matrix/${id}.html`);
      const logos = await imagesLoaded(page);
      expect(logos).toHaveLength(2);
      expect(logos.every((w) => w > 0)).toBe(true);

      await page.goBack();
      await follow(page, 'nav.formats a:text-is("json")');
      expect(page.url()).toBe(`${dev.origin}/api/v1/matrix/?format=json&order=-name&search=ar`);
      const body = JSON.parse((await page.locator('pre').first().innerText()).trim()) as {
        count: number;
        results: { matrix_id: string }[];
      };
      expect(body.count).toBe(4);
      expect(body.results[0]?.matrix_id).toBe(id);
      expect(b.problems).toEqual([]);
    });
  });

  describe('from file:// with JavaScript off', () => {
    let b: Browser;
    beforeAll(async () => {
      b = await launch({ javaScriptEnabled: false });
    });
    afterAll(async () => b?.close());

    it('walks landing → list → next → order → detail → logo → json', async () => {
      await b.page.goto(pathToFileURL(join(site.dir, LANDING_FILE)).href);
      await walk(b, 'file');
    });

    it("walks landing → the API's own pages → the API root and the documentation → landing (issue 38)", async () => {
      const { page } = b;
      const file = (path: string) => pathToFileURL(join(site.dir, path)).href;
      await page.goto(file(LANDING_FILE));
      await follow(page, 'a:text-is("home")');
      expect(page.url()).toBe(file('static/pages/home/index.html'));
      await follow(page, 'nav a:text-is("overview")');
      expect(page.url()).toBe(file('static/pages/overview/index.html'));
      await follow(page, 'nav a:text-is("clients")');
      expect(page.url()).toBe(file('static/pages/clients/index.html'));
      await follow(page, 'nav a:text-is("home")');
      await follow(page, 'a:text-is("The API root")');
      expect(page.url()).toBe(file('files/api/index.html'));
      await page.goBack();
      await follow(page, 'nav a:text-is("documentation")');
      expect(page.url()).toBe(file('static/openapi/docs/index.html'));
      await page.goBack();
      await follow(page, 'nav a:text-is("Browse the API")');
      expect(page.url()).toBe(file(LANDING_FILE));
      expect(b.problems).toEqual([]);
    });
  });

  describe('a release with markup in its values', () => {
    let evil: BuiltSite;
    let b: Browser;
    beforeAll(async () => {
      evil = await buildSite(writeEvilDump());
      b = await launch();
    });
    afterAll(async () => {
      await b?.close();
      evil?.cleanup();
    });

    it('shows the values as text and runs none of them', async () => {
      const { page } = b;
      await page.goto(pathToFileURL(join(evil.dir, 'files/api/matrix/MA0001.1.html')).href);
      await expect(page.locator('h1').textContent()).resolves.toBe(`MA0001.1 ${EVIL.name}`);
      await expect(page.locator('body').innerText()).resolves.toContain(EVIL.comment);
      await expect(page.locator('body').innerText()).resolves.toContain(EVIL.species);
      await expect(page.locator('main script, main img[src="x"], main b').count()).resolves.toBe(0);
      await page.goto(pathToFileURL(join(evil.dir, 'files/api/tffm/_/default/default/1.html')).href);
      await expect(page.locator('table.records').innerText()).resolves.toContain(EVIL.tffmName);
      expect(b.problems).toEqual([]);
    });
  });
});
