/**
 * The API documentation page (/api/v1/docs/, Swagger UI vendored into the site) in a real
 * headless Chromium (Debian's, driven by playwright-core): from the dev server and from
 * `file://`, it renders every operation of the site's OpenAPI description, with no console
 * error, no page error and no failed request (one aborted because the page was left aside);
 * the API's landing page (`api/index.html`) and a browsable page link to it.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { LANDING_FILE } from '../src/formats/html/runtime-safe/links.js';
import { command, describeWith } from './support/requirements.js';
import { SAMPLE, serve, sharedSite, type BuiltSite, type Served } from './support/site.js';

const CHROMIUM = '/usr/bin/chromium';
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const chromiumInstalled = command(CHROMIUM, ['--version'], 'Debian chromium');

interface Browser {
  page: Page;
  problems: string[];
  close(): Promise<void>;
}

async function launch(): Promise<Browser> {
  const profile = await mkdtemp(join(tmpdir(), 'jaspar-static-chromium-'));
  const context: BrowserContext = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    args: ARGS,
    headless: true,
    viewport: { width: 1280, height: 900 },
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const problems: string[] = [];
  page.on('console', (m) => m.type() === 'error' && problems.push(`console: ${m.text()} (${m.location().url})`));
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  // A request the browser aborts because the page was left is not a failure.
  page.on(
    'requestfailed',
    (r) =>
      r.failure()?.errorText !== 'net::ERR_ABORTED' &&
      problems.push(`request failed: ${r.url()} ${r.failure()?.errorText ?? ''}`),
  );
  page.on('response', (r) => r.status() >= 400 && problems.push(`HTTP ${r.status()}: ${r.url()}`));
  return {
    page,
    problems,
    close: async () => {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}

/** Every `METHOD path` the page shows once Swagger UI has rendered `count` operations. */
async function operations(page: Page, count: number): Promise<string[]> {
  await page.waitForFunction((n) => document.querySelectorAll('.opblock').length >= n, count);
  return page.$$eval('.opblock', (blocks) =>
    blocks.map(
      (b) =>
        `${b.querySelector('.opblock-summary-method')?.textContent ?? ''} ${b.querySelector('.opblock-summary-path')?.getAttribute('data-path') ?? ''}`,
    ),
  );
}

describeWith('the API documentation page in Chromium, sample release', [chromiumInstalled], () => {
  let site: BuiltSite;
  let server: Served;
  let b: Browser;
  let expected: string[];
  beforeAll(async () => {
    site = await sharedSite(SAMPLE);
    server = await serve(site.dir);
    b = await launch();
    const doc = JSON.parse(readFileSync(join(site.dir, 'static/openapi/openapi.json'), 'utf8')) as {
      paths: Record<string, object>;
    };
    expected = Object.keys(doc.paths)
      .map((p) => `GET ${p}`)
      .sort();
  }, 300_000);
  afterAll(async () => {
    await b?.close();
    await server?.close();
  });
  const fileUrl = (path: string) => pathToFileURL(join(site.dir, path)).href;

  it('renders every operation at /api/v1/docs/ on the dev server, with no console error', async () => {
    b.problems.length = 0;
    await b.page.goto(`${server.origin}/api/v1/docs/`);
    expect((await operations(b.page, expected.length)).sort()).toEqual(expected);
    await expect(b.page.locator('.info .title').first().textContent()).resolves.toContain('JASPAR REST API');
    expect(b.problems).toEqual([]);
  });

  it("renders every operation from file://, reached from the landing page's link", async () => {
    b.problems.length = 0;
    await b.page.goto(fileUrl(LANDING_FILE));
    await Promise.all([
      b.page.waitForURL(fileUrl('static/openapi/docs/index.html')),
      b.page.getByRole('link', { name: 'Interactive documentation' }).click(),
    ]);
    expect((await operations(b.page, expected.length)).sort()).toEqual(expected);
    expect(b.problems).toEqual([]);
  });

  it('is linked from the header of a browsable page served at an API URL', async () => {
    b.problems.length = 0;
    await b.page.goto(`${server.origin}/api/v1/matrix/MA0101.2/?format=api`);
    await Promise.all([
      b.page.waitForURL(/\/static\/openapi\/docs\/index\.html$/),
      b.page.getByRole('link', { name: 'API docs' }).click(),
    ]);
    expect((await operations(b.page, expected.length)).sort()).toEqual(expected);
    expect(b.problems).toEqual([]);
  });
});
