/**
 * The `api` format (DRF's browsable API) of a detail: one HTML page with the release and
 * endpoint, the response in every other format, a view for people, and the response itself
 * pretty-printed as DRF shows it. Pure. List pages are assembled from record fragments
 * instead (record.ts, list-page.ts).
 */
import { resourcePath, routeUrl } from '../../routes/paths.js';
import type { RenderContext, RenderInput } from '../context.js';
import { detailView } from './detail-view.js';
import { esc } from './runtime-safe/escape.js';
import { LANDING_FILE, rootOf } from './runtime-safe/links.js';
import { formatBar } from './nav.js';
import { page } from './runtime-safe/page.js';
import { prettyJson } from './pretty-json.js';
import { responseBlock } from './runtime-safe/response.js';
import { isRecord, linker, sharedLinker, type Linker } from './values.js';

function heading(input: RenderInput): string {
  const m = input.matrices?.[0];
  const isMatrix =
    input.matrices?.length === 1 && m !== undefined && !(isRecord(input.data) && 'results' in input.data);
  return isMatrix ? `${m.matrixId} ${m.name}` : resourcePath(input.route.resource, input.route.params);
}

/** The response pretty-printed, URLs this build answers linked. */
function pretty(input: RenderInput, link: Linker): string {
  return prettyJson(
    input.data,
    (value) => {
      const href = link.href(value);
      return href === null ? null : esc(href);
    },
    0,
  );
}

/** The HTML page of one detail response. */
export function renderHtml(input: RenderInput, ctx: RenderContext): string {
  const { route } = input;
  if (route.kind !== 'detail')
    throw new Error(`HTML list pages are assembled from fragments, not rendered (${route.resource})`);
  const link = linker(route, ctx);
  const shared = sharedLinker(route, ctx);
  const title = heading(input);
  const body = [
    `<h1>${esc(title)}</h1>`,
    formatBar(route, input, ctx, link),
    detailView(input, ctx, link, shared),
    responseBlock(pretty(input, shared)),
  ].join('\n');
  return page({
    home: link.toFile(LANDING_FILE),
    root: ctx.compact ? '/' : rootOf(`${ctx.releaseRoot ?? ''}${link.file}`),
    title,
    release: ctx.release.name,
    endpoint: `GET ${ctx.baseUrl}${routeUrl(route)}`,
    fixBase: ctx.compact ? null : `${ctx.releaseRoot ?? ''}${link.file}`,
    search: null,
    body,
  });
}
