/** Reading the browsable HTML pages in tests: their links, the files of a site, a walk from disk, a crawl through a server. */
import { readdirSync, statSync } from 'node:fs';
import { join, posix } from 'node:path';
import { pathToFileURL } from 'node:url';
import { LANDING_FILE } from '../../src/formats/html/runtime-safe/links.js';
import { HOME_PATH, INDEX_FILE } from '../../src/portal/paths.js';
import { SCRIPT_FILE } from '../../src/portal/shell.js';

/** The Accept header Chromium sends for a page. */
export const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

/** Every file below `dir` (relative, `/`-separated) whose name ends with `ext`. */
export function filesUnder(dir: string, ext: string, rel = ''): string[] {
  const out: string[] = [];
  for (const name of readdirSync(join(dir, rel)).sort()) {
    const path = rel ? `${rel}/${name}` : name;
    if (statSync(join(dir, path)).isDirectory()) out.push(...filesUnder(dir, ext, path));
    else if (path.endsWith(ext)) out.push(path);
  }
  return out;
}

/** Lets the event loop run (a test worker must answer its runner during long loops). */
export const breathe = (): Promise<void> => new Promise((done) => setImmediate(done));

/** The href and src values of a page, entities decoded. */
export const linksOf = (html: string): string[] =>
  [...html.matchAll(/\s(?:href|src)="([^"]*)"/g)].map((m) => (m[1] as string).replace(/&amp;/g, '&'));
export const isExternal = (href: string): boolean => /^https?:\/\//.test(href);
/** A relative href resolved against the site file that holds it. */
export const resolveFrom = (file: string, href: string): string =>
  posix.normalize(posix.join(posix.dirname(file), href));

/**
 * `html`, the site file `page`, without its table rows that link a file below the site folder
 * `folder` (`download/database/`): what must be the same of the Downloads pages of sites that
 * differ only in the dump they offer.
 */
export const withoutRowsLinking = (page: string, html: string, folder: string): string =>
  html.replace(/<tr>[\s\S]*?<\/tr>/g, (row) =>
    linksOf(row).some((href) => !isExternal(href) && resolveFrom(page, href).startsWith(folder)) ? '' : row,
  );

/** Where two strings first differ, with some context, for a readable failure. */
export function firstDifference(got: string, want: string): string {
  let i = 0;
  while (i < got.length && i < want.length && got[i] === want[i]) i++;
  return `at ${i}: got …${JSON.stringify(got.slice(Math.max(0, i - 60), i + 60))}… want …${JSON.stringify(want.slice(Math.max(0, i - 60), i + 60))}…`;
}

export interface Crawled {
  /** Every URL (path and query) fetched, with its status and Content-Type. */
  readonly answers: Map<string, { status: number; type: string }>;
  /** Every link of every HTML page reached, as `page → href`. */
  readonly links: { page: string; href: string }[];
}

/**
 * Fetch `start` (paths on `origin`) as a browser would, then every same-site link and image of
 * every HTML page reached within `depth` steps, at most `limit` fetches. Hrefs are resolved as
 * a browser without JavaScript resolves them (against the URL the page was fetched at).
 */
export async function crawl(origin: string, start: readonly string[], depth: number, limit: number): Promise<Crawled> {
  const answers = new Map<string, { status: number; type: string }>();
  const links: { page: string; href: string }[] = [];
  const queue: [string, number][] = start.map((p) => [p, 0]);
  for (let next = queue.shift(); next !== undefined && answers.size < limit; next = queue.shift()) {
    const [path, level] = next;
    if (answers.has(path)) continue;
    const res = await fetch(`${origin}${path}`, { headers: { accept: BROWSER_ACCEPT } });
    const type = res.headers.get('content-type') ?? '';
    answers.set(path, { status: res.status, type });
    const body = await res.text();
    if (!type.startsWith('text/html') || level >= depth) continue;
    for (const href of linksOf(body)) {
      if (isExternal(href) || href.startsWith('data:')) continue;
      links.push({ page: path, href });
      const url = new URL(href, `${origin}${path}`);
      queue.push([`${url.pathname}${url.search}`, level + 1]);
    }
  }
  return { answers, links };
}

