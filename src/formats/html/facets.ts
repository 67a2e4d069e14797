/**
 * The landing page's facets (docs/html.md, "Search"): the release's matrices by collection, by
 * taxonomic group and by TF class, each value with its count and a link. Collections and
 * groups link to a list page the site has (src/site/facets.ts picks it); a TF class has no
 * list page of its own, so it links to the landing page's search, which lists every matrix of
 * the class (`#class=…`, search-client.ts). Pure.
 */
import { anchor, esc } from './runtime-safe/escape.js';
import type { LinkTarget } from './runtime-safe/links.js';

/** Where a facet value leads: a page of the site, or the search's list of a TF class. */
export type FacetTarget = { readonly page: LinkTarget } | { readonly tfClass: string } | null;

export interface FacetValue {
  readonly label: string;
  readonly count: number;
  readonly to: FacetTarget;
}

export interface Facet {
  readonly title: string;
  readonly values: readonly FacetValue[];
}

/** The href of the search's list of a TF class, from the landing page. */
export const classHref = (name: string): string => `#class=${encodeURIComponent(name)}`;

/** The facets as a section; `pageHref` gives the href of a page target from the landing page. */
export function facetsSection(facets: readonly Facet[], pageHref: (target: LinkTarget) => string): string {
  const rows = facets
    .filter((f) => f.values.length > 0)
    .map((f) => {
      const values = f.values.map((v) => {
        const label =
          v.to === null
            ? esc(v.label)
            : anchor('page' in v.to ? pageHref(v.to.page) : classHref(v.to.tfClass), v.label);
        return `<li>${label} <span class="muted">${v.count}</span></li>`;
      });
      return `<dt>${esc(f.title)}</dt><dd><ul class="facet">${values.join('')}</ul></dd>`;
    });
  return rows.length === 0 ? '' : `<h2>Browse matrices</h2><dl class="facets">${rows.join('')}</dl>`;
}
