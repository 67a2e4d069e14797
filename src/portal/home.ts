/**
 * The home page, `/` (the 2018 `index` view): the search box, the facet lists (collections,
 * taxonomic groups, data types, TF classes and families, each leading to its search or
 * collection page), the release, and the ways on: downloads, the API, the tools. Pure.
 */
import { anchor, esc } from '../formats/html/runtime-safe/escape.js';
import type { Facets } from './data.js';
import { ANALYSIS_PATH, CART_PATH, collectionPath, DOWNLOADS_PATH, SEARCH_PATH } from './paths.js';
import { searchForm } from './search-form.js';
import { shell } from './shell.js';

/** What the home page says of the release. */
export interface HomeFacts {
  readonly matrices: number;
  readonly tffms: number;
  /** Matrices per collection. */
  readonly perCollection: ReadonlyMap<string, number>;
}

const searchHref = (params: string): string => `${SEARCH_PATH}?q=&${params}`;

function facetList(title: string, items: readonly string[]): string {
  if (items.length === 0) return '';
  return `<h2>${esc(title)}</h2><ul class="cols">${items.join('')}</ul>`;
}

export function homePage(release: string, facets: Facets, facts: HomeFacts): string {
  const item = (href: string, label: string, extra = '') => `<li>${anchor(href, label)}${extra}</li>`;
  const byParam = (param: string, values: readonly string[], collection: string) =>
    values.map((v) => item(searchHref(`collection=${collection}&${param}=${encodeURIComponent(v)}`), v));
  const body = [
    `<h1>JASPAR ${esc(release)}</h1>`,
    `<p>An open-access database of curated, non-redundant transcription factor binding profiles: this copy holds ${facts.matrices} profiles and ${facts.tffms} TFFMs of ${esc(release)}, and works from disk as well as from a server.</p>`,
    searchForm('', facets),
    `<p>${anchor(DOWNLOADS_PATH, 'Downloads')} · ${anchor('api/', 'REST API')} · ${anchor('tools/', 'Tools')} · ${anchor(ANALYSIS_PATH, 'Analysis')} · ${anchor(CART_PATH, 'Cart')}</p>`,
    facetList(
      'Collections',
      facets.collections.map((c) =>
        item(collectionPath(c), c, ` <span class="muted">${facts.perCollection.get(c) ?? 0} profiles</span>`),
      ),
    ),
    facetList('Taxonomic groups', byParam('tax_group', facets.taxGroups, 'CORE')),
    facetList('Data types', byParam('type', facets.types, 'all')),
    facetList('TF classes', byParam('class', facets.classes, 'all')),
    facetList('TF families', byParam('family', facets.families, 'all')),
  ].join('\n');
  return shell({ root: '', title: 'Home', release, kind: 'home', body });
}
