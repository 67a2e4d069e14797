/**
 * The browsable HTML pages (format `api`), the API's landing page (`api/index.html`) and the
 * logos, built from real dumps: a page for every response, every relative link and image of
 * every page the build writes (the web site's too) resolves to a file of the site, the landing
 * page reaches every page of the API, dump values are escaped, the runtime assembles every
 * prebuilt list page byte for byte, and the dev server hands browsers the HTML, prebuilt or
 * assembled, with links that work.
 */
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_DOCUMENTS, PAGE_DOCUMENTS } from '../src/api/documents.js';
import { RESOURCES, resourceSpec } from '../src/api/resources.js';
import { LANDING_FILE, rootOf } from '../src/formats/html/runtime-safe/links.js';
import { RECORD_COLUMNS } from '../src/formats/html/runtime-safe/records-table.js';
import { DATA_FILE } from '../src/portal/data.js';
import { DOWNLOADS_PATH, HOME_PATH, pageFile } from '../src/portal/paths.js';
import { SCRIPT_FILE } from '../src/portal/shell.js';
import { defaultRouteOptions, formatVariants, listRoutes, listVariants } from '../src/plan/generate.js';
import { routeFile, routeUrl } from '../src/routes/paths.js';
import type { IndexData } from '../src/routes/site-data.js';
import { indexFile } from '../src/routes/site-data.js';
import { answer, openSite } from '../src/server/site-files.js';
import { documentPath } from '../src/site/openapi/document.js';
import { EVIL, writeEvilDump } from './support/evil-dump.js';
import {
  BROWSER_ACCEPT,
  breathe,
  crawl,
  firstDifference,
  isExternal,
  linksOf,
  resolveFrom,
  type OfflineWalk,
  walkOffline,
} from './support/html.js';
import { listFiles, slicer } from './support/files.js';
import { removeTree, tempDir } from './support/scratch.js';
import { describeWith, sharedPath } from './support/requirements.js';
import {
  BASE,
  JASPAR2016_PAGES,
  SAMPLE,
  buildSite,
  serve,
  sharedSite,
  type BuiltSite,
  type Served,
} from './support/site.js';

/** Every file below `dir` (relative, `/`-separated) whose name ends with `ext`. */
const filesUnder = async (dir: string, ext: string): Promise<string[]> =>
  (await listFiles(dir)).filter((p) => p.endsWith(ext));

/**
 * The text of every file, read synchronously in slices that never block the worker for long
 * (files.ts): a promise per file spent more CPU in the thread pool than the reads themselves.
 */
async function readAll(dir: string, files: readonly string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const pause = slicer();
  for (const f of files) {
    out.set(f, readFileSync(join(dir, f), 'utf8'));
    await pause();
  }
  return out;
}

/** The copy's own server, which no page links to (every page of the site is a file of it). */
const OWN_HOST = new URL(BASE).host;

/** The HTML pages of the API's own documents (src/api/documents.ts): the documentation and the copy's pages. */
const DOCUMENT_PAGES = [
  ...new Set(
    API_DOCUMENTS.flatMap((d) => d.variants.filter((v) => v.mediaType.startsWith('text/html')).map((v) => v.file)),
  ),
];

/**
 * The pages of the API a reader must reach by links from its landing page: every page but
 * filtered lists, other page sizes and `page=last`, which are files for their URLs
 * (`?collection=`, `?page_size=`, `?page=last`), and the base-id pages
 * (`files/api/matrix/MA0101.html`, the latest version's detail under the address clients ask for
 * it by, contract §8.3; people reach that version's own page). The web site's pages (src/portal/)
 * are the portal tests' to walk from its home page (test/browser-portal.test.ts).
 */
const linked = (page: string): boolean =>
  !/^files\/api\/matrix\/[^./]+\.html$/.test(page) &&
  (!page.includes('/_/') || /\/_\/default\/[^/]+\/\d+\.html$/.test(page));

/** The web site's pages (src/portal/): every folder's `index.html` but the API's and its documents'. */
const isSitePage = (file: string): boolean =>
  (file === pageFile(HOME_PATH) || file.endsWith(`/${pageFile('')}`)) &&
  !file.startsWith('files/') &&
  !file.startsWith('static/') &&
  file !== LANDING_FILE;