/** What a browser makes of a site's links from disk: dead links, and what the home page leads to. */
export interface OfflineWalk {
  /** Every HTML page of the site (an `.html` file holding a document: `404.html` holds the error body). */
  readonly pages: string[];
  /** The pages of the web site (src/portal/): those that load its script, which does their query work and fixes their folder links. */
  readonly portal: ReadonlySet<string>;
  /** Every link that opens no file of the site from `file://`, as `page: href: why`. */
  readonly bad: string[];
  /** Links followed to a file of the site. */
  readonly checked: number;
  /** Every page reached from the home page, `index.html`, by following links. */
  readonly reached: ReadonlySet<string>;
  /** Every page reached from `start` by following links, passing only through the pages `through` accepts. */
  reach(start: string, through?: (page: string) => boolean): ReadonlySet<string>;
}

/** A stand-in folder for the site on disk: only how hrefs resolve against it matters. */
const DISK = pathToFileURL('/offline-site/').href;

/**
 * Every href and src of every HTML page of a site (`files`: every file, relative, from
 * {@link listFiles}; `read`: a file's text), followed as Chromium follows it on `file://`: the
 * link must be relative and open a file of the site (a folder would show its listing; a leading
 * `/` is the root of the disk). On a page of the web site (one that loads its script,
 * src/portal/shell.ts) the script does what a server would (src/portal/client/links.ts): a link
 * to a folder (`…/`) opens the folder's `index.html`, which must exist, and a query is allowed
 * where it opens a page of the web site, whose script reads it. Allowed besides: the empty
 * favicon (`data:,`), the API landing page's facet anchors (`#class=…`,
 * browser-search.test.ts), and links to other services (never to the copy's own base URL,
 * `ownHost`).
 */
export function walkOffline(files: readonly string[], read: (file: string) => string, ownHost: string): OfflineWalk {
  const exists = new Set(files);
  const pages = files.filter((f) => f.endsWith('.html') && read(f).startsWith('<!DOCTYPE html>'));
  const disk = new URL(DISK).pathname;
  /** The site file a URL on the stand-in disk names. */
  const fileOf = (url: URL): string => decodeURIComponent(url.pathname).slice(disk.length);
  const portal = new Set(
    pages.filter((page) =>
      linksOf(read(page)).some(
        (href) => !isExternal(href) && fileOf(new URL(href, new URL(page, DISK))) === SCRIPT_FILE,
      ),
    ),
  );
  const bad: string[] = [];
  const edges = new Map<string, string[]>();
  let checked = 0;
  for (const page of pages) {
    const to: string[] = [];
    edges.set(page, to);
    const base = new URL(page, DISK);
    for (const href of linksOf(read(page))) {
      if (href === 'data:,') continue;
      if (href.startsWith('#')) {
        if (page !== LANDING_FILE || !href.startsWith('#class=')) bad.push(`${page}: ${href}: an anchor no page has`);
        continue;
      }
      if (isExternal(href)) {
        if (new URL(href).host === ownHost) bad.push(`${page}: ${href}: links out to the copy's own server`);
        continue;
      }
      if (/^\/|^[a-z]+:/i.test(href)) {
        bad.push(`${page}: ${href}: not relative (from file:// it opens ${new URL(href, base).href})`);
        continue;
      }
      const url = new URL(href, base);
      const named = fileOf(url);
      // The web site's script opens a folder's page from disk (src/portal/client/links.ts).
      const file = portal.has(page) && (named === '' || named.endsWith('/')) ? `${named}${INDEX_FILE}` : named;
      if (!url.href.startsWith(DISK) || !exists.has(file)) bad.push(`${page}: ${href}: not a file of the site`);
      else if (url.search !== '' && !(portal.has(page) && portal.has(file)))
        bad.push(`${page}: ${href}: a query, which a file does not answer`);
      else {
        checked++;
        if (file.endsWith('.html')) to.push(file);
      }
    }
  }
  const reach = (start: string, through: (page: string) => boolean = () => true): ReadonlySet<string> => {
    const reached = new Set<string>([start]);
    const queue = [start];
    for (let page = queue.pop(); page !== undefined; page = queue.pop())
      for (const next of edges.get(page) ?? [])
        if (!reached.has(next)) {
          reached.add(next);
          if (through(next)) queue.push(next);
        }
    return reached;
  };
  return { pages, portal, bad, checked, reached: reach(`${HOME_PATH}${INDEX_FILE}`), reach };
}
