/**
 * The API's landing page (`api/index.html`, the site's `/api/` page): links to every list of the release, a
 * page per instance of every parameterised list (a collection, a tax group, a species…) and
 * every detail without parameters (the API root), all generic over the resource table; the
 * search box and the release's facets (facets.ts). In a compact build (no page files) it links
 * to API URLs, which the request runtime answers.
 */
import { DOCS_DOCUMENT, PAGE_DOCUMENTS, SCHEMA_DOCUMENT, type ApiDocument } from '../../api/documents.js';
import { resourcePath } from '../../routes/paths.js';
import { RESOURCES, type ResourceDescriptor } from '../../api/resources.js';
import { resourceInstances } from '../../plan/builders.js';
import type { Params, Route } from '../../routes/route.js';
import type { RenderContext } from '../context.js';
import type { FormatName } from '../../api/formats.js';
import { anchor, esc } from './runtime-safe/escape.js';
import { facetsSection, type Facet } from './facets.js';
import { fileHref, LANDING_FILE, rootOf, targetPath, type LinkTarget } from './runtime-safe/links.js';
import { recordCount } from './runtime-safe/records-table.js';
import { page } from './runtime-safe/page.js';
import { API_PREFIX } from '../../api/urls.js';

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
      route: {
        kind: 'list',
        filters: {},
        resource: resource.name,
        params,
        order: null,
        page: 1,
        pageSize: null,
        format,
        formatInQuery: true,
      },
      params,
      count,
    }));
  }
  return found
    .filter(({ params }) => Object.keys(params).length === 0)
    .map(({ params }) => ({ route: { kind: 'detail', resource: resource.name, params, format }, params, count: null }));
}

/** The href of a target from the landing page. */
const hrefOf = (target: LinkTarget, compact: boolean): string =>
  compact ? `/${targetPath(target, true)}` : fileHref(LANDING_FILE, targetPath(target, false));

function item(e: Entry, label: string, compact: boolean): string {
  const count = e.count === null ? '' : ` <span class="muted">${recordCount(e.count)}</span>`;
  return `<li>${anchor(hrefOf({ route: e.route }, compact), label)}${count}</li>`;
}

/**
 * A site of several releases (compute hosts only): each release's matrices, by `?release=`;
 * the newest also answers without it. Empty for a site of one release.
 */
function releasesSection(ctx: RenderContext, format: FormatName): string {
  const served = ctx.index.served;
  if (served.length < 2) return '';
  const items = served.map((r, i) => {
    const name = r.name;
    const href = `${resourcePath('matrix-list', {})}?format=${format}&release=${encodeURIComponent(name)}`;
    return `<li>${anchor(href, name)} (${String(r.matrices)} matrices)${i === 0 ? ' — newest, also served without <code>release</code>' : ''}</li>`;
  });
  return `<h2>Releases</h2><ul class="plain">${items.join('')}</ul>`;
}

/** Links to the API's own documents (src/api/documents.ts): by URL in a compact build, else by file (works from `file://`). */
function apiDescription(compact: boolean): string {
  const href = (doc: ApiDocument, i: number) =>
    esc(
      compact
        ? `${API_PREFIX}${doc.segment}/${i === 0 ? '' : `?format=${doc.variants[i]!.format}`}`
        : fileHref(LANDING_FILE, doc.variants[i]!.file),
    );
  const pages = PAGE_DOCUMENTS.map((d) => `<a href="${href(d, 0)}">${esc(d.segment)}</a>`).join(', ');
  return `<h2>API description</h2><p><a href="${href(DOCS_DOCUMENT, 0)}">Interactive documentation</a> (<code>/api/v1/docs/</code>) of the OpenAPI 3.1 description: <a href="${href(SCHEMA_DOCUMENT, 0)}">JSON</a>, <a href="${href(SCHEMA_DOCUMENT, 1)}">YAML</a> (<code>/api/v1/schema/</code>). Core API clients load <code>/api/v1/docs/</code> (<a href="${href(DOCS_DOCUMENT, 1)}">the Core API document</a>; the 2018 form at <code>/api/v1/doc/</code>). This copy's pages: ${pages}.</p>`;
}

/**
 * A link to the Downloads page (`downloads`: its href from the landing page's file), or nothing;
 * root-relative in a compact build, as the page's other links.
 */
function downloadsSection(downloads: string | null, compact: boolean): string {
  if (downloads === null) return '';
  const href = esc(compact ? new URL(downloads, `file:///${LANDING_FILE}`).pathname : downloads);
  return `<h2>Downloads</h2><p><a href="${href}">JASPAR's download files</a> of this copy (profiles in JASPAR, MEME and TRANSFAC format, per collection and taxon; the release dump), at JASPAR's own paths.</p>`;
}

/**
 * The landing page, linking to pages of the HTML format `format`; `facets` from src/site/facets.ts;
 * `downloads` the Downloads page's href from the landing page's file, when the site has one.
 */
export function landingPage(
  ctx: RenderContext,
  format: FormatName,
  facets: readonly Facet[],
  downloads: string | null = null,
): string {
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
    ...[releasesSection(ctx, format)].filter((section) => section !== ''),
    facetsSection(facets, (target) => hrefOf(target, ctx.compact)),
    `<h2>Endpoints</h2><ul class="plain">${endpoints.join('')}</ul>`,
    apiDescription(ctx.compact),
    ...[downloadsSection(downloads, ctx.compact)].filter((section) => section !== ''),
    ...sections,
    `<h2>Formats</h2><p>${ctx.routes.formats.map((f) => `<code>${esc(f)}</code>`).join(' ')}</p>`,
  ].join('\n');
  return page({
    // The page's own file by the way up to the root and down (the header's documentation link follows it).
    home: ctx.compact ? `/${LANDING_FILE}` : `${rootOf(LANDING_FILE)}${LANDING_FILE}`,
    root: ctx.compact ? '/' : rootOf(LANDING_FILE),
    title: 'JASPAR REST API',
    release: release.info.name,
    endpoint: null,
    fixBase: null,
    search: ctx.compact ? '/' : rootOf(LANDING_FILE),
    body,
  });
}
