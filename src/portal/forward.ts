/**
 * The pages at JASPAR's old addresses (`/cgi-bin/jaspar_db.pl`, `/html/DOWNLOAD`, contract §10)
 * for where no server redirects (from disk, a host that only serves files): the page's script
 * sends the reader where the request runtime's 301 would (old-links.ts), and without a script a
 * link says where to go. Pure.
 */
import { anchor } from '../formats/html/runtime-safe/escape.js';
import { DOWNLOADS_PATH, rootFrom } from './paths.js';
import { shell } from './shell.js';

export function forwardPage(oldPath: string, release: string): string {
  const root = rootFrom(oldPath);
  const fallback = oldPath.indexOf('html/') === 0 ? DOWNLOADS_PATH : '';
  const body = `<h1>This address has moved</h1><p class="notice" id="forward" data-old="${oldPath}">JASPAR's old address: ${anchor(root + fallback || './', fallback ? 'go to the downloads page' : 'go to the home page')}.</p>`;
  return shell({ root, title: 'Moved', release, kind: 'forward', body });
}
