/** Reading the browsable HTML pages in tests: their links, the files of a site, a crawl through a server. */
import { readdirSync, statSync } from 'node:fs';
import { join, posix } from 'node:path';

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
