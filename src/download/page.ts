/**
 * The Downloads page (`download/index.html`): every file of the download area, per release,
 * linked relatively so the tree is browsable from `file://` as from a server.
 */
import { anchor, esc } from '../formats/html/runtime-safe/escape.js';
import { LANDING_FILE } from '../formats/html/runtime-safe/links.js';
import { page } from '../formats/html/runtime-safe/page.js';
import { DOWNLOAD_ROOT } from './media.js';

/** The page's file below the site root; the landing page links it. */
export const DOWNLOADS_PAGE = `${DOWNLOAD_ROOT}/index.html`;

export interface ListedFile {
  /** Below the site root. */
  readonly path: string;
  readonly bytes: number;
}

export interface ListedRelease {
  readonly name: string;
  readonly files: readonly ListedFile[];
}

const size = (n: number): string =>
  n < 1024 ? `${n} B` : n < 1024 * 1024 ? `${(n / 1024).toFixed(1)} KB` : `${(n / 1024 / 1024).toFixed(1)} MB`;

/** The folder a file is listed under: its path below `download/`, without the file name. */
const folderOf = (path: string): string => path.slice(DOWNLOAD_ROOT.length + 1, path.lastIndexOf('/'));

/** The page listing `releases` (newest first), each file under its folder, in the order written. */
export function downloadsPage(releases: readonly ListedRelease[]): string {
  const sections = releases.map((r) => {
    const folders = new Map<string, ListedFile[]>();
    for (const f of r.files) {
      const folder = folderOf(f.path);
      folders.set(folder, [...(folders.get(folder) ?? []), f]);
    }
    const lists = [...folders].map(([folder, files]) => {
      const items = files.map((f) => {
        const href = f.path.slice(DOWNLOAD_ROOT.length + 1);
        return `<li>${anchor(href, href.slice(href.lastIndexOf('/') + 1))} <span class="muted">${esc(size(f.bytes))}</span></li>`;
      });
      return `<h3><code>/${esc(DOWNLOAD_ROOT)}/${esc(folder)}/</code></h3><ul class="plain">${items.join('')}</ul>`;
    });
    return `<h2>${esc(r.name)}</h2>\n${lists.join('\n')}`;
  });
  const body = [
    '<h1>Downloads</h1>',
    "<p>JASPAR's download files, at the paths JASPAR serves them: change only the host in a pipeline's URLs.</p>",
    ...sections,
  ].join('\n');
  return page({
    home: `../${LANDING_FILE}`,
    title: 'Downloads',
    release: releases[0]?.name ?? '',
    endpoint: null,
    fixBase: null,
    search: null,
    body,
  });
}
