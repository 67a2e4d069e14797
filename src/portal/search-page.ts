/**
 * The search page, `/search/` (contract §10): the form, and the results the page's script
 * computes from the site's rows with the view's rules (search.ts) and the query in the address:
 * the total, a page of rows, links to the other pages keeping every parameter. The results
 * element carries `data-state="done"` once they are in (or the message that replaced them).
 */
import type { Facets } from './data.js';
import { rootFrom, SEARCH_PATH } from './paths.js';
import { searchForm } from './search-form.js';
import { shell } from './shell.js';

export function searchPage(release: string, facets: Facets): string {
  const root = rootFrom(SEARCH_PATH);
  const body = [
    '<h1>Search JASPAR</h1>',
    searchForm(root, facets),
    '<section id="results" class="results" data-state="pending" aria-live="polite"><noscript><p class="notice">The results are computed by this page\'s script: turn JavaScript on, or use the REST API\'s <code>?search=</code>.</p></noscript></section>',
  ].join('\n');
  return shell({ root, title: 'Search', release, kind: 'search', body, data: true });
}
