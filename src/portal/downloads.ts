/**
 * The download pages (contract §10): `/downloads/`, every file of the download area (§9) grouped
 * as JASPAR's page groups them (CORE by taxon, the other collections, binding sites and other
 * per-profile files, the database), with sizes; and a listing of every folder of `/download/…`
 * (name and size, folders first), as JASPAR's download server lists them. Modification dates
 * are left out: the build writes the same bytes for the same input (docs/api-decisions.md).
 * Every link is relative, so the tree browses from `file://` too. Pure.
 */
import { anchor, esc } from '../formats/html/runtime-safe/escape.js';
import { DOWNLOADS_PATH, rootFrom } from './paths.js';
import { shell } from './shell.js';
import type { ListedFile, ListedRelease } from '../download/write.js';

export const sizeText = (n: number): string =>
  n < 1024 ? `${n} B` : n < 1024 * 1024 ? `${(n / 1024).toFixed(1)} KB` : `${(n / 1024 / 1024).toFixed(1)} MB`;

/** JASPAR's groups, by the folder a file lies in (the last folder name). */
function groupOf(path: string): string {
  const folders = path.split('/').slice(0, -1);
  const last = folders[folders.length - 1] ?? '';
  if (last === 'CORE') return 'CORE collection';
  if (last === 'collections') return 'Other collections';
  if (last === 'database') return 'Database';
  if (last === 'sites' || last === 'bed') return 'Binding sites';
  return 'Other files';
}

const fileName = (path: string): string => path.slice(path.lastIndexOf('/') + 1);

/** `/downloads/`: every release's files (newest first), grouped. */
export function downloadsPage(releases: readonly ListedRelease[]): string {
  const root = rootFrom(DOWNLOADS_PATH);
  const sections = releases.map((r) => {
    const groups = new Map<string, ListedFile[]>();
    for (const f of r.files) groups.set(groupOf(f.path), [...(groups.get(groupOf(f.path)) ?? []), f]);
    const lists = [...groups].map(([group, files]) => {
      const rows = files.map(
        (f) =>
          `<tr><td>${anchor(root + f.path, fileName(f.path))}</td><td class="num">${esc(sizeText(f.bytes))}</td></tr>`,
      );
      return `<h3>${esc(group)}</h3><div class="scroll"><table><thead><tr><th>File</th><th class="num">Size</th></tr></thead><tbody>${rows.join('')}</tbody></table></div>`;
    });
    return `<h2>${esc(r.name)}</h2>\n${lists.join('\n')}`;
  });
  const body = [
    '<h1>Downloads</h1>',
    `<p>JASPAR's download files, at the paths JASPAR serves them (<a href="${root}download/">browse the folders</a>): change only the host in a pipeline's URLs.</p>`,
    ...sections,
  ].join('\n');
  return shell({ root, title: 'Downloads', release: releases[0]?.name ?? '', kind: 'downloads', body });
}

/**
 * A listing page for every folder holding files of `releases` (`download/`, `download/data/`,
 * …): path of its `index.html` and content.
 */
export function folderListings(
  releases: readonly ListedRelease[],
  release: string,
): { path: string; content: string }[] {
  const files = new Map<string, number>();
  const folders = new Map<string, Set<string>>();
  for (const r of releases)
    for (const f of r.files) {
      files.set(f.path, f.bytes);
      const parts = f.path.split('/');
      for (let i = 1; i < parts.length; i++) {
        const folder = `${parts.slice(0, i).join('/')}/`;
        const entry = i === parts.length - 1 ? parts[i]! : `${parts[i]}/`;
        if (!folders.has(folder)) folders.set(folder, new Set());
        folders.get(folder)!.add(entry);
      }
    }
  const byCode = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return [...folders.keys()].sort(byCode).map((folder) => {
    const root = rootFrom(folder);
    const entries = [...folders.get(folder)!].sort(
      (a, b) => Number(b.endsWith('/')) - Number(a.endsWith('/')) || byCode(a, b),
    );
    const up = folder.split('/').length > 2 ? '<tr><td><a href="../">Parent folder</a></td><td></td></tr>' : '';
    const rows = entries.map((e) => {
      const size = e.endsWith('/') ? '-' : sizeText(files.get(folder + e) ?? 0);
      return `<tr><td>${anchor(e, e)}</td><td class="num">${esc(size)}</td></tr>`;
    });
    const body = `<h1>Index of /${esc(folder)}</h1><div class="scroll"><table><thead><tr><th>Name</th><th class="num">Size</th></tr></thead><tbody>${up}${rows.join('')}</tbody></table></div><p>${anchor(root + DOWNLOADS_PATH, 'The downloads page')}</p>`;
    return {
      path: `${folder}index.html`,
      content: shell({ root, title: `/${folder}`, release, kind: 'listing', body }),
    };
  });
}
