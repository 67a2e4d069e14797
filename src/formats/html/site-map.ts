/**
 * Which absolute URLs (the `{base}/…` links inside API data) this build answers with a file,
 * worked out once per build over the resource table, so a page links a URL to its local
 * HTML page or static file only when that file exists (a TFFM list's quirky `matrix_url`, a TFFM
 * whose matrix is not in the release, stay plain text).
 */
import { tffmFileUrl } from '../../api/urls.js';
import { logoFile } from '../../logos/files.js';
import { isSafeSegment } from '../../model/segments.js';
import type { RouteOptions } from '../../routes/generate.js';
import { prebuiltFilterKeys, prebuiltOrders } from '../../runtime/prebuilt.js';
import { pageCount } from '../../runtime/select.js';
import { orderValues, RESOURCES, type ResourceDescriptor } from '../../api/resources.js';
import { resourceInstances } from '../../routes/builders.js';
import { resourcePath } from '../../routes/paths.js';
import { effectivePageSize, type Params, type Route } from '../../routes/route.js';
import type { RenderContext } from '../context.js';
import type { FormatName } from '../../api/formats.js';

interface Instance {
  readonly resource: ResourceDescriptor;
  readonly params: Params;
  /** Records of a list instance (for its page range); 0 for a detail. */
  readonly count: number;
}

/** Resolves absolute URLs of this deployment to the routes and files the build wrote. */
export interface SiteMap {
  /** The page (in the map's format) of an API URL, or null when the build has no such page. */
  route(url: string): Route | null;
  /** A static file (a logo, a TFFM file) the URL names, relative to the site root, or null. */
  staticFile(url: string): string | null;
}

const trimSlash = (p: string): string => (p.endsWith('/') ? p.slice(0, -1) : p);

/** Filter values of a list URL, in the resource's filter order (the order its files use). */
function filtersOf(resource: ResourceDescriptor, query: URLSearchParams, routes: RouteOptions): Record<string, string> | null {
  const filters: Record<string, string> = {};
  if (resource.kind !== 'list') return filters;
  for (const key of prebuiltFilterKeys(resource, routes)) {
    const value = query.get(key);
    if (value === null) continue;
    if (!isSafeSegment(value)) return null;
    filters[key] = value;
  }
  return filters;
}

/** The `page_size` of a list URL when the build has it: null when absent, undefined when not built. */
function pageSizeOf(query: URLSearchParams, routes: RouteOptions): number | null | undefined {
  const raw = query.get('page_size');
  if (raw === null) return null;
  const size = Number(raw);
  return /^\d+$/.test(raw) && routes.pageSizes.includes(size) ? size : undefined;
}

function listRoute(inst: Instance, query: URLSearchParams, format: FormatName, routes: RouteOptions): Route | null {
  if (inst.resource.kind !== 'list') return null;
  const filters = filtersOf(inst.resource, query, routes);
  const pageSize = pageSizeOf(query, routes);
  if (filters === null || pageSize === undefined) return null;
  const order = query.get('order');
  const valid = order !== null && orderValues(inst.resource.orders).includes(order);
  // DRF drops an unknown order and falls back to the default (contract §3); a valid one the
  // build did not prebuild here has no page.
  if (valid && !prebuiltOrders(inst.resource, routes, Object.keys(filters).length > 0).includes(order)) return null;
  const known = valid ? order : null;
  const raw = query.get('page');
  // Filtered variants hold fewer records: the whole list's page count bounds theirs.
  const pages = pageCount(inst.count, effectivePageSize(pageSize));
  const page = raw === null ? 1 : raw === 'last' ? 'last' : Number(raw);
  if (page !== 'last' && !(Number.isInteger(page) && page >= 1 && page <= pages)) return null;
  const { resource, params } = inst;
  return { kind: 'list', resource: resource.name, params, filters, order: known, page, pageSize, format, formatInQuery: true };
}

function build(ctx: RenderContext, format: FormatName): SiteMap {
  const instances = new Map<string, Instance>();
  for (const resource of RESOURCES) {
    for (const { params, count } of resourceInstances(resource, ctx.index)) {
      instances.set(trimSlash(resourcePath(resource.name, params)), { resource, params, count });
    }
  }
  // Static files the build writes that API data links to: logos, and the TFFM files shipped.
  const statics = new Set<string>();
  for (const m of ctx.index.release.matrices) statics.add(logoFile(m.matrixId, 'forward'));
  for (const [id, files] of ctx.index.release.tffmFiles) for (const name of files.keys()) statics.add(tffmFileUrl('', id, name).slice(1));
  const prefix = `${ctx.baseUrl}/`;

  return {
    route(url) {
      if (!url.startsWith(prefix)) return null;
      const q = url.indexOf('?');
      const path = trimSlash(url.slice(ctx.baseUrl.length, q === -1 ? undefined : q));
      const inst = instances.get(path);
      if (!inst) return null;
      if (inst.resource.kind === 'detail') return { kind: 'detail', resource: inst.resource.name, params: inst.params, format };
      return listRoute(inst, new URLSearchParams(q === -1 ? '' : url.slice(q + 1)), format, ctx.routes);
    },
    staticFile(url) {
      if (!url.startsWith(prefix)) return null;
      const path = url.slice(prefix.length);
      return statics.has(path) ? path : null;
    },
  };
}

/** The site map of the build `ctx` belongs to, with API URLs resolved to pages of `format` (made once, then cached). */
export function siteMap(ctx: RenderContext, format: FormatName): SiteMap {
  return ctx.cache.get(`html-site-map:${format}`, ctx.index, () => build(ctx, format));
}
