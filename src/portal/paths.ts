/**
 * The web site's addresses (contract §10), as paths below the site root without the leading
 * `/`: each page is a folder whose `index.html` a host serves for the path with its final slash
 * (and sends the path without it there, keeping the query). One list, read by the build that
 * writes the pages, the hosts' rules, `jaspar-static check` and the tests. Runtime-safe subset.
 */
import { ANALYSIS_PATH, CART_PATH, DOWNLOADS_PATH, SEARCH_PATH } from '../formats/html/runtime-safe/shell.js';

/** The folder of the site's script, its data and the profiles' records, below the site root. */
export const PORTAL_SCRIPTS = 'static/portal';

/** The file a page folder is served from. */
export const INDEX_FILE = 'index.html';

/** The file of the page at `path` (a folder path ending in `/`, or '' for the home page). */
export const pageFile = (path: string): string => `${path}${INDEX_FILE}`;

export const HOME_PATH = '';
/** The main pages' folders, named once with the navigation of the one page shell. */
export { ANALYSIS_PATH, CART_PATH, DOWNLOADS_PATH, SEARCH_PATH };

export const profilePath = (matrixId: string): string => `matrix/${matrixId}/`;
export const versionsPath = (baseId: string): string => `matrix/${baseId}/versions/`;
export const logoPagePath = (matrixId: string): string => `matrix/${matrixId}/svg/`;
export const sitesPath = (matrixId: string): string => `sites/${matrixId}/`;
export const collectionPath = (name: string): string => `collection/${name}/`;

/** The informational pages (contract §10), in the order the navigation lists them. */
export const INFO_PAGES = [
  'about',
  'docs',
  'tools',
  'api',
  'faq',
  'changelog',
  'profile-versions',
  'tour',
  'contact-us',
] as const;
export type InfoPage = (typeof INFO_PAGES)[number];

/** The informational pages the site writes itself (`/api/` is the API's landing page, below the API's own folder). */
const SITE_INFO_PAGES: readonly string[] = INFO_PAGES.filter((p) => p !== 'api');

/** JASPAR's tools that need data or programs a dump does not carry: a page says so (contract §10). */
export const EXTERNAL_TOOL_PAGES = ['inference', 'align', 'matrix-clusters', 'genome-tracks'] as const;

/**
 * Old addresses JASPAR still answers with a redirect (the 2018 `url_redirection`): papers
 * before 2018 print `/cgi-bin/jaspar_db.pl?ID=MA0004.1&rm=present&collection=CORE`, and the
 * old site's download page was `/html/DOWNLOAD`. Each is also a page folder that forwards by
 * script, where no server redirects (from disk, or a host that only serves files).
 */
export const OLD_LINK_PATHS = ['cgi-bin/jaspar_db.pl/', 'html/DOWNLOAD/'] as const;

/** The old addresses as requested (`/cgi-bin/jaspar_db.pl`, `/html/DOWNLOAD`): what hosts match, with or without a final slash. */
export const OLD_LINKS: readonly string[] = OLD_LINK_PATHS.map((p) => `/${p.slice(0, -1)}`);

/** The way from the page at `path` up to the site root (`../../`, or '' at the root). */
export const rootFrom = (path: string): string => '../'.repeat(path.split('/').length - 1);

/** The top-level names the web site writes (the site writer's guard lists them, src/site/site-names.ts). */
export const PORTAL_TOP_NAMES: readonly string[] = [SEARCH_PATH, CART_PATH, ANALYSIS_PATH, DOWNLOADS_PATH]
  .concat(collectionPath('x'), sitesPath('x'), OLD_LINK_PATHS as readonly string[])
  .map((p) => p.slice(0, p.indexOf('/')))
  .concat(SITE_INFO_PAGES, EXTERNAL_TOOL_PAGES as readonly string[]);

/**
 * The paths, without their final slash, that are folders of pages (a host sends them to the
 * slash, keeping the query), as a regular expression's source: for hosts that cannot look
 * whether the folder exists (S3 behind CloudFront). Files never match: a profile's folder is one
 * segment below `matrix/` or `sites/`, a download folder has no dot in its name.
 */
export const PAGE_FOLDER_PATTERN = `^/(?:${[SEARCH_PATH, CART_PATH, ANALYSIS_PATH, DOWNLOADS_PATH]
  .map((p) => p.slice(0, -1))
  .concat(SITE_INFO_PAGES, EXTERNAL_TOOL_PAGES as readonly string[], [
    'collection/[^/]+',
    'matrix/[^/]+(?:/versions|/svg)?',
    'sites/[^/]+',
    'download(?:/[^/.]+)*',
  ])
  .join('|')})$`;
