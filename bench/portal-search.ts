/**
 * The web site's search from `file://` (issue 44: results within 200 ms for JASPAR2020's 3,141
 * profiles): builds the site of a release (compact, JSON only: the portal's pages and data are
 * the same in every build) into a scratch folder, opens search pages in Debian's Chromium from
 * disk and times each from the start of navigation (0 on the page's clock) to the moment its
 * results element says `data-state="done"` (a MutationObserver records `performance.now()`
 * then), first load (cold: new browser context, nothing cached) and again (warm: the data script
 * from the browser's cache). Also when the data script had run (its global assigned). The release is
 * JASPAR2026's reconstruction (4,129 profiles) when ../shared has it, else the sample.
 * `npm run bench:portal [-- DUMP]`.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { DATA_GLOBAL } from '../src/portal/data.js';
import { build } from '../src/site/build.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const real = join(root, '../shared/releases/JASPAR2026');
const dump = process.argv[2] ?? (existsSync(real) ? real : join(root, 'releases/sample'));
const CHROMIUM = '/usr/bin/chromium';
const QUERIES = [
  'q=FOX&collection=all',
  'q=sapiens&collection=all&version=latest',
  'q=&collection=all&page_size=1000',
  'q=Homeo+domain+factors&collection=all',
  'q=9606&collection=all&tax_group=vertebrates',
];
const RUNS = Number(process.env.BENCH_RUNS ?? 5);

/** Records, on the page's clock, when the results are in and when the data script has run. */
const OBSERVE = `(() => {
  let data;
  Object.defineProperty(window, '${DATA_GLOBAL}', {
    configurable: true,
    get: () => data,
    set: (v) => { data = v; window.__data = performance.now(); },
  });
  new MutationObserver((records, obs) => {
    for (const r of records)
      if (r.target.id === 'results' && r.target.getAttribute('data-state') === 'done') {
        window.__done = performance.now();
        obs.disconnect();
      }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-state'] });
})();`;

interface Timing {
  readonly done: number;
  readonly data: number;
  readonly rows: number;
}

async function time(page: Page, url: string): Promise<Timing> {
  await page.goto(url);
  await page.waitForFunction(() => (window as unknown as { __done?: number }).__done !== undefined);
  return page.evaluate(() => {
    const w = window as unknown as { __done: number; __data?: number };
    return {
      done: w.__done,
      data: w.__data ?? Number.NaN,
      rows: document.querySelectorAll('#results tr[data-matrix-id]').length,
    };
  });
}

const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

if (!existsSync(CHROMIUM)) {
  console.log(`bench:portal: ${CHROMIUM} is missing (Debian: chromium)`);
  process.exit(0);
}
const scratch = await mkdtemp(join(tmpdir(), 'bench-portal-'));
try {
  const out = join(scratch, 'site');
  await build({ dump, out, compact: true, formats: ['json'], baseUrl: 'http://127.0.0.1:8080', targets: ['nginx'] });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--allow-file-access-from-files'],
  });
  console.log(`bench:portal: search from file:// on ${dump}, median of ${RUNS} runs, ms from navigation start`);
  console.log('| query | rows | cold: results | cold: data.js run | warm: results |');
  console.log('|---|---|---|---|---|');
  try {
    for (const query of QUERIES) {
      const url = `${pathToFileURL(join(out, 'search/index.html')).href}?${query}`;
      const cold: Timing[] = [];
      const warm: Timing[] = [];
      for (let i = 0; i < RUNS; i++) {
        const context = await browser.newContext();
        await context.addInitScript(OBSERVE);
        const page = await context.newPage();
        cold.push(await time(page, url));
        warm.push(await time(page, url));
        await context.close();
      }
      console.log(
        `| \`${query}\` | ${cold[0]!.rows} | ${median(cold.map((t) => t.done)).toFixed(0)} | ${median(cold.map((t) => t.data)).toFixed(0)} | ${median(warm.map((t) => t.done)).toFixed(0)} |`,
      );
    }
  } finally {
    await browser.close();
  }
} finally {
  await rm(scratch, { recursive: true, force: true });
}
