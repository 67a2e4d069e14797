/**
 * The search box in a real headless Chromium (Debian's, driven by playwright-core), from
 * `file://` as a person browsing a copied site opens it: typing finds matrices by name, id and
 * TF class on the API's landing page (`api/index.html`) and on a list page deep in the tree, a
 * result leads to the matrix's detail page, the landing page's class facets list the class. On JASPAR 2016 (real
 * data): "arnt" finds MA0004.1, and so does its TF class. A compact sample site, through the
 * dev server, links its results to the API URLs the runtime answers. Screenshots go to the
 * test's scratch folder.
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { LANDING_FILE } from '../src/formats/html/runtime-safe/links.js';
import { chromiumInstalled, launch, type Browser } from './support/browser.js';
import { describeWith, sharedPath } from './support/requirements.js';
import { tempDir } from './support/scratch.js';
import { JASPAR2016_PAGES, SAMPLE, buildSite, serve, sharedSite, type BuiltSite, type Served } from './support/site.js';

const jaspar2016 = sharedPath('releases', 'JASPAR2016');

/** Type `query` into the search box and wait for its answer; the hits' matrix ids and the count line. */
async function search(page: Page, query: string): Promise<{ ids: string[]; count: string }> {
  const box = page.locator('form.search input');
  await box.fill('');
  await box.pressSequentially(query);
  await page.waitForFunction(
    (q) => document.querySelector('form.search .hits p')?.textContent?.includes(`“${q}”`) === true,
    query,
  );
  return hits(page);
}

const hits = async (page: Page): Promise<{ ids: string[]; count: string }> => ({
  ids: await page.locator('form.search .hits li a b').allTextContents(),
  count: (await page.locator('form.search .hits p').textContent()) ?? '',
});

/** Click the hit of matrix `id` and wait for the page it leads to. */
async function openHit(page: Page, id: string): Promise<void> {
  const before = page.url();
  await Promise.all([
    page.waitForURL((u) => u.href !== before),
    page.locator('form.search .hits li a', { has: page.locator(`b:text-is("${id}")`) }).click(),
  ]);
}

/** A full-page screenshot into `dir`; its size in bytes. */
async function screenshot(page: Page, dir: string, name: string): Promise<number> {
  const path = join(dir, name);
  await page.screenshot({ path, fullPage: true });
  return statSync(path).size;
}

describeWith('the search box in Chromium, sample release', [chromiumInstalled()], () => {
  let site: BuiltSite;
  let b: Browser;
  let shots: string;
  beforeAll(async () => {
    site = await sharedSite(SAMPLE);
    shots = await tempDir('search-shots');
    b = await launch();
  });
  afterAll(async () => b?.close());
  const fileUrl = (path: string) => pathToFileURL(join(site.dir, path)).href;

  it('finds matrices by name, id, class, family, species and collection from file:// on the landing page', async () => {
    const { page } = b;
    await page.goto(fileUrl(LANDING_FILE));
    expect((await search(page, 'arkin')).ids.sort()).toEqual(['MA0101.1', 'MA0101.2', 'MA0101.3']);
    expect((await search(page, 'MA0101.2')).ids).toEqual(['MA0101.2']);
    expect((await search(page, 'bZIP')).ids).toEqual(['MA0104.1']);
    expect((await search(page, 'C/EBP')).ids).toEqual(['MA0104.1']);
    expect((await search(page, 'Saccharomyces')).ids).toEqual(['MA0108.1']);
    const polii = await search(page, 'POLII');
    expect(polii.ids).toHaveLength(4);
    expect(polii.count).toBe('4 matrices for “POLII”');
    expect(await search(page, 'zzzz')).toEqual({ ids: [], count: '0 matrices for “zzzz”' });
    expect(await screenshot(page, shots, 'landing-search.png')).toBeGreaterThan(0);
    expect(b.problems).toEqual([]);
  });

  it('works on a list page deep in the tree and leads to the detail page', async () => {
    const { page } = b;
    await page.goto(fileUrl('files/api/matrix/_/default/-name/2.html'));
    const found = await search(page, 'Basic helix-loop-helix');
    expect(found.ids).toContain('MA0105.1');
    await openHit(page, 'MA0105.1');
    expect(page.url()).toBe(fileUrl('files/api/matrix/MA0105.1.html'));
    await expect(page.locator('h1').textContent()).resolves.toBe('MA0105.1 Mesp-4');
    expect(b.problems).toEqual([]);
  });

  it("lists every matrix of a TF class from the landing page's facet, and links the other facets to list pages", async () => {
    const { page } = b;
    await page.goto(fileUrl(LANDING_FILE));
    await page.locator('dl.facets a:text-is("Homeo domain factors")').click();
    await page.waitForSelector('form.search .hits li');
    const listed = await hits(page);
    expect(listed.ids.sort()).toEqual(['MA0106.1', 'MA0107.1', 'MA0107.2']);
    expect(listed.count).toBe('3 matrices of TF class “Homeo domain factors”');
    expect(await screenshot(page, shots, 'landing-class.png')).toBeGreaterThan(0);
    await Promise.all([page.waitForURL(/collection\/CORE/), page.locator('dl.facets a:text-is("CORE")').click()]);
    expect(page.url()).toBe(fileUrl('files/api/matrix/_/collection/CORE/default/default/1.html'));
    await expect(page.locator('main > p.muted').textContent()).resolves.toBe('16 records');
    expect(b.problems).toEqual([]);
  });
});

