/**
 * Where HTML links go. In a full build every page and logo is a site file, and a prebuilt page
 * links to it by a relative path from its own file (both given by the path function), so the
 * tree works from `file://` with no server. A compact build has no page files: its pages link
 * to API URLs (`/api/v1/…?format=api`), which the request runtime answers, and to the logos
 * the runtime serves at their usual paths. Runtime-safe subset (docs/runtime.md).
 */
import { routeFile, routeUrl } from '../../../routes/paths.js';
import type { Route } from '../../../routes/route.js';

/**
 * The site file of the API's landing page, the web site's `/api/` page (contract §10; the site's
 * home page, `index.html`, is the portal's, src/portal/home.ts).
 */
export const LANDING_FILE = 'api/index.html';

/** Where a link goes: a page of the browsable format, or a site file (a logo, a TFFM file). */
export type LinkTarget = { readonly route: Route } | { readonly file: string };

/**
 * The path of a target from the site root, without the leading `/`: the page's file in a full
 * build, its API URL in a compact one (`compact`); a site file as it is.
 */
export function targetPath(target: LinkTarget, compact: boolean): string {
  if ('file' in target) return target.file;
  return compact ? routeUrl(target.route).slice(1) : routeFile(target.route);
}

/** A relative href from the site file `fromFile` to the site file `toFile` (both `/`-separated, from the root). */
export function fileHref(fromFile: string, toFile: string): string {
  const from = fromFile.split('/');
  from.pop();
  const to = toFile.split('/');
  let common = 0;
  while (common < from.length && common < to.length - 1 && from[common] === to[common]) common++;
  return '../'.repeat(from.length - common) + to.slice(common).join('/');
}

/** The way from a site file up to the site root: `../../` (or '' at the root). */
export function rootOf(file: string): string {
  return '../'.repeat(file.split('/').length - 1);
}
