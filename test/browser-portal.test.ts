/**
 * The web site in a real headless Chromium (Debian's, driven by playwright-core), from `file://`
 * and through the dev server (contract §10, §11): every search of portalCases shows the SQL
 * oracle's ids in its order (the results element's `data-state="done"` is the signal); hostile
 * values in every parameter of every page are shown as text or refused, never run; a person adds
 * three profiles from a search to the cart, opens the cart and the analysis page, downloads them as
 * combined MEME and scans a sequence, and gets what the analysis module computes; the query-string
 * form of the scan gives the same table; each kind of §11's bad input gets its message on the page.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MAX_SEQUENCE, parseFasta } from '../src/analysis/fasta.js';
import { scan } from '../src/analysis/scan.js';
import { readThreshold } from '../src/analysis/threshold.js';
import { readDump } from '../src/dump/read-dump.js';
import { buildRelease } from '../src/model/build-release.js';
import type { Release } from '../src/model/types.js';
import { chromiumInstalled, launch, type Browser } from './support/browser.js';
import { loadFlatFiles, type OracleDb } from './support/oracle-db.js';
import { portalCases, queryOf } from './support/portal-cases.js';
import { oraclePage, oracleSearch } from './support/portal-oracle.js';
import { describeWith } from './support/requirements.js';
import { SAMPLE, serve, sharedSite, type BuiltSite, type Served } from './support/site.js';

/** The ids the page's results show, once its script says they are in. */
async function shownIds(page: Page): Promise<string[]> {
  await page.waitForSelector('#results[data-state="done"]');
  return page
    .locator('#results tr[data-matrix-id]')
    .evaluateAll((trs) => trs.map((t) => t.getAttribute('data-matrix-id')!));
}

/** Hostile values (contract §10 acceptance): markup, script, quotes, a long value, broken escapes. */
const HOSTILE = [
  '<script>window.__pwned=1</script>',
  '"><img src=x onerror="window.__pwned=1">',
  '\'"`</textarea></pre><svg onload=window.__pwned=1>',
  `${'A'.repeat(10_000)}<b>`,
  '%E0%A4%A',
  '%ZZ%',
];

const PAGES: readonly { path: string; params: readonly string[] }[] = [
  {
    path: 'search/',
    params: ['q', 'collection', 'tax_group', 'tax_id', 'type', 'class', 'family', 'version', 'page', 'page_size'],
  },
  { path: 'collection/CORE/', params: ['page', 'page_size'] },
  { path: 'matrix/MA0101.2/', params: ['revcomp'] },
  { path: 'cart/', params: ['x'] },
  {
    path: 'analysis/',
    params: [
      'matrix_id',
      'tool',
      'sequence',
      'threshold',
      'format',
      'download_type',
      'permute_type',
      'permute_format',
      'seed',
    ],
  },
  { path: 'cgi-bin/jaspar_db.pl/', params: ['ID', 'db', 'tax_group'] },
];

