/**
 * The web site's pages (contract §10) in the one page shell (formats/html/runtime-safe/shell.ts):
 * the site's stylesheet and script, the cart's count at the end of the navigation, a quick
 * search, the page's kind for its script. Links are relative (`root` is the way up to the site
 * root), so every page opens from `file://` as from a server; the site's script (client/main.ts)
 * adds `index.html` to folder links where the page came from disk. Pure.
 */
import { esc } from '../formats/html/runtime-safe/escape.js';
import { shell as pageShell } from '../formats/html/runtime-safe/shell.js';
import { DATA_FILE } from './data.js';
import { CART_PATH, PORTAL_SCRIPTS, SEARCH_PATH } from './paths.js';
import { PORTAL_STYLE } from './style.js';

/** The site script's file below the site root (bundled by the build from client/main.ts). */
export const SCRIPT_FILE = `${PORTAL_SCRIPTS}/portal.js`;

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
  const cart = `<a href="${esc(s.root + CART_PATH)}" class="cart-link">Cart <span class="cart-count" aria-label="profiles in the cart">0</span></a>`;
  const quick = `<form class="quick" role="search" action="${esc(s.root + SEARCH_PATH)}" method="get"><input name="q" type="search" placeholder="Search: a name, an id, a species" aria-label="Search profiles"><button type="submit">Search</button></form>`;
  return pageShell({
    title: `${esc(s.title)} · JASPAR ${esc(s.release)}`,
    head: [
      `<style>${PORTAL_STYLE}</style>`,
      ...(s.data ? [`<script src="${esc(s.root + DATA_FILE)}" defer></script>`] : []),
      `<script src="${esc(s.root + SCRIPT_FILE)}" defer></script>`,
    ],
    bodyAttributes: ` data-page="${esc(s.kind)}" data-root="${esc(s.root)}" data-release="${esc(s.release)}"`,
    root: s.root,
    folderLinks: true,
    brand: { label: 'JASPAR', href: esc(s.root || './') },
    release: s.release,
    navEnd: cart,
    header: quick,
    main: s.body,
    footer: `A static copy of JASPAR ${esc(s.release)}, the open-access database of transcription factor binding profiles, made by jaspar-static.`,
    tail: '',
  });
}
