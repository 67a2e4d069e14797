/**
 * The search form (contract §10): `q` and the facets the 2018 search view filters on, with
 * JASPAR's parameter names, sent by GET to the search page. The page's script sets each field
 * from the query it shows. Pure.
 */
import { esc } from '../formats/html/runtime-safe/escape.js';
import type { Facets } from './data.js';
import { SEARCH_PATH } from './paths.js';

const options = (values: readonly string[], all: string): string =>
  [
    `<option value="all">${esc(all)}</option>`,
    ...values.map((v) => `<option value="${esc(v)}">${esc(v)}</option>`),
  ].join('');

const select = (name: string, label: string, values: readonly string[], all: string): string =>
  `<label>${esc(label)}<select name="${name}">${options(values, all)}</select></label>`;

/** The form, from a page whose way to the root is `root`. */
export function searchForm(root: string, facets: Facets): string {
  const collections = facets.collections
    .map((c) => `<option value="${esc(c)}"${c === 'CORE' ? ' selected' : ''}>${esc(c)}</option>`)
    .join('');
  return [
    `<form class="search-form" role="search" action="${esc(root + SEARCH_PATH)}" method="get">`,
    '<label>Search<input name="q" type="search" placeholder="e.g. FOX, MA0004, P10275, 9606, sapiens"></label>',
    `<label>Collection<select name="collection">${collections}<option value="all">All collections</option></select></label>`,
    select('tax_group', 'Taxonomic group', facets.taxGroups, 'All groups'),
    '<label>Species tax id<input name="tax_id" inputmode="numeric" placeholder="e.g. 9606"></label>',
    select('type', 'Data type', facets.types, 'All types'),
    select('class', 'TF class', facets.classes, 'All classes'),
    select('family', 'TF family', facets.families, 'All families'),
    '<label>Version<select name="version"><option value="all">All versions</option><option value="latest">Latest only</option></select></label>',
    '<label>Per page<select name="page_size"><option>10</option><option>25</option><option>50</option><option>100</option><option>1000</option></select></label>',
    '<div class="actions"><button type="submit">Search</button></div>',
    '</form>',
  ].join('');
}
