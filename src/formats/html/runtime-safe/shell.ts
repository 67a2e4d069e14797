/**
 * The one page shell of every HTML page the build writes or the runtime assembles: the web site's
 * pages (src/portal/shell.ts), the API's pages (page.ts), its Core API pages and its documentation
 * page (src/site/coreapi/pages.ts, src/site/openapi/docs-page.ts). One document head
 * (document.ts), one header with the home link, the release and the site's navigation, the
 * page's own header parts, the content, one footer with the site's links. So a person moves
 * between the web site and the API's pages as on JASPAR, where the two link each other.
 * Runtime-safe subset (docs/runtime.md): the API's list pages are assembled with it on every host.
 */
import { documentHead } from './document.js';
import { esc } from './escape.js';

/** The web site's main pages (contract §10), as folder paths below the site root. */
export const SEARCH_PATH = 'search/';
export const CART_PATH = 'cart/';
export const ANALYSIS_PATH = 'analysis/';
export const DOWNLOADS_PATH = 'downloads/';
/** The folder of the API's landing page (its `index.html` is links.ts's LANDING_FILE). */
const API_PATH = 'api/';

/** The navigation, in order: label and folder below the site root. */
const NAV: readonly (readonly [label: string, path: string])[] = [
  ['Search', SEARCH_PATH],
  ['Downloads', DOWNLOADS_PATH],
  ['Tools', 'tools/'],
  ['Analysis', ANALYSIS_PATH],
  ['API', API_PATH],
  ['Docs', 'docs/'],
  ['About', 'about/'],
];

/** The footer's links: the pages the navigation leaves out. */
const FOOTER: readonly (readonly [label: string, path: string])[] = [
  ['REST API', API_PATH],
  ['FAQ', 'faq/'],
  ['Profile versions', 'profile-versions/'],
  ['Tour', 'tour/'],
  ['Changelog', 'changelog/'],
  ['Contact', 'contact-us/'],
];

export interface Shell {
  /** The document's title, markup (escaped by the caller). */
  readonly title: string;
  /** The page's own lines of the head (styles, scripts). */
  readonly head: readonly string[];
  /** Attributes of `<body>`, markup with its leading space, or ''. */
  readonly bodyAttributes: string;
  /**
   * The way from the page up to the site root: '' or `../../` for a page linked by its file,
   * `/` for one answered at an address of its own (a compact site's API pages).
   */
  readonly root: string;
  /**
   * Whether folder links name the folder (`search/`: a server, or the site's script from
   * `file://`, finds its `index.html`) or its `index.html` (a page with no site script, which must
   * work from `file://` as it is). Root-absolute roots always name the folder.
   */
  readonly folderLinks: boolean;
  /** The home link: its label (plain text) and href (markup, escaped by the caller). */
  readonly brand: { readonly label: string; readonly href: string };
  /** The release the page shows, plain text; null for none. */
  readonly release: string | null;
  /** Markup the navigation ends with (the cart's link), or ''. */
  readonly navEnd: string;
  /** The page's own header parts after the navigation (markup), or ''. */
  readonly header: string;
  /** The content, trusted markup built by the page's renderer. */
  readonly main: string;
  /** The footer's sentence, markup. */
  readonly footer: string;
  /** Markup after the footer (scripts), or ''. */
  readonly tail: string;
}

/** The href of the site folder `path` (ending in `/`) from a page of `s`. */
export function folderHref(s: Pick<Shell, 'root' | 'folderLinks'>, path: string): string {
  return s.folderLinks || s.root.charAt(0) === '/' ? s.root + path : `${s.root}${path}index.html`;
}

const links = (s: Shell, list: readonly (readonly [string, string])[]): string[] =>
  list.map((link) => `<a href="${esc(folderHref(s, link[1]))}">${link[0]}</a>`);

/** A whole HTML document. */
export function shell(s: Shell): string {
  const release = s.release === null ? '' : `<span class="release">${esc(s.release)}</span>`;
  return documentHead(s.title, s.head)
    .concat([
      `<body${s.bodyAttributes}>`,
      `<header class="top"><a href="${s.brand.href}">${esc(s.brand.label)}</a>${release}<nav class="site" aria-label="Site">${links(s, NAV).join('')}${s.navEnd}</nav>${s.header}</header>`,
      `<main>${s.main}</main>`,
      `<footer>${s.footer}<br>${links(s, FOOTER).join(' · ')} · <a href="https://jaspar.elixir.no/">JASPAR</a></footer>${s.tail}`,
      '</body>',
      '</html>',
      '',
    ])
    .join('\n');
}
