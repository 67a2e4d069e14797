/**
 * The `api` format (DRF's browsable API): one HTML page per response, list or detail, with
 * the release and endpoint, navigation to every other format, order and page, a view for
 * people, and the response itself pretty-printed as DRF shows it. Pure; per-record fragments
 * are cached in the render context.
 */
import type { Json } from '../../model/json.js';
import { resourcePath, routeUrl } from '../../routes/paths.js';
import type { ListRoute } from '../../routes/route.js';
import type { RenderContext, RenderInput } from '../context.js';
import { detailView } from './detail-view.js';
import { esc } from './escape.js';
import { recordCount, recordsTable } from './list-view.js';
import { formatBar, orderBar, pageBar } from './nav.js';
import { page } from './page.js';
import { prettyJson } from './pretty-json.js';
import { isRecord, linker, sharedLinker, type Linker } from './values.js';

/** The response block: status and headers as DRF's page shows them, then the indented body. */
function responseBlock(data: Json, link: Linker, ctx: RenderContext): string {
  const memo = (obj: object, indent: number, make: () => string) => ctx.cache.get(`html-json:${link.cacheKey}:${indent}`, obj, make);
  const head = 'HTTP 200 OK\nAllow: GET, HEAD, OPTIONS\nContent-Type: application/json\nVary: Accept';
  return `<h2>Response</h2><pre class="response"><span class="status">${head}</span>\n\n${prettyJson(data, (s) => link.href(s), memo)}</pre>`;
}

function listBody(route: ListRoute, data: Json, link: Linker, shared: Linker, ctx: RenderContext): string {
  if (!isRecord(data) || typeof data.count !== 'number' || !Array.isArray(data.results)) {
    throw new Error(`list ${route.resource} has no count/results envelope`);
  }
  const count = data.count;
  const pages = pageBar(route, count, link);
  return [
    orderBar(route, ctx, link),
    pages,
    `<p class="muted">${recordCount(count)}</p>`,
    recordsTable(data.results as readonly Json[], shared, ctx, route.resource),
    pages,
  ].join('\n');
}

function heading(input: RenderInput): string {
  const m = input.matrices?.[0];
  const isMatrix = input.route.kind === 'detail' && input.matrices?.length === 1 && m !== undefined && !(isRecord(input.data) && 'results' in input.data);
  return isMatrix ? `${m.matrixId} ${m.name}` : resourcePath(input.route.resource, input.route.params);
}

/** The HTML page of one response. */
export function renderHtml(input: RenderInput, ctx: RenderContext): string {
  const { route } = input;
  const link = linker(route, ctx);
  const shared = sharedLinker(route, ctx);
  const title = heading(input);
  const view = route.kind === 'list' ? listBody(route, input.data, link, shared, ctx) : detailView(input, ctx, link, shared);
  const body = [`<h1>${esc(title)}</h1>`, formatBar(input, ctx, link), view, responseBlock(input.data, shared, ctx)].join('\n');
  return page({ file: link.file, title, release: ctx.release.name, endpoint: `GET ${ctx.baseUrl}${routeUrl(route)}`, atApiUrl: true, body });
}
