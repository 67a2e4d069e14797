/** Every version of a base id, `/matrix/<base_id>/versions/` (the 2018 `matrix_versions` view): search rows. Pure. */
import { esc } from '../formats/html/runtime-safe/escape.js';
import { rootFrom, versionsPath } from './paths.js';
import { rowsTable, type PortalRow } from './rows.js';
import { shell } from './shell.js';

export function versionsPage(release: string, baseId: string, rows: readonly PortalRow[]): string {
  const root = rootFrom(versionsPath(baseId));
  const body = [
    `<h1>Versions of ${esc(baseId)}</h1>`,
    `<p>${rows.length} ${rows.length === 1 ? 'version' : 'versions'} in this release. <a href="${esc(root)}profile-versions/">How versions work</a>.</p>`,
    `<section id="results" class="results" data-state="done">${rowsTable(rows, root)}</section>`,
  ].join('\n');
  return shell({ root, title: `${baseId} versions`, release, kind: 'versions', body });
}
