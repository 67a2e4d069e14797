/**
 * Links between pages are relative paths from one site file to another, both given by the
 * path function, so the tree works from `file://` with no server and from any host that
 * serves the files as themselves.
 */
import { routeFile } from '../../routes/paths.js';
import type { Route } from '../../routes/route.js';

/** The site file of the landing page. */
export const LANDING_FILE = 'index.html';

/** A relative href from the site file `fromFile` to the site file `toFile` (both `/`-separated, from the root). */
export function fileHref(fromFile: string, toFile: string): string {
  const from = fromFile.split('/');
  from.pop();
  const to = toFile.split('/');
  let common = 0;
  while (common < from.length && common < to.length - 1 && from[common] === to[common]) common++;
  return '../'.repeat(from.length - common) + to.slice(common).join('/');
}

/** A relative href from the page of `from` to the page of `to`. */
export function relativeHref(from: Route, to: Route): string {
  return fileHref(routeFile(from), routeFile(to));
}
