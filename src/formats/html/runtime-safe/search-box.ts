/**
 * The search box of the landing page and of every list page (docs/html.md, "Search"): a form
 * hidden until the search script runs (so a page without JavaScript shows nothing broken), and
 * the script itself, a file of the site's static folder. The script loads the search library
 * and the build's index (both plain `<script>` files, so it works from `file://`) on first use.
 * `root` is the way from the page to the site root (`../../…/`, '' at the root, `/` for a page
 * answered at an API URL); results link `root` + the path the index holds. Runtime-safe subset
 * (docs/runtime.md): list pages are assembled with it on every host.
 */
import { esc } from './escape.js';

/** The site folder holding the search files (build: src/site/search-files.ts). */
export const SEARCH_DIR = 'static/search';

/** The search files, by role. */
export const SEARCH_FILES = {
  /** The page script (src/formats/html/search-client.ts). */
  client: `${SEARCH_DIR}/search.js`,
  /** The search library, minisearch's browser bundle as published. */
  library: `${SEARCH_DIR}/minisearch.js`,
  /** The library's licence, kept beside it. */
  licence: `${SEARCH_DIR}/minisearch.LICENSE.txt`,
  /** The index the build writes from the release's matrices (src/site/search-index.ts). */
  index: `${SEARCH_DIR}/index.js`,
} as const;

const PLACEHOLDER = 'Search matrices: id, name, TF class, family, species, collection';

/** The box, for the page header; `root` as above. */
export function searchBox(root: string): string {
  return (
    `<form class="search" role="search" data-root="${esc(root)}" hidden>` +
    `<input type="search" name="q" placeholder="${PLACEHOLDER}" aria-label="Search matrices" autocomplete="off" spellcheck="false">` +
    '<div class="hits" aria-live="polite"></div></form>'
  );
}

/** The tag loading the search script, at the end of the page's body. */
export function searchScript(root: string): string {
  return `<script src="${esc(root + SEARCH_FILES.client)}"></script>`;
}
