/**
 * The page shell of the web site (contract §10): head, header with the release, the site's
 * navigation, a quick search and the cart's count, then the content and the footer. Links are
 * relative (`root` is the way up to the site root), so every page opens from `file://` as from a
 * server; the site's script (client/main.ts) adds `index.html` to folder links where the page
 * came from disk. Pure.
 */
import { documentHead } from '../formats/html/runtime-safe/document.js';
import { esc } from '../formats/html/runtime-safe/escape.js';
import { DATA_FILE } from './data.js';
import { ANALYSIS_PATH, CART_PATH, DOWNLOADS_PATH, SEARCH_PATH } from './paths.js';
import { PORTAL_STYLE } from './style.js';
import { PORTAL_SCRIPTS } from './paths.js';

/** The site script's file below the site root (bundled by the build from client/main.ts). */
export const SCRIPT_FILE = `${PORTAL_SCRIPTS}/portal.js`;

/** The navigation, in order: label and path below the root. */
const NAV: readonly (readonly [label: string, path: string])[] = [
  ['Search', SEARCH_PATH],
  ['Downloads', DOWNLOADS_PATH],
  ['Tools', 'tools/'],
  ['Analysis', ANALYSIS_PATH],
  ['API', 'api/'],
  ['Docs', 'docs/'],
  ['About', 'about/'],
];

/** The footer's links: the pages the navigation leaves out. */
const FOOTER: readonly (readonly [label: string, path: string])[] = [
  ['REST API', 'api/'],
  ['FAQ', 'faq/'],
  ['Profile versions', 'profile-versions/'],
  ['Tour', 'tour/'],
  ['Changelog', 'changelog/'],
  ['Contact', 'contact-us/'],
];

export interface Shell {
  /** The way from the page up to the site root: '' or `../../`. */
  readonly root: string;
  /** Plain text (escaped here). */
  readonly title: string;
  /** The release the page shows, plain text. */
  readonly release: string;
  /** The page's kind, for its script (`data-page`): `search`, `profile`, … */
  readonly kind: string;
  /** The content, trusted markup built by the page modules. */
  readonly body: string;
  /** Whether the page's script needs the site's rows (data.ts). */
  readonly data?: boolean;
}

/** A whole HTML document. */
export function shell(s: Shell): string {
  const nav = NAV.map(([label, path]) => `<a href="${esc(s.root + path)}">${label}</a>`).join('');
  const cart = `<a href="${esc(s.root + CART_PATH)}" class="cart-link">Cart <span class="cart-count" aria-label="profiles in the cart">0</span></a>`;
  const quick = `<form class="quick" role="search" action="${esc(s.root + SEARCH_PATH)}" method="get"><input name="q" type="search" placeholder="Search: a name, an id, a species" aria-label="Search profiles"><button type="submit">Search</button></form>`;
  return [
    ...documentHead(`${esc(s.title)} · JASPAR ${esc(s.release)}`, [
      `<style>${PORTAL_STYLE}</style>`,
      ...(s.data ? [`<script src="${esc(s.root + DATA_FILE)}" defer></script>`] : []),
      `<script src="${esc(s.root + SCRIPT_FILE)}" defer></script>`,
    ]),
    `<body data-page="${esc(s.kind)}" data-root="${esc(s.root)}" data-release="${esc(s.release)}">`,
    `<header class="top"><a href="${esc(s.root || './')}">JASPAR</a><span class="release">${esc(s.release)}</span><nav class="site" aria-label="Site">${nav}${cart}</nav>${quick}</header>`,
    `<main>${s.body}</main>`,
    `<footer>A static copy of JASPAR ${esc(s.release)}, the open-access database of transcription factor binding profiles, made by jaspar-static.<br>${FOOTER.map(([label, path]) => `<a href="${esc(s.root + path)}">${label}</a>`).join(' · ')} · <a href="https://jaspar.elixir.no/">JASPAR</a></footer>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
