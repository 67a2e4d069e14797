/**
 * The browsable HTML page of a list (DRF's browsable API), assembled from its records'
 * fragments (fragment.ts) by the build for every prebuilt page and by the request runtime for
 * any other: shell, formats, orders, pages, the records table and the response. A prebuilt
 * page links by relative paths from its own file (list-nav.ts); a page answered at an API URL
 * links root-relative, to files where the build wrote them and to API URLs elsewhere
 * (list-nav-api.ts). Runtime-safe subset (docs/runtime.md).
 */
import type { FormatName } from '../../../api/formats.js';
import { resourcePath } from '../../../routes/paths.js';
import type { ListRoute } from '../../../routes/route.js';
import type { Envelope } from '../../list-frames.js';
import { pageBar } from './bars.js';
import { esc } from './escape.js';
import { fragmentParts } from './fragment.js';
import { LANDING_FILE, rootOf } from './links.js';
import { apiNav } from './list-nav-api.js';
import { fileNav, offeredFormats, prebuiltFile, type ListNav } from './list-nav.js';
import type { HtmlListView } from './list-view.js';
import { page } from './page.js';
import { recordCount, recordsTable } from './records-table.js';
import { envelopeJson, responseBlock } from './response.js';

export type { HtmlListView } from './list-view.js';

/**
 * The HTML page of one list page: `env` its envelope, `fragments` its records' HTML fragments,
 * `formats` the formats that apply to the list on this site (in the format table's order).
 */
export function htmlListPage(
  env: Envelope,
  fragments: readonly string[],
  view: HtmlListView,
  formats: readonly FormatName[],
): string {
  const route = view.route;
  const file = route === null ? null : prebuiltFile(view, route, env.count);
  const root = file === null ? '/' : rootOf(file);
  // Record links are paths from their release's folder ('' for a site of one release).
  const recordRoot = `${root}${view.release.root}`;
  const rows: string[] = [];
  const records: string[] = [];
  let bed = false;
  for (let i = 0; i < fragments.length; i++) {
    const parts = fragmentParts(fragments[i]!, recordRoot);
    rows.push(parts.row);
    records.push(parts.json);
    if (parts.bed) bed = true;
  }
  const offered = offeredFormats(formats, bed);
  const nav: ListNav =
    route !== null && file !== null ? fileNav(view, route, file, offered) : apiNav(view, env.count, offered);
  const title = resourcePath(
    view.list.name as ListRoute['resource'],
    view.list.segments.length > 1 ? { id: view.id } : {},
  );
  const pages = pageBar(view.page, view.pages, nav.pageHref);
  const at = (p: number): string => esc(nav.responseHref(p));
  const body = [
    `<h1>${esc(title)}</h1>`,
    nav.formatBar,
    nav.orderBar,
    pages,
    `<p class="muted">${recordCount(env.count)}</p>`,
    recordsTable(view.list.items, rows),
    pages,
    responseBlock(
      envelopeJson(
        env,
        env.next === null ? null : at(view.page + 1),
        env.previous === null ? null : at(view.page - 1),
        records,
      ),
    ),
  ].join('\n');
  return page({
    home: `${root}${LANDING_FILE}`,
    root,
    title,
    release: view.release.name,
    endpoint: `GET ${view.site.baseUrl}${nav.request}`,
    fixBase: nav.fixBase,
    search: root,
    body,
  });
}
