/**
 * The landing page (`index.html` at the site root): links to every list of the release, a
 * page per instance of every parameterised list (a collection, a tax group, a species…) and
 * every detail without parameters (the API root), all generic over the resource table. In a
 * compact build (no page files) it links to API URLs, which the request runtime answers.
 */
import { resourcePath } from '../../routes/paths.js';
import { RESOURCES, type ResourceDescriptor } from '../../api/resources.js';
import { resourceInstances } from '../../routes/builders.js';
import type { Params, Route } from '../../routes/route.js';
import type { RenderContext } from '../context.js';
import type { FormatName } from '../../api/formats.js';
import { anchor, esc } from './escape.js';
import { fileHref, LANDING_FILE, targetPath } from './links.js';
import { recordCount } from './records-table.js';
import { page } from './page.js';

interface Entry {
  readonly route: Route;
  readonly params: Params;
  /** Records of a list instance; null for a detail. */
  readonly count: number | null;
}

const FILES_NOTE = 'Every page below is a file of this folder: it works from disk as well as from a server.';
const COMPACT_NOTE = 'Every page below is answered by the request runtime of the host serving this site.';

function entries(resource: ResourceDescriptor, ctx: RenderContext, format: FormatName): Entry[] {
  const found = resourceInstances(resource, ctx.index);
  if (resource.kind === 'list') {
    return found.map(({ params, count }) => ({
      route: { kind: 'list', filters: {}, resource: resource.name, params, order: null, page: 1, pageSize: null, format, formatInQuery: true },
      params,
      count,
    }));
  }
  return found
    .filter(({ params }) => Object.keys(params).length === 0)
    .map(({ params }) => ({ route: { kind: 'detail', resource: resource.name, params, format }, params, count: null }));
}

function item(e: Entry, label: string, compact: boolean): string {
  const count = e.count === null ? '' : ` <span class="muted">${recordCount(e.count)}</span>`;
  const href = compact ? `/${targetPath({ route: e.route }, true)}` : fileHref(LANDING_FILE, targetPath({ route: e.route }, false));
  return `<li>${anchor(href, label)}${count}</li>`;
}

/** The landing page, linking to pages of the HTML format `format`. */
export function landingPage(ctx: RenderContext, format: FormatName): string {
  const endpoints: string[] = [];
  const sections: string[] = [];
  for (const resource of RESOURCES) {
    const parameterised = resource.segments.some((s) => s.startsWith(':'));
    const found = entries(resource, ctx, format);
    if (!parameterised) {
      for (const e of found) endpoints.push(item(e, resourcePath(resource.name, e.params), ctx.compact));
    } else if (resource.kind === 'list' && found.length > 0) {
      const items = found.map((e) => item(e, Object.values(e.params).join(' / '), ctx.compact));
      sections.push(`<h2>${esc(resourcePath(resource.name, {}))}</h2><ul class="plain">${items.join('')}</ul>`);
    }
  }
  const { release } = ctx.index;
  const body = [
    `<h1>${esc(release.info.name)}</h1>`,
    `<p>${release.matrices.length} matrices, ${release.tffms.length} TFFMs. ${ctx.compact ? COMPACT_NOTE : FILES_NOTE}</p>`,
    `<h2>Endpoints</h2><ul class="plain">${endpoints.join('')}</ul>`,
    ...sections,
    `<h2>Formats</h2><p>${ctx.routes.formats.map((f) => `<code>${esc(f)}</code>`).join(' ')}</p>`,
  ].join('\n');
  return page({ home: ctx.compact ? `/${LANDING_FILE}` : LANDING_FILE, title: 'JASPAR REST API', release: release.info.name, endpoint: null, fixBase: null, body });
}
