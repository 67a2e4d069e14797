/**
 * The download area as served (contract §9, issue 34), on the sample release: §9's headers on
 * the dev server and in the hosts' Content-Type table, a 404 for a download path that does not
 * exist, and the Downloads page, linked from the landing page, whose links all reach files
 * (relative, so it works from `file://`).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaTypeOf } from '../src/hosting/content-types.js';
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
    for (const path of [
      '/download/data/sample/CORE/sample_CORE_mammals_redundant_pfms_jaspar.txt',
      '/download/data/2024/CORE/JASPAR2024_CORE_redundant_pfms_jaspar.txt',
      '/download/database/sample.sql.gz',
      '/download/data/',
    ]) {
      const res = await fetch(`${dev.origin}${path}`);
      expect(res.status, path).toBe(404);
      expect(await res.text()).toBe('{"detail":"Not found."}');
    }
  });

  it('lists every bundle on a Downloads page linked from the landing page, each link a file of the site', async () => {
    const landing = readFileSync(join(site.dir, 'index.html'), 'utf8');
    expect(linksOf(landing)).toContain('download/index.html');
    const page = readFileSync(join(site.dir, 'download/index.html'), 'utf8');
    const links = linksOf(page).filter((href) => !isExternal(href) && !href.startsWith('data:'));
    expect(links).toContain('data/sample/CORE/sample_CORE_non-redundant_pfms_jaspar.zip');
    for (const href of links) {
      expect(href.startsWith('/'), href).toBe(false);
      expect(existsSync(join(site.dir, resolveFrom('download/index.html', href))), href).toBe(true);
    }
    const res = await fetch(`${dev.origin}/download/`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(page);
    // Built for its --base-url: the MEME URL lines point at the copy.
    expect(
      readFileSync(join(site.dir, 'download/data/sample/CORE/sample_CORE_redundant_pfms_meme.txt'), 'utf8'),
    ).toContain(`URL ${BASE}/matrix/`);
  });
});
