/**
 * A collection's page, `/collection/<name>/` (the 2018 `browse_collection` view): every matrix
 * of the collection by base id, paginated by `page` and `page_size` (default 10). The first page
 * is in the file; the page's script shows the page the address asks for (search.ts's rules).
 */
import type { PortalRow } from './rows.js';
import { collectionPath, rootFrom } from './paths.js';
import { resultsHtml } from './results.js';
import { pageRows, sortRows } from './search.js';
import { shell } from './shell.js';
import { esc } from '../formats/html/runtime-safe/escape.js';

/** The rows of `name`, in the page's order. */
export const collectionRows = (rows: readonly PortalRow[], name: string): PortalRow[] =>
  sortRows(rows.filter((r) => r[4] === name));

export function collectionPage(release: string, name: string, rows: readonly PortalRow[]): string {
  const root = rootFrom(collectionPath(name));
  const first = pageRows(collectionRows(rows, name), { page: null, pageSize: null });
  const results = resultsHtml(first, root, (n) => `?page=${n}`, `in the ${name} collection`);
  const body = [
    `<h1>The ${esc(name)} collection</h1>`,
    `<section id="results" class="results" data-state="done" data-collection="${esc(name)}" aria-live="polite">${results}</section>`,
  ].join('\n');
  return shell({ root, title: `${name} collection`, release, kind: 'collection', body, data: true });
}
