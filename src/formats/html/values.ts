/**
 * Links on a detail page and showing API values: strings that name a page or a file of this
 * build (link-table.ts) become links, everything else escaped text. One {@link Linker} per
 * page: in a full build its hrefs are relative paths from the page's own file, in a compact
 * build root-relative API URLs and logo paths (links.ts).
 */
import { Float, type Json, type JsonObject } from '../../model/json.js';
import { routeFile } from '../../routes/paths.js';
import type { Route } from '../../routes/route.js';
import type { RenderContext } from '../context.js';
import { toJson } from '../json.js';
import { esc } from './runtime-safe/escape.js';
import { linkTable } from './link-table.js';
import { fileHref, rootOf, targetPath, type LinkTarget } from './runtime-safe/links.js';

/** Hrefs from one page to the pages and files of this build. */
export interface Linker {
  /** The page's own site file (a compact build does not write it). */
  readonly file: string;
  /** Href to the page or file an absolute URL of this deployment names, or null when the build has none. */
  href(url: string): string | null;
  /** Href to a target. */
  to(target: LinkTarget): string;
  /** Href to another page of this build. */
  toRoute(to: Route): string;
  /** Href to a site file (a logo, the landing page). */
  toFile(path: string): string;
}

function make(route: Route, ctx: RenderContext, rel: (sitePath: string) => string): Linker {
  const table = linkTable(ctx);
  const to = (target: LinkTarget): string => rel(targetPath(target, ctx.compact));
  return {
    file: routeFile(route),
    href(url) {
      const target = table.get(url);
      return target === undefined ? null : to(target);
    },
    to,
    toRoute: (r) => to({ route: r }),
    toFile: (file) => to({ file }),
  };
}

/** The linker of the page of `route`: shortest relative paths (`MA0004.2.html`, `../../../static/…`). */
export function linker(route: Route, ctx: RenderContext): Linker {
  const file = routeFile(route);
  return make(route, ctx, (target) => (ctx.compact ? `/${target}` : fileHref(file, target)));
}

/**
 * A linker whose hrefs go up to the site root and down to the target, the way list fragments
 * link (so a versions page's records and response read as a list page's do).
 */
export function sharedLinker(route: Route, ctx: RenderContext): Linker {
  const root = ctx.compact ? '/' : rootOf(routeFile(route));
  return make(route, ctx, (target) => root + target);
}

/** True for a JSON object (not an array, not a float). */
export const isRecord = (v: Json): v is JsonObject =>
  v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Float);

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
    return value.length === 0
      ? '<span class="muted">none</span>'
      : (value as readonly Json[]).map((v) => valueHtml(v, link)).join(', ');
  }
  return `<code>${esc(toJson(value))}</code>`;
}
