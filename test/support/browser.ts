/**
 * Debian's headless Chromium for the browser tests (driven by playwright-core), recording every
 * problem a page reports: console errors, page errors, dialogs, HTTP errors and failed requests.
 *
 * A request cut off because the test left its page (`net::ERR_ABORTED` on a logo still loading
 * when the test navigates on, lazy images above all) is not a failure: the browser drops what
 * the page no longer needs. A request that fails while its page is current still is. Which page
 * a request belongs to is known by counting the main frame's navigations when the request
 * starts; whether that page was left is decided when the problems are read, so it does not
 * matter which of Playwright's events (the abort, the next page's commit) arrives first.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page, type Request } from 'playwright-core';
import { command, type Requirement } from './requirements.js';

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

/** The requirement every browser test names. */
export const chromiumInstalled = (): Requirement => command(CHROMIUM, ['--version'], 'Debian chromium');

export interface Browser {
  readonly context: BrowserContext;
  readonly page: Page;
  /** Every problem seen so far, aborted requests of pages since left excepted. */
  readonly problems: string[];
  close(): Promise<void>;
}

/** A fresh Chromium with a fresh profile (JavaScript on unless told otherwise). */
export async function launch(options: { javaScriptEnabled?: boolean } = {}): Promise<Browser> {
  const profile = await mkdtemp(join(tmpdir(), 'jaspar-static-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    args: ARGS,
    headless: true,
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    viewport: { width: 1280, height: 900 },
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const problems: string[] = [];
  /** Aborted requests, with the navigation of the page that made them. */
  const aborted: { text: string; navigation: number }[] = [];
  let navigation = 0;
  const started = new WeakMap<Request, number>();
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) navigation++;
  });
  page.on('request', (r) => started.set(r, navigation));
  page.on('console', (m) => {
    // Chromium asks a server for /favicon.ico when it shows a non-HTML file (the JSON format);
    // the HTML pages declare an inline icon, so this is never theirs.
    if (m.type() === 'error' && !m.location().url.endsWith('/favicon.ico'))
      problems.push(`console: ${m.text()} (${m.location().url})`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('requestfailed', (r) => {
    const text = `request failed: ${r.url()} ${r.failure()?.errorText ?? ''}`;
    if (r.failure()?.errorText === 'net::ERR_ABORTED') aborted.push({ text, navigation: started.get(r) ?? navigation });
    else problems.push(text);
  });
  page.on('response', (r) => r.status() >= 400 && problems.push(`HTTP ${r.status()}: ${r.url()}`));
  page.on('dialog', (d) => {
    problems.push(`dialog: ${d.message()}`);
    void d.dismiss();
  });
  return {
    context,
    page,
    get problems() {
      // Read now: an aborted request counts only while the page that made it is still the current one.
      return [...problems, ...aborted.filter((a) => a.navigation === navigation).map((a) => a.text)];
    },
    close: async () => {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}

/** Click the link matching `selector` and wait for the page it leads to (its load event). */
export async function follow(page: Page, selector: string): Promise<void> {
  const before = page.url();
  await Promise.all([page.waitForURL((u) => u.href !== before), page.locator(selector).first().click()]);
}
