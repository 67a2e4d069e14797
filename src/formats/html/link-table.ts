/**
 * Which absolute URLs of this deployment (the `{base}/…` links inside API data) name a page or
 * a file of this build. Computed forward, once per build, from the resource table — every
 * instance's URL as the path function writes it, every logo and TFFM file the build writes —
 * so a detail page links a URL by looking it up, never by parsing it. A URL that names nothing
 * the build has (the TFFM list's quirky `matrix_url`, a TFFM whose matrix is not in the release)
 * is not in the table and stays text.
 */
import { BROWSABLE_FORMAT } from '../../api/formats.js';
import { tffmFileUrl } from '../../api/urls.js';
import { RESOURCES } from '../../api/resources.js';
import { logoFile } from '../../logos/files.js';
import { resourceInstances } from '../../plan/builders.js';
import { resourcePath } from '../../routes/paths.js';
import type { Route } from '../../routes/route.js';
import type { RenderContext } from '../context.js';
import type { LinkTarget } from './runtime-safe/links.js';

/** Link targets by the absolute URL API data knows them by. */
export type LinkTable = ReadonlyMap<string, LinkTarget>;

const HTML = BROWSABLE_FORMAT;

function build(ctx: RenderContext): LinkTable {
  const table = new Map<string, LinkTarget>();
  for (const resource of RESOURCES) {
    for (const { params } of resourceInstances(resource, ctx.index)) {
      const route: Route =
        resource.kind === 'list'
          ? {
              kind: 'list',
              resource: resource.name,
              params,
              filters: {},
              order: null,
              page: 1,
              pageSize: null,
              format: HTML,
              formatInQuery: true,
            }
          : { kind: 'detail', resource: resource.name, params, format: HTML };
      const url = `${ctx.baseUrl}${resourcePath(resource.name, params)}`;
      table.set(url, { route });
      // Some URLs are written without the trailing slash (a matrix's `versions_url`, as live).
      table.set(url.slice(0, -1), { route });
    }
  }
  for (const m of ctx.index.release.matrices) {
    const file = logoFile(m.matrixId, 'forward');
    table.set(`${ctx.baseUrl}/${file}`, { file });
  }
  for (const [id, files] of ctx.index.release.tffmFiles) {
    for (const name of files.keys())
      table.set(tffmFileUrl(ctx.baseUrl, id, name), { file: tffmFileUrl('', id, name).slice(1) });
  }
  return table;
}

/** The link table of the build `ctx` belongs to (made once, then cached). */
export function linkTable(ctx: RenderContext): LinkTable {
  return ctx.cache.get('html-link-table', ctx.index, () => build(ctx));
}