const HOME_FILE = pageFile(HOME_PATH);
const DOWNLOADS_FILE = pageFile(DOWNLOADS_PATH);

describe('HTML pages of the sample release', () => {
  let site: BuiltSite;
  let files: string[];
  let pages: string[];
  let sitePages: string[];
  let html: Map<string, string>;
  const read = (path: string) => html.get(path) ?? readFileSync(join(site.dir, path), 'utf8');

  beforeAll(async () => {
    site = await sharedSite(SAMPLE);
    files = await listFiles(site.dir);
    // The API's pages; the web site's pages, among them the profile pages MEME's URL lines name
    // (matrix/<id>/index.html), the Downloads page and the download area's listings.
    pages = files.filter((p) => p.endsWith('.html') && p.startsWith('files/api/'));
    sitePages = files.filter(isSitePage);
    expect(sitePages.filter((p) => p.startsWith('matrix/')).length).toBeGreaterThan(30);
    expect(sitePages).toEqual(expect.arrayContaining([HOME_FILE, DOWNLOADS_FILE, 'download/index.html']));
    html = await readAll(
      site.dir,
      files.filter((p) => p.endsWith('.html')),
    );
  });

  it('writes an HTML page beside the JSON of every list page and detail, and the landing page', async () => {
    const json = (await filesUnder(join(site.dir, 'files/json'), '.json')).map(
      (p) => `files/api/${p.replace(/\.json$/, '.html')}`,
    );
    expect(pages.length).toBeGreaterThan(100);
    expect(pages).toEqual(json);
    expect(existsSync(join(site.dir, LANDING_FILE))).toBe(true);
  });

  it('links every page the build writes only to files of the site, by relative paths, as file:// follows them', () => {
    const walk = walkOffline(files, read, OWN_HOST);
    expect(walk.bad.slice(0, 20), `${walk.bad.length} bad link(s)`).toEqual([]);
    expect(walk.checked).toBeGreaterThan(1000);
    // Every page: the landing page, lists, details, the documentation, the API's own pages (src/site/coreapi/pages.ts)
    // and the web site's pages, each of which loads the site's script (which opens folder links from disk).
    expect(walk.pages).toEqual(expect.arrayContaining([LANDING_FILE, ...DOCUMENT_PAGES, ...pages, ...sitePages]));
    expect(walk.pages).toHaveLength(pages.length + DOCUMENT_PAGES.length + 1 + sitePages.length);
    expect([...walk.portal].sort()).toEqual([...sitePages].sort());
  });

  it('reaches the API documents, every detail and every unfiltered list page in every order from the landing page', () => {
    const walk = walkOffline(files, read, OWN_HOST);
    // By the API's own pages only: a page the web site links (a profile page's "api") does not count.
    const reached = walk.reach(LANDING_FILE, (p) => !walk.portal.has(p));
    const wanted = walk.pages.filter((p) => linked(p) && !walk.portal.has(p));
    expect(wanted).toEqual(expect.arrayContaining([LANDING_FILE, ...DOCUMENT_PAGES]));
    expect(wanted.filter((p) => !reached.has(p))).toEqual([]);
    // The landing page links the Downloads page, and the home page leads to the landing page.
    expect(reached.has(DOWNLOADS_FILE)).toBe(true);
    expect(walk.reached.has(LANDING_FILE)).toBe(true);
  });

  it('shows a list page with release, endpoint, pages, orders and every other format', () => {
    const html = read('files/api/matrix/_/default/name/2.html');
    expect(html).toContain('<span class="release">sample</span>');
    expect(html).toContain('GET https://jaspar.example.org/api/v1/matrix/?format=api&amp;order=name&amp;page=2');
    expect(html).toContain('<a href="1.html" rel="prev">');
    expect(html).toContain('<a href="3.html" rel="next">');
    expect(html).toContain('<a href="../-version/1.html">-version</a>');
    expect(html).toContain('<a href="../default/1.html">default</a>');
    for (const v of formatVariants(resourceSpec('matrix-list'), {
      ...defaultRouteOptions(),
      formats: ['json', 'yaml', 'meme', 'api'],
    })) {
      if (v.format === 'api') continue;
      const dir = v.formatInQuery ? v.format : 'default';
      expect(html).toMatch(
        new RegExp(`href="\\.\\./\\.\\./\\.\\./\\.\\./\\.\\./${dir}/matrix/_/default/name/2\\.[a-z]+"`),
      );
    }
    expect(html).toMatch(/<img class="thumb" src="(\.\.\/){6}static\/logos\/svg\/MA\d+\.\d+\.svg"/);
    expect(html).toContain('"count": 34,');
  });

  it('gives each kind of record a column per field that is not a URL, and matrices a logo', () => {
    for (const list of RESOURCES) {
      if (list.kind !== 'list' || list.segments.length > 1) continue;
      const page = JSON.parse(read(`files/json/${list.segments[0]}/_/default/default/1.json`)) as {
        results: Record<string, unknown>[];
      };
      const first = page.results[0];
      if (first === undefined) throw new Error(`the sample has no ${list.items}`);
      const urls = Object.keys(first).filter(
        (k) => typeof first[k] === 'string' && (first[k] as string).startsWith(`${BASE}/`),
      );
      expect(RECORD_COLUMNS[list.items].plain, list.items).toEqual(Object.keys(first).filter((k) => !urls.includes(k)));
      expect(RECORD_COLUMNS[list.items].logo, list.items).toBe(
        urls.find((k) => (first[k] as string).endsWith('.svg')) ?? null,
      );
    }
  });

  it('is what the runtime assembles for every prebuilt HTML list page, byte for byte', async () => {
    const handle = await openSite(site.dir);
    const index = JSON.parse(read(indexFile(handle.site.releases[0]!))) as IndexData;
    const prebuilt = handle.site.prebuilt;
    if (prebuilt === null) throw new Error('the sample build is compact');
    let checked = 0;
    for (const variant of listVariants(index, prebuilt)) {
      for (const route of listRoutes(variant, handle.site)) {
        if (route.format !== 'api') continue;
        if (checked % 100 === 0) await breathe();
        const [path = '', query = ''] = routeUrl(route).split('?');
        const got = await answer(
          handle,
          { method: 'GET', path, query, accept: null },
          { mode: 'compute', skipFiles: true },
        );
        const want = read(routeFile(route));
        expect(got.status, path + query).toBe(200);
        if (got.body !== want)
          expect.fail(`${routeUrl(route)} differs from ${routeFile(route)} ${firstDifference(got.body ?? '', want)}`);
        checked++;
      }
    }
    expect(checked).toBe(pages.filter((p) => p.includes('/_/')).length);
  });

  it('shows a matrix detail with logos, PFM, annotations, species, versions and TFFM', () => {
    const html = read('files/api/matrix/MA0101.2.html');
    expect(html).toContain('<img src="../../../static/logos/svg/MA0101.2.svg"');
    expect(html).toContain('<img src="../../../static/logos/svg/MA0101.2.rc.svg"');
    expect(html).toContain('<table class="pfm">');
    expect(html).toContain('<h2>Annotations</h2>');
    expect(html).toMatch(/<td class="num">(<a [^>]+>)?10116/);
    expect(html).toContain('<h2>Versions of MA0101</h2>');
    expect(html).toContain('<a href="MA0101.1.html">MA0101.1</a>');
    expect(html).toContain('<a href="versions/MA0101.html">');
    expect(html).toContain('<h2>TFFM</h2>');
  });

  it('writes a forward and a reverse-complement logo for every matrix', async () => {
    const logos = await filesUnder(join(site.dir, 'static/logos/svg'), '.svg');
    const ids = readFileSync(join(SAMPLE, 'MATRIX.txt'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => {
        const [, , base, version] = l.split('\t');
        return `${base}.${version}`;
      });
    expect(logos).toEqual(ids.flatMap((id) => [`${id}.rc.svg`, `${id}.svg`]).sort());
    expect(read('static/logos/svg/MA0101.2.svg')).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  });

  describe('through the dev server', () => {
    let dev: Served;
    beforeAll(async () => {
      dev = await serve(site.dir);
    });
    afterAll(async () => dev?.close());

    const browser = BROWSER_ACCEPT;

    it('answers a browser with the HTML page and other clients with JSON', async () => {
      const html = await fetch(`${dev.origin}/api/v1/matrix/?page=2&format=api`, { headers: { accept: browser } });
      expect(html.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(await html.text()).toBe(read('files/api/matrix/_/default/default/2.html'));
      const detail = await fetch(`${dev.origin}/api/v1/matrix/MA0101.2/`, { headers: { accept: browser } });
      expect(await detail.text()).toBe(read('files/api/matrix/MA0101.2.html'));
      const json = await fetch(`${dev.origin}/api/v1/matrix/?page=2`, { headers: { accept: '*/*' } });
      expect(json.headers.get('content-type')).toBe('application/json');
      const named = await fetch(`${dev.origin}/api/v1/matrix/?page=2&format=json`, { headers: { accept: browser } });
      expect(named.headers.get('content-type')).toBe('application/json');
    });

    it("answers a list request no file holds with a page whose links are DRF's and root-relative", async () => {
      // Negotiated to HTML, the request carries no `format`, so its `next` does not either (DRF).
      const res = await fetch(`${dev.origin}/api/v1/matrix/?page=2`, { headers: { accept: browser } });
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      const html = await res.text();
      expect(html).toContain('<code>GET https://jaspar.example.org/api/v1/matrix/?page=2</code>');
      expect(html).toContain(
        '"next": <a href="/files/api/matrix/_/default/default/3.html">"https://jaspar.example.org/api/v1/matrix/?page=3"</a>',
      );
      // The only script is the search box's, root-relative like every link of the page.
      expect(html.match(/<script[^>]*>/g)).toEqual(['<script src="/static/search/search.js">']);
      for (const href of linksOf(html)) if (!isExternal(href) && !href.startsWith('data:')) expect(href).toMatch(/^\//);
      const search = await (
        await fetch(`${dev.origin}/api/v1/matrix/?search=ar&order=-name`, { headers: { accept: browser } })
      ).text();
      expect(search).toContain('<p class="muted">4 records</p>');
      expect(search).toContain('<span class="here">-name</span>');
      expect(search).toContain('<a href="/api/v1/matrix/?format=json&amp;order=-name&amp;search=ar">json</a>');
      expect(search).toContain('<a href="/files/api/matrix/MA0101.2.html">MA0101.2</a>');
    });

    it('answers pages no file holds with links and images that all work', async () => {
      const start = [
        '/api/v1/matrix/?search=ar',
        '/api/v1/matrix/?page_size=20&page=2&order=-name',
        '/api/v1/matrix/?collection=core&format=api',
        '/api/v1/matrix/?release=sample&page=2',
        '/api/v1/matrix/?tf_class=zipper&version=latest',
        '/api/v1/tffm/?order=-log_p_detailed&page=last&page_size=7',
        '/api/v1/collections/?release=sample',
        '/api/v1/species/10116/?search=ma&format=api',
      ];
      const { answers, links } = await crawl(dev.origin, start, 1, 1000);
      expect(links.length).toBeGreaterThan(200);
      for (const page of start) expect(answers.get(page)?.type, page).toBe('text/html; charset=utf-8');
      for (const { page, href } of links) {
        expect(href, page).toMatch(/^\//);
        const url = new URL(href, dev.origin);
        expect(answers.get(`${url.pathname}${url.search}`)?.status, `${page} → ${href}`).toBe(200);
      }
      // Where the build wrote the target, the link goes to its file (which works without a server's runtime).
      expect(links.filter((l) => l.href.startsWith('/files/')).length).toBeGreaterThan(50);
      expect(links.filter((l) => l.href.startsWith('/api/v1/')).length).toBeGreaterThan(50);
    });

    it("answers the API's own pages at their URLs, and their relative links work there too", async () => {
      // Each page is as deep as its URL (src/site/coreapi/pages.ts): a link relative to its file works at its URL.
      const start = PAGE_DOCUMENTS.map((d) => documentPath(d.segment));
      const { answers, links } = await crawl(dev.origin, start, 1, 200);
      for (const page of start) expect(answers.get(page)?.type, page).toBe('text/html; charset=utf-8');
      expect(links.length).toBeGreaterThan(20);
      for (const { page, href } of links) {
        if (href.startsWith('data:')) continue;
        const url = new URL(href, `${dev.origin}${page}`);
        expect(answers.get(`${url.pathname}${url.search}`)?.status, `${page} → ${href}`).toBe(200);
      }
    });

    it('serves / as the home page, /api/ as the landing page, and the logos', async () => {
      const root = await fetch(`${dev.origin}/`, { headers: { accept: browser } });
      expect(root.status).toBe(200);
      expect(root.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await root.text()).toBe(read(HOME_FILE));
      for (const path of ['/api/', `/${LANDING_FILE}`]) {
        const landing = await fetch(`${dev.origin}${path}`, { headers: { accept: browser } });
        expect(landing.status, path).toBe(200);
        expect(landing.headers.get('content-type'), path).toMatch(/^text\/html/);
        expect(await landing.text(), path).toBe(read(LANDING_FILE));
      }
      const logo = await fetch(`${dev.origin}/static/logos/svg/MA0101.2.svg`);
      expect(logo.status).toBe(200);
      expect(logo.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    });
  });
});

const jaspar2016 = sharedPath('releases', 'JASPAR2016');

describeWith('HTML pages of JASPAR2016 from file://', [jaspar2016], () => {
  let walk: OfflineWalk;
  beforeAll(async () => {
    // Every browsable page and the JSON they link; other page sizes, orders and filters are the sample's to cover.
    // The same build as browser-search.test.ts's, shared within a run.
    const site = await sharedSite(jaspar2016.path, JASPAR2016_PAGES);
    const files = await listFiles(site.dir);
    const html = await readAll(
      site.dir,
      files.filter((p) => p.endsWith('.html')),
    );
    walk = walkOffline(files, (path) => html.get(path) ?? '', OWN_HOST);
  });

  it('links every page the build writes only to files of the site, by relative paths', () => {
    expect(walk.bad.slice(0, 20), `${walk.bad.length} bad link(s)`).toEqual([]);
    expect(walk.pages).toEqual(
      expect.arrayContaining([LANDING_FILE, HOME_FILE, 'files/api/matrix/MA0004.1.html', ...DOCUMENT_PAGES]),
    );
    expect(walk.pages.length).toBeGreaterThan(4000);
    expect(walk.checked).toBeGreaterThan(50_000);
    expect(walk.portal.has('matrix/MA0004.1/index.html')).toBe(true);
  });

  it('reaches the API documents, every detail and every list page from the landing page', () => {
    const reached = walk.reach(LANDING_FILE, (p) => !walk.portal.has(p));
    const wanted = walk.pages.filter((p) => linked(p) && !walk.portal.has(p));
    expect(wanted.length).toBeGreaterThan(4000);
    expect(wanted.filter((p) => !reached.has(p))).toEqual([]);
    expect(walk.reached.has(LANDING_FILE)).toBe(true);
  });
});

describe('dump values on HTML pages', () => {
  let site: BuiltSite;
  beforeAll(async () => {
    site = await buildSite(writeEvilDump());
  });
  afterAll(() => site?.cleanup());

  it('never reach a page as markup', async () => {
    const pages = await filesUnder(site.dir, '.html');
    expect(pages.length).toBeGreaterThan(10);
    for (const page of pages) {
      const html = readFileSync(join(site.dir, page), 'utf8');
      for (const bad of ['<script>alert', '<img src=x', '<b>bold', '<Co>', '<sapiens>', `"'<&>`])
        expect(html, page).not.toContain(bad);
      // The only inline script is the page's own base fix-up (none on the landing page); the
      // landing page and list pages load the search script (search-client.ts), nothing else; the
      // API documentation page loads Swagger UI, the description and its start script, all site files;
      // each page of the web site loads the site's script and, where it needs the rows, their data script.
      expect((html.match(/<script>/g) ?? []).length, page).toBe(page.startsWith('files/') ? 1 : 0);
      const searches = page === LANDING_FILE || page.includes('/_/') ? 1 : 0;
      expect((html.match(/<script src="[^"]*static\/search\/search\.js">/g) ?? []).length, page).toBe(searches);
      const docs = page === 'static/openapi/docs/index.html' ? 3 : 0;
      expect((html.match(/<script src="(\.\.\/){3}static\/openapi\/[a-z-]+\.js">/g) ?? []).length, page).toBe(docs);
      const root = rootOf(page);
      const portal = isSitePage(page) ? 1 : 0;
      expect(html.split(`<script src="${root}${SCRIPT_FILE}" defer>`).length - 1, page).toBe(portal);
      const data = html.split(`<script src="${root}${DATA_FILE}" defer>`).length - 1;
      expect(data, page).toBeLessThanOrEqual(portal);
      expect((html.match(/<script /g) ?? []).length, page).toBe(searches + docs + portal + data);
    }
  });

  it('show them as text, in text and in attributes', () => {
    const detail = readFileSync(join(site.dir, 'files/api/matrix/MA0001.1.html'), 'utf8');
    expect(detail).toContain('<h1>MA0001.1 &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;q&#39;</h1>');
    expect(detail).toContain('&lt;img src=x onerror=alert(2)&gt;');
    expect(detail).toContain('&quot;Quoted&quot; &amp; &lt;Co&gt;');
    expect(detail).toContain('&lt;/pre&gt;&lt;script&gt;alert(3)&lt;/script&gt;');
    expect(detail).toContain('Homo &lt;sapiens&gt; &amp; &quot;friends&quot;');
    expect(detail).toContain('P1&quot;&gt;&lt;script&gt;alert(4)&lt;/script&gt;');
    expect(detail).toContain(
      'href="https://www.uniprot.org/uniprotkb/P1%22%3E%3Cscript%3Ealert(4)%3C%2Fscript%3E/entry"',
    );
    expect(detail).toContain('exp&quot;&#39;&lt;&amp;&gt;');
    const tffm = readFileSync(join(site.dir, 'files/api/tffm/TFFM0001.1.html'), 'utf8');
    expect(tffm).toContain('exp&quot;&#39;&lt;&amp;&gt;');
    const tffms = readFileSync(join(site.dir, 'files/api/tffm/_/default/default/1.html'), 'utf8');
    expect(tffms).toContain('<td>&lt;script&gt;alert(5)&lt;/script&gt;</td>');
    expect(EVIL.tffmName).toBe('<script>alert(5)</script>');
  });

  it('never let a NUL act as a fragment marker', () => {
    const shown = 'plain&#xFFFD;/ &amp; &#xFFFD;|simple&#xFFFD;b';
    for (const page of ['files/api/matrix/_/default/default/1.html', 'files/api/matrix/MA0002.1.html']) {
      const html = readFileSync(join(site.dir, page), 'utf8');
      expect(html, page).toContain(shown);
      expect(html, page).not.toContain('\u0000');
    }
    expect(readFileSync(join(site.dir, 'files/api/matrix/_/default/default/1.html'), 'utf8')).toContain(
      `<td>${shown}</td>`,
    );
  });
});

describe('static files a release ships, on HTML pages', () => {
  let root: string;
  let site: BuiltSite;
  beforeAll(async () => {
    root = await tempDir('html-tffm');
    const dump = join(root, 'sample');
    cpSync(SAMPLE, dump, { recursive: true });
    mkdirSync(join(dump, 'TFFM', 'TFFM0040.1'), { recursive: true });
    writeFileSync(join(dump, 'TFFM', 'TFFM0040.1', 'TFFM_first_order_trained.xml'), '<tffm/>\n');
    site = await buildSite(dump, { formats: ['json', 'api'], pageSizes: [], filterKeys: [] });
  });
  afterAll(async () => {
    await site?.cleanup();
    if (root) await removeTree(root);
  });

  it('links a TFFM file by a relative path that resolves to the copied file', () => {
    const page = 'files/api/tffm/TFFM0040.1.html';
    const html = readFileSync(join(site.dir, page), 'utf8');
    const href = '../../../static/TFFM/TFFM0040.1/TFFM_first_order_trained.xml';
    expect(html).toContain(`<a href="${href}">`);
    expect(readFileSync(join(site.dir, resolveFrom(page, href)), 'utf8')).toBe('<tffm/>\n');
  });
});