describeWith('the web site in Chromium, sample release', [chromiumInstalled()], () => {
  let site: BuiltSite;
  let dev: Served;
  let b: Browser;
  let release: Release;
  let db: OracleDb;
  beforeAll(async () => {
    site = await sharedSite(SAMPLE);
    dev = await serve(site.dir);
    b = await launch();
    release = buildRelease(await readDump(SAMPLE)).release;
    db = await loadFlatFiles(SAMPLE);
  });
  afterAll(async () => {
    await b?.close();
    await dev?.close();
  });
  const fileUrl = (path: string, query = '') =>
    `${pathToFileURL(join(site.dir, path.endsWith('/') || path === '' ? `${path}index.html` : path)).href}${query ? `?${query}` : ''}`;
  const devUrl = (path: string, query = '') => `${dev.origin}/${path}${query ? `?${query}` : ''}`;

  for (const where of ['file://', 'dev server'] as const) {
    it(`searches as the SQL oracle does, every case, from ${where}`, async () => {
      const { page } = b;
      const url = where === 'file://' ? fileUrl : devUrl;
      let compared = 0;
      for (const p of portalCases(release)) {
        const want = oracleSearch(db, p);
        const query = queryOf(p);
        await page.goto(url('search/', query));
        const ids = await shownIds(page);
        const label = `search/?${query}`;
        if (want === null) {
          expect(ids, label).toEqual([]);
          continue;
        }
        const expected = oraclePage(want, p);
        expect(ids, label).toEqual(expected.ids);
        expect(await page.locator('#results .count b').textContent(), label).toBe(
          `${expected.total} ${expected.total === 1 ? 'profile' : 'profiles'}`,
        );
        compared++;
      }
      expect(compared).toBeGreaterThanOrEqual(40);
      // An exact matrix id goes to its profile page.
      await page.goto(url('search/', 'q=MA0101.2'));
      await page.waitForURL(/matrix\/MA0101\.2\/(index\.html)?$/);
      expect(await page.locator('h1').textContent()).toContain('MA0101.2');
      expect(b.problems).toEqual([]);
    });
  }

  // One test per page, so that each stays well within its time under load: every parameter of a page
  // holds the hostile value at once, one load per value and origin.
  for (const { path, params } of PAGES)
    it(`shows hostile values in every parameter of ${path} as text, from file:// and the dev server, never running them`, async () => {
      const { page } = b;
      const before = b.problems.length;
      for (const value of HOSTILE) {
        const encoded = value.startsWith('%') ? value : encodeURIComponent(value);
        const query = params.map((name) => `${name}=${encoded}`).join('&');
        for (const url of [fileUrl(path, query), devUrl(path, query)]) {
          const res = await page.goto(url);
          // The dev server refuses a request target over 8 KiB (414, or Node's 431 for a request line
          // past its header limit); anything else is the page.
          if (url.startsWith('http') && query.length > 8000) {
            expect([414, 431], url.slice(0, 120)).toContain(res?.status());
            continue;
          }
          await page.waitForFunction(() => {
            const r = document.getElementById('results');
            const state = r?.getAttribute('data-state');
            return r === null || state === 'done' || state === 'idle';
          });
          expect(
            await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned),
            url.slice(0, 160),
          ).toBeUndefined();
        }
      }
      expect(b.problems.slice(before).filter((p) => !/HTTP 4(?:14|31)|status of 4(?:14|31)/.test(p))).toEqual([]);
    });

  for (const where of ['file://', 'dev server'] as const) {
    it(`keeps three profiles from a search in the cart, downloads them as combined MEME and scans a sequence, from ${where}`, async () => {
      const b2 = await launch();
      try {
        const { page } = b2;
        const url = where === 'file://' ? fileUrl : devUrl;
        await page.goto(url('search/', 'q=&collection=all&page_size=5'));
        await shownIds(page);
        const picked = (
          await page
            .locator('#results tr[data-matrix-id]')
            .evaluateAll((t) => t.map((r) => r.getAttribute('data-matrix-id')!))
        ).slice(0, 3);
        for (const id of picked) await page.locator(`#results input.cart[data-matrix-id="${id}"]`).check();
        expect(await page.locator('header .cart-count').textContent()).toBe('3');
        await page.goto(url('cart/'));
        expect(await shownIds(page)).toEqual(picked);
        await page.locator('#cart-analyse').click();
        await page.waitForSelector('#picked b');
        // Download, combined MEME: the detail answers joined under one header.
        await page.locator('select[name="format"]').selectOption('meme');
        await page.locator('select[name="download_type"]').selectOption('combined');
        await page.locator('button[value="download"]').click();
        await page.waitForSelector('#results[data-state="done"] a[download]');
        const text = await page.locator('#results pre').textContent();
        const memes = picked.map((id) => readFileSync(join(site.dir, `files/meme/matrix/${id}.meme`), 'utf8'));
        const header = memes[0]!.slice(0, memes[0]!.indexOf('MOTIF '));
        expect(text).toBe(header + memes.map((m) => m.slice(m.indexOf('MOTIF '))).join(''));
        // Scan: the table the module computes, cell by cell in §11's column order.
        // Each picked profile's consensus inside other letters, lower case and an N: sites to find.
        const consensus = picked.map((id) => {
          const m = release.matrices.find((x) => x.matrixId === id)!;
          return m.pfm.A.map((_, j) => {
            const col = (['A', 'C', 'G', 'T'] as const).map((base) => m.pfm[base][j]!);
            return 'ACGT'[col.indexOf(Math.max(...col))];
          }).join('');
        });
        const fasta = `>seq1 a promoter\nACGTGAC${consensus[0]}GTCATGCA\nCGTGAAN${consensus[1]}acgttt\n>seq2\nnnACGTacgt${consensus[2]!.toLowerCase()}GGGCCC`;
        await page.locator('textarea[name="sequence"]').fill(fasta);
        await page.locator('input[name="threshold"]').fill('70');
        await page.locator('button[value="scan"]').click();
        await page.waitForSelector('#results[data-state="done"] table.scan, #results[data-state="done"] .count');
        const rows = await page
          .locator('#results table.scan tbody tr')
          .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')));
        const records = parseFasta(fasta);
        if (!records.ok) throw new Error(records.error.message);
        const profiles = picked.map((id) => {
          const m = release.matrices.find((x) => x.matrixId === id)!;
          return { matrixId: m.matrixId, name: m.name, pfm: m.pfm };
        });
        const want = scan(profiles, records.records, 70).map((h) => [
          h.matrixId,
          h.name,
          h.seqId,
          String(h.start),
          String(h.end),
          h.strand,
          h.score.toFixed(3),
          `${(h.relScore * 100).toFixed(1)}%`,
          h.site,
        ]);
        expect(want.length).toBeGreaterThan(0);
        expect(rows).toEqual(want);
        // The query-string form of the same scan gives the same table.
        const query = new URLSearchParams([
          ['tool', 'scan'],
          ...picked.map((id) => ['matrix_id', id]),
          ['threshold', '70'],
          ['sequence', fasta],
        ]).toString();
        await page.goto(url('analysis/', query));
        await page.waitForSelector('#results[data-state="done"]');
        const again = await page
          .locator('#results table.scan tbody tr')
          .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')));
        expect(again).toEqual(want);
        expect(b2.problems).toEqual([]);
      } finally {
        await b2.close();
      }
    });
  }

  /** The message the analysis module gives for `sequence` and `threshold`, or a failure naming why none. */
  function refusal(sequence: string, threshold: string): string {
    const t = readThreshold(threshold);
    if (!t.ok) return t.message;
    const f = parseFasta(sequence);
    if (!f.ok) return f.error.message;
    throw new Error(`no refusal for ${JSON.stringify(sequence.slice(0, 40))} at ${threshold}`);
  }

  for (const where of ['file://', 'dev server'] as const) {
    it(`answers each kind of §11's bad input with its message on the page, from ${where}`, async () => {
      const b2 = await launch();
      try {
        const { page } = b2;
        const url = where === 'file://' ? fileUrl : devUrl;
        const id = release.matrices[0]!.matrixId;
        const shownError = async () => {
          await page.waitForSelector('#results[data-state="done"]');
          return page.locator('#results p.error').textContent();
        };
        // No profile picked: the address names a tool but no profile, and the cart is empty.
        await page.goto(url('analysis/', 'tool=scan&sequence=%3Es%0AACGT'));
        expect(await shownError()).toBe('No profile picked.');
        // Sequences and thresholds, in the address.
        const cases: [sequence: string, threshold: string][] = [
          ['', '80'],
          ['  \n\t ', '80'],
          ['ACGTACGTACGT', '80'],
          ['just some words', '80'],
          ['>s1\nACGT\u00e9ACGT', '80'],
          ['>s1\nACGTACGT', '101'],
          ['>s1\nACGTACGT', '-1'],
          ['>s1\nACGTACGT', 'eighty'],
          ['>s1\nACGTACGT', '80 %%'],
        ];
        const seen = new Set<string>();
        for (const [sequence, threshold] of cases) {
          const want = refusal(sequence, threshold);
          seen.add(want);
          const query = new URLSearchParams([
            ['tool', 'scan'],
            ['matrix_id', id],
            ['threshold', threshold],
            ['sequence', sequence],
          ]).toString();
          await page.goto(url('analysis/', query));
          expect(await shownError(), query).toBe(want);
        }
        expect(seen.size).toBeGreaterThanOrEqual(5);
        // Over 1 MB of sequence, pasted into the form (too long for an address).
        await page.goto(url('analysis/', `matrix_id=${id}`));
        await page.waitForSelector('#picked b');
        const big = `>big\n${'ACGT'.repeat(MAX_SEQUENCE / 4)}\n>more\nA\n`;
        await page.locator('textarea[name="sequence"]').fill(big);
        await page.locator('button[value="scan"]').click();
        expect(await shownError()).toBe(refusal(big, '80'));
        expect(b2.problems).toEqual([]);
      } finally {
        await b2.close();
      }
    });
  }
});
