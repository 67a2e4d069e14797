/**
 * The download area as served (contract §9, issue 34), on the sample release: §9's headers on
 * the dev server and in the hosts' Content-Type table, a 404 for a download path that does not
 * exist, the Downloads page (`/downloads/`), linked from the API's landing page, which lists
 * every file of the area, and the listing of every folder of `/download/` (contract §10), whose
 * links all reach files of the site (relative, so they work from `file://`, where the site's
 * script opens a folder link's `index.html`).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANDING_FILE } from '../src/formats/html/runtime-safe/links.js';
import { mediaTypeOf } from '../src/hosting/content-types.js';
import { DOWNLOADS_PATH, INDEX_FILE, pageFile } from '../src/portal/paths.js';
import { listFiles } from './support/files.js';
import { isExternal, linksOf, resolveFrom } from './support/html.js';
import { BASE, SAMPLE, serve, sharedSite, type BuiltSite, type Served } from './support/site.js';

describe('the download area of the sample release, served', () => {
  let site: BuiltSite;
  let dev: Served;
  beforeAll(async () => {
    site = await sharedSite(SAMPLE);
    dev = await serve(site.dir);
  });
  afterAll(async () => {
    await dev?.close();
  });
  const head = async (path: string) => {
    const res = await fetch(`${dev.origin}${path}`, { method: 'HEAD' });
    return { status: res.status, type: res.headers.get('content-type'), encoding: res.headers.get('content-encoding') };
  };

  it('sends each kind of file with its §9 Content-Type, on the dev server and in the hosts table', async () => {
    const data = '/download/data/sample';
    const cases = [
      [`${data}/CORE/sample_CORE_redundant_pfms_jaspar.txt`, 'text/plain; charset=utf-8'],
      [`${data}/CORE/sample_CORE_redundant_pfms_meme.zip`, 'application/zip'],
      [`${data}/collections/sample_CNE_pfms_transfac.txt`, 'text/plain; charset=utf-8'],
      [`${data}/sites/MA0101.2.sites`, 'text/plain; charset=utf-8'],
      [`${data}/bed/MA0113.1.bed`, 'text/plain; charset=utf-8'],
    ] as const;
    for (const [path, type] of cases) {
      expect(await head(path), path).toEqual({ status: 200, type, encoding: null });
      expect(mediaTypeOf(path), path).toBe(type);
    }
    expect(mediaTypeOf('/download/database/JASPAR2024.sql.gz')).toBe('application/sql');
    expect(mediaTypeOf('/download/database/JASPAR2024.sqlite')).toBe('application/vnd.sqlite3');
    // Outside the download area, a .txt is not ours to type.
    expect(mediaTypeOf('/static/notes.txt')).toBeUndefined();
  });

  it('answers a download path that does not exist with a 404', async () => {
    // Every folder of the area has its listing now (`/download/data/` included): a folder no release of the site has.
    expect(existsSync(join(site.dir, 'download/data/2024'))).toBe(false);
    for (const path of [
      '/download/data/sample/CORE/sample_CORE_mammals_redundant_pfms_jaspar.txt',
      '/download/data/2024/CORE/JASPAR2024_CORE_redundant_pfms_jaspar.txt',
      '/download/database/sample.sql.gz',
      '/download/data/2024/',
    ]) {
      const res = await fetch(`${dev.origin}${path}`);
      expect(res.status, path).toBe(404);
      expect(await res.text()).toBe('{"detail":"Not found."}');
    }
  });

  it('lists every download file on a Downloads page linked from the landing page, and every folder, each link a file of the site', async () => {
    const downloads = pageFile(DOWNLOADS_PATH);
    const landing = readFileSync(join(site.dir, LANDING_FILE), 'utf8');
    expect(linksOf(landing).map((href) => resolveFrom(LANDING_FILE, href))).toContain(downloads);
    /** The site files a page's relative links open, a folder by its `index.html` (as the site's script does from disk). */
    const opened = (file: string, html: string): string[] =>
      linksOf(html)
        .filter((href) => !isExternal(href) && !href.startsWith('data:'))
        .map((href) => {
          expect(href.startsWith('/'), `${file}: ${href}`).toBe(false);
          const target = resolveFrom(file, href);
          const path = href === '' || href.endsWith('/') ? posix.join(target, INDEX_FILE) : target;
          expect(existsSync(join(site.dir, path)), `${file}: ${href}`).toBe(true);
          return path;
        });
    const area = (await listFiles(join(site.dir, 'download'))).map((f) => `download/${f}`);
    const isListing = (f: string) => posix.basename(f) === INDEX_FILE;
    const files = area.filter((f) => !isListing(f));
    expect(files).toContain('download/data/sample/CORE/sample_CORE_non-redundant_pfms_jaspar.zip');
    const page = readFileSync(join(site.dir, downloads), 'utf8');
    expect(opened(downloads, page)).toEqual(expect.arrayContaining([...files, `download/${INDEX_FILE}`]));
    // Each folder's listing links each of its files and folders.
    const listings = area.filter(isListing);
    const folders = new Set(
      files.flatMap((f) =>
        posix
          .dirname(f)
          .split('/')
          .map((_, i, parts) => parts.slice(0, i + 1).join('/')),
      ),
    );
    expect(listings.sort()).toEqual([...folders].map((d) => `${d}/${INDEX_FILE}`).sort());
    for (const listing of listings) {
      const folder = posix.dirname(listing);
      const entries = [...files, ...listings.filter((l) => l !== listing)]
        .filter((f) => posix.dirname(isListing(f) ? posix.dirname(f) : f) === folder)
        .sort();
      const linked = opened(listing, readFileSync(join(site.dir, listing), 'utf8'));
      expect(linked.filter((f) => entries.includes(f)).sort(), listing).toEqual(entries);
    }
    for (const [path, file] of [
      [`/${DOWNLOADS_PATH}`, downloads],
      ['/download/', `download/${INDEX_FILE}`],
    ] as const) {
      const res = await fetch(`${dev.origin}${path}`);
      expect(res.status, path).toBe(200);
      expect(await res.text(), path).toBe(readFileSync(join(site.dir, file), 'utf8'));
    }
    // Built for its --base-url: the MEME URL lines point at the copy.
    expect(
      readFileSync(join(site.dir, 'download/data/sample/CORE/sample_CORE_redundant_pfms_meme.txt'), 'utf8'),
    ).toContain(`URL ${BASE}/matrix/`);
  });
});