describeWith('the search box in Chromium, compact sample site through the dev server', [chromiumInstalled()], () => {
  let site: BuiltSite;
  let dev: Served;
  let b: Browser;
  beforeAll(async () => {
    site = await buildSite(SAMPLE, { formats: ['json', 'api'], compact: true, targets: ['nginx'] });
    dev = await serve(site.dir);
    b = await launch();
  });
  afterAll(async () => {
    await b?.close();
    await dev?.close();
    await site?.cleanup();
  });

  it('shows the same box on pages the runtime assembles, its results leading to pages the runtime answers', async () => {
    const { page } = b;
    await page.goto(`${dev.origin}/api/v1/collections/CORE/?format=api&page=2`);
    expect((await search(page, 'abdx')).ids.sort()).toEqual(['MA0107.1', 'MA0107.2']);
    await openHit(page, 'MA0107.2');
    expect(page.url()).toBe(`${dev.origin}/api/v1/matrix/MA0107.2/?format=api`);
    await expect(page.locator('h1').textContent()).resolves.toBe('MA0107.2 abdX');
    await page.goto(`${dev.origin}/api/`);
    expect((await search(page, 'Nkx3')).ids).toEqual(['MA0106.1']);
    expect(b.problems).toEqual([]);
  });
});

describeWith('the search box in Chromium, JASPAR 2016 (real data)', [chromiumInstalled(), jaspar2016], () => {
  let site: BuiltSite;
  let b: Browser;
  let shots: string;
  beforeAll(async () => {
    // The HTML pages and the JSON details this test reads; nothing else is prebuilt (shared with html.test.ts).
    site = await sharedSite(jaspar2016.path, JASPAR2016_PAGES);
    shots = await tempDir('search-shots-2016');
    b = await launch();
  });
  afterAll(async () => {
    await b?.close();
    await site?.cleanup();
  });

  it('finds MA0004.1 by "arnt" and by its TF class from file://, and its result opens its detail page', async () => {
    const { page } = b;
    const detail = JSON.parse(readFileSync(join(site.dir, 'files/json/matrix/MA0004.1.json'), 'utf8')) as {
      name: string;
      class: string[];
    };
    expect(detail.name).toBe('Arnt');
    const tfClass = detail.class[0]!;
    const index = pathToFileURL(join(site.dir, LANDING_FILE)).href;
    await page.goto(index);

    expect((await search(page, 'arnt')).ids).toContain('MA0004.1');
    const byClass = await search(page, tfClass);
    expect(byClass.ids).toContain('MA0004.1');
    expect(await screenshot(page, shots, 'jaspar2016-class.png')).toBeGreaterThan(0);

    await search(page, 'arnt');
    expect(await screenshot(page, shots, 'jaspar2016-arnt.png')).toBeGreaterThan(0);
    await openHit(page, 'MA0004.1');
    expect(page.url()).toBe(pathToFileURL(join(site.dir, 'files/api/matrix/MA0004.1.html')).href);
    await expect(page.locator('h1').textContent()).resolves.toBe('MA0004.1 Arnt');
    expect(await screenshot(page, shots, 'jaspar2016-detail.png')).toBeGreaterThan(0);
    expect(b.problems).toEqual([]);
  });
});
