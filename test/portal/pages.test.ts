/**
 * The web site's pages (contract §10) on the dev server and from disk: every route of §10's table
 * answers a page (200 `text/html`) or the redirect §10 names, with and without the final slash; a
 * crawl of the files from the home page, following links as a browser does from `file://` (a
 * folder is its `index.html`), finds no dead link; profile pages of the sample and of JASPAR2018
 * show their counts, annotations, versions and TFFM.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDump } from '../../src/dump/read-dump.js';
import { buildRelease } from '../../src/model/build-release.js';
import type { Matrix, Release } from '../../src/model/types.js';
import { EXTERNAL_TOOL_PAGES, INFO_PAGES } from '../../src/portal/paths.js';
import { describeWith, sharedPath } from '../support/requirements.js';
import { SAMPLE, serve, sharedSite, type BuiltSite, type Served } from '../support/site.js';

/** The hrefs and srcs of a page (attribute values, entities undone). */
const linksOf = (html: string): string[] =>
  [...html.matchAll(/\b(?:href|src|action)="([^"]*)"/g)].map((m) =>
    m[1]!
      .replace(/&amp;/g, '&')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>'),
  );

/** The site file a relative link from `from` names, as a browser resolves it from disk; null for other links. */
function target(from: string, href: string): string | null {
  if (/^(?:[a-z][a-z0-9+.-]*:|\/\/|#)/i.test(href) || href.startsWith('?')) return null;
  const path = href.replace(/[?#].*$/, '');
  const joined = posix.normalize(posix.join(posix.dirname(from), decodeURIComponent(path)));
  return path.endsWith('/') || path === '' ? posix.join(joined, 'index.html') : joined;
}

const get = async (origin: string, path: string) => {
  const res = await fetch(`${origin}${path}`, { redirect: 'manual' });
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    location: res.headers.get('location'),
    body: await res.text(),
  };
};

function profileShows(html: string, m: Matrix, tffm: string | null): void {
  const id = m.matrixId;
  expect(html).toContain(`<h1>${id} `);
  // Every count, in each row of the matrix, in order.
  for (const base of ['A', 'C', 'G', 'T'] as const) {
    const row = new RegExp(`<th class="base"[^>]*>${base}</th>((?:<td>[^<]*</td>)+)</tr>`).exec(html)?.[1] ?? '';
    expect(
      [...row.matchAll(/<td>([^<]*)<\/td>/g)].map((c) => c[1]),
      `${id} ${base}`,
    ).toEqual(m.pfm[base].map(String));
  }
  for (const a of m.annotations)
    if (a.tag !== 'medline')
      expect(html, `${id} ${a.tag}`).toContain(
        a.value
          .replace(/&/g, '&amp;')
          .replace(/</g, '&lt;')
          .replace(/>/g, '&gt;')
          .replace(/"/g, '&quot;')
          .replace(/'/g, '&#39;'),
      );
  for (const acc of m.uniprotIds) expect(html).toContain(`>${acc}</a>`);
  if (tffm !== null) expect(html).toContain(`>${tffm}</a>`);
}

describe('the web site of the sample release', () => {
  let site: BuiltSite;
  let dev: Served;
  let release: Release;
  beforeAll(async () => {
    site = await sharedSite(SAMPLE);
    dev = await serve(site.dir);
    release = buildRelease(await readDump(SAMPLE)).release;
  });
  afterAll(async () => dev?.close());

  it('answers every route of §10 with a page, and the path without its slash with a 301 to it, the query kept', async () => {
    const m = release.matrices.find((x) => x.sites !== null) ?? release.matrices[0]!;
    const pages = [
      '',
      'search/',
      'search/?q=ark&collection=all',
      'collection/CORE/',
      'collection/core/',
      `matrix/${m.matrixId}/`,
      `matrix/${m.matrixId}/?revcomp=1`,
      `matrix/${m.baseId}/versions/`,
      `matrix/${m.matrixId}/svg/`,
      `sites/${m.matrixId}/`,
      'downloads/',
      'download/',
      'download/data/',
      'cart/',
      'analysis/',
      'api/',
      ...INFO_PAGES.map((p) => `${p}/`),
      ...EXTERNAL_TOOL_PAGES.map((p) => `${p}/`),
    ];
    for (const page of pages) {
      const r = await get(dev.origin, `/${page}`);
      expect([r.status, r.type], page).toEqual([200, 'text/html; charset=utf-8']);
      expect(r.body, page).toContain('<!DOCTYPE html>');
      const [path, query] = page.split('?');
      if (path === '' || path === 'api/') continue;
      const bare = await get(dev.origin, `/${path!.slice(0, -1)}${query ? `?${query}` : ''}`);
      expect([bare.status, bare.location], page).toEqual([301, `/${path}${query ? `?${query}` : ''}`]);
    }
    const redirects: [string, string][] = [
      [`/cgi-bin/jaspar_db.pl?ID=${m.matrixId}&rm=present&collection=CORE`, `/matrix/${m.matrixId}/`],
      [
        '/cgi-bin/jaspar_db.pl?rm=browse&db=core&tax_group=vertebrates',
        '/search/?q=&collection=CORE&tax_group=vertebrates',
      ],
      ['/cgi-bin/jaspar_db.pl', '/'],
      ['/cgi-bin/jaspar_db.pl?ID=../../etc', '/'],
      ['/html/DOWNLOAD', '/downloads/'],
      ['/html/DOWNLOAD/', '/downloads/'],
    ];
    for (const [from, to] of redirects) {
      const r = await get(dev.origin, from);
      expect([r.status, r.location], from).toEqual([301, to]);
    }
  });

  it('has no dead link: a crawl of the files from the home page, as a browser follows them from disk', () => {
    const seen = new Set<string>(['index.html']);
    const queue = ['index.html'];
    const dead: string[] = [];
    let pages = 0;
    while (queue.length) {
      const file = queue.shift()!;
      // The crawl covers the web site's pages; the API's own pages are crawled by test/html.test.ts.
      if (!file.endsWith('.html') || file.startsWith('files/') || file.startsWith('static/')) continue;
      pages++;
      for (const href of linksOf(readFileSync(join(site.dir, file), 'utf8'))) {
        const t = target(file, href);
        if (t === null || seen.has(t)) continue;
        seen.add(t);
        if (!existsSync(join(site.dir, t))) dead.push(`${file} → ${href}`);
        else queue.push(t);
      }
    }
    expect(dead).toEqual([]);
    // Every profile, versions, logo and sites page was reached, and the collections and downloads.
    expect(pages).toBeGreaterThan(release.matrices.length * 3);
  });

  it('shows each profile: counts, annotations, UniProt, versions and TFFM', () => {
    for (const m of release.matrices) {
      const html = readFileSync(join(site.dir, `matrix/${m.matrixId}/index.html`), 'utf8');
      const tffm = release.tffms.find((t) => `${t.matrixBaseId}.${t.matrixVersion}` === m.matrixId)?.tffmId ?? null;
      profileShows(html, m, tffm);
      for (const v of release.matrices.filter((x) => x.baseId === m.baseId && x !== m))
        expect(html).toContain(`href="../../matrix/${v.matrixId}/"`);
    }
  });
});

const jaspar2018 = sharedPath('releases', 'JASPAR2018', 'JASPAR2018.sql.gz');

describeWith('the web site of JASPAR2018', [jaspar2018], () => {
  it('shows profiles of every collection with their counts, annotations, versions and TFFM', async () => {
    // The same build as the download tests' (shared within a run).
    const site = await sharedSite(jaspar2018.path, {
      baseUrl: 'http://jaspar.genereg.net',
      formats: ['json', 'jaspar', 'meme', 'transfac'],
      pageSizes: [],
      filterKeys: [],
    });
    const release = buildRelease(await readDump(jaspar2018.path), { year: 2018 }).release;
    const tffmOf = new Map(release.tffms.map((t) => [`${t.matrixBaseId}.${t.matrixVersion}`, t.tffmId]));
    const picked = [
      ...new Map(release.matrices.map((m) => [m.collection, m])).values(),
      release.matrices.find((m) => tffmOf.has(m.matrixId))!,
      release.matrices.find((m) => m.version > 1)!,
      release.matrices.find((m) => m.matrixId === 'MA1153.1')!,
    ];
    for (const m of picked) {
      const html = readFileSync(join(site.dir, `matrix/${m.matrixId}/index.html`), 'utf8');
      profileShows(html, m, tffmOf.get(m.matrixId) ?? null);
    }
    const versions = readFileSync(join(site.dir, `matrix/${picked.at(-2)!.baseId}/versions/index.html`), 'utf8');
    for (const m of release.matrices.filter((x) => x.baseId === picked.at(-2)!.baseId))
      expect(versions).toContain(`data-matrix-id="${m.matrixId}"`);
  });
});
