/**
 * Showing API values on a page: strings that name a page or static file of this build become
 * relative links, everything else escaped text. One {@link Linker} per page.
 */
import { Float, type Json, type JsonObject } from '../../model/json.js';
import { routeFile } from '../../routes/paths.js';
import type { Route } from '../../routes/route.js';
import type { RenderContext } from '../context.js';
import { toJson } from '../json.js';
import { esc } from './escape.js';
import { fileHref } from './links.js';
import { siteMap } from './site-map.js';

/** Relative links from one page to what absolute URLs of the deployment name. */
export interface Linker {
  /** The page's own site file. */
  readonly file: string;
  /** Pages whose linkers share this key get the same links: fragments may be cached under it. */
  readonly cacheKey: string;
  /** Relative href to the page or static file an absolute URL names, or null when the build has none. */
  href(url: string): string | null;
  /** Relative href to the static file (a logo, a TFFM file) an absolute URL names, or null. */
  asset(url: string): string | null;
  /** Relative href to another page of this build. */
  toRoute(to: Route): string;
  /** Relative href to another site file (e.g. a logo, the landing page). */
  toFile(path: string): string;
}

function make(route: Route, ctx: RenderContext, rel: (target: string) => string, cacheKey: string): Linker {
  const map = siteMap(ctx, route.format);
  const asset = (url: string): string | null => {
    const f = map.staticFile(url);
    return f === null ? null : rel(f);
  };
  return {
    file: routeFile(route),
    cacheKey,
    href(url) {
      const to = map.route(url);
      return to === null ? asset(url) : rel(routeFile(to));
    },
    asset,
    toRoute: (to) => rel(routeFile(to)),
    toFile: rel,
  };
}

/** The linker of the page of `route`: shortest relative paths (`2.html`, `../-name/1.html`). */
export function linker(route: Route, ctx: RenderContext): Linker {
  const file = routeFile(route);
  return make(route, ctx, (target) => fileHref(file, target), file);
}

/**
 * A linker whose hrefs go up to the site root and down to the target, so they are the same
 * for every page at the same depth: fragments shared by many pages (a record on the pages of
 * every order, filter and page size) are rendered once per depth, not once per folder.
 */
export function sharedLinker(route: Route, ctx: RenderContext): Linker {
  const root = '../'.repeat(routeFile(route).split('/').length - 1);
  return make(route, ctx, (target) => root + target, root);
}

/** True for a JSON object (not an array, not a float). */
export const isRecord = (v: Json): v is JsonObject => v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Float);

const isScalar = (v: Json): v is string | number | boolean | Float | null =>
  v === null || typeof v !== 'object' || v instanceof Float;

/** A value as cell content: links for URLs this build answers, `null` muted, lists joined. */
export function valueHtml(value: Json, link: Linker): string {
  if (value === null) return '<span class="muted">null</span>';
  if (typeof value === 'string') {
    const href = link.href(value);
    return href === null ? esc(value) : `<a href="${esc(href)}">${esc(value)}</a>`;
  }
  if (isScalar(value)) return esc(toJson(value));
  if (Array.isArray(value) && value.every(isScalar)) {
    return value.length === 0 ? '<span class="muted">none</span>' : (value as readonly Json[]).map((v) => valueHtml(v, link)).join(', ');
  }
  return `<code>${esc(toJson(value))}</code>`;
}
