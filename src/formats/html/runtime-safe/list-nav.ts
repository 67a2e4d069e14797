/**
 * Where the links of a list page go, for a page that is a prebuilt file: every link a relative
 * path from its own file to another file of the build (another format, order or page of the
 * same selection, which the build always writes), so the tree works from `file://`.
 * list-nav-api.ts does the same for a page the runtime answers at an API URL.
 * Runtime-safe subset.
 */
import { formatSpec, FORMATS, type FormatName } from '../../../api/formats.js';
import { routeFile, routeUrl } from '../../../routes/paths.js';
import type { ListRoute } from '../../../routes/route.js';
import { isFileable } from '../../../routes/prebuilt.js';
import { planOrders, prebuiltPlan } from '../../../routes/prebuilt-plan.js';
import { bar, item, type BarItem } from './bars.js';
import { fileHref, rootOf } from './links.js';
import type { HtmlListView } from './list-view.js';

/** The links of one list page. */
export interface ListNav {
  /** The page's own file when its links are relative to it (see page.ts), else null. */
  readonly fixBase: string | null;
  /** The request the page answers, as its header shows it: path and query. */
  readonly request: string;
  /** The bar of formats and the bar of orders ('' for a list without orders). */
  readonly formatBar: string;
  readonly orderBar: string;
  /** The href of page `p` of the same list, from the page bar. */
  pageHref(p: number): string;
  /** The href of page `p` from the response block (its `next`/`previous`). */
  responseHref(p: number): string;
}

/** The formats a page offers: those that apply to the list, `bed` only when some record of the page has regions. */
export function offeredFormats(applicable: readonly FormatName[], bed: boolean): FormatName[] {
  const out: FormatName[] = [];
  for (let i = 0; i < applicable.length; i++)
    if (bed || formatSpec(applicable[i]!).needs !== 'sites') out.push(applicable[i]!);
  return out;
}

/** A list route with some fields changed. */
function changed(
  r: ListRoute,
  format: FormatName,
  formatInQuery: boolean,
  order: string | null,
  page: ListRoute['page'],
): ListRoute {
  return {
    kind: 'list',
    resource: r.resource,
    params: r.params,
    filters: r.filters,
    order,
    page,
    pageSize: r.pageSize,
    format,
    formatInQuery,
  };
}

/**
 * The site file of a prebuilt route, or null when the build wrote none: a value that cannot be
 * a file name, a filtered selection that selects nothing (`count` 0), a page out of range.
 */
export function prebuiltFile(view: HtmlListView, route: ListRoute, count: number): string | null {
  if (view.site.prebuilt === null || !isFileable(route)) return null;
  if (Object.keys(route.filters).length > 0 && count === 0) return null;
  if (route.page !== 'last' && route.page > view.pages) return null;
  return `${view.release.root}${routeFile(route)}`;
}

/** The links of the prebuilt page of `route`, whose file is `file`. */
export function fileNav(view: HtmlListView, route: ListRoute, file: string, formats: readonly FormatName[]): ListNav {
  const root = rootOf(file);
  const to = (r: ListRoute): string => fileHref(file, `${view.release.root}${routeFile(r)}`);
  const items: BarItem[] = [];
  for (let i = 0; i < formats.length; i++)
    items.push(
      item(
        formats[i]!,
        to(changed(route, formats[i]!, true, route.order, route.page)),
        formats[i] === route.format && route.formatInQuery,
        null,
      ),
    );
  // JSON without `format` is a response of its own (its links carry no format).
  for (let i = 0; i < FORMATS.length; i++) {
    const f = FORMATS[i]!;
    if (f.role === 'default' && formats.indexOf(f.name) !== -1) {
      items.push(
        item(
          `${f.name} (no format)`,
          to(changed(route, f.name, false, route.order, route.page)),
          f.name === route.format && !route.formatInQuery,
          null,
        ),
      );
    }
  }
  const prebuilt = view.site.prebuilt;
  const orders =
    prebuilt === null ? [] : planOrders(prebuiltPlan(view.list, prebuilt), Object.keys(route.filters).length > 0);
  const orderItems: BarItem[] = [
    item('default', to(changed(route, route.format, route.formatInQuery, null, 1)), route.order === null, null),
  ];
  for (let i = 0; i < orders.length; i++) {
    const o = orders[i]!;
    orderItems.push(item(o, to(changed(route, route.format, route.formatInQuery, o, 1)), o === route.order, null));
  }
  const page = (p: number): ListRoute => changed(route, route.format, route.formatInQuery, route.order, p);
  return {
    fixBase: file,
    request: routeUrl(route),
    formatBar: bar('Formats', items, 'formats'),
    orderBar: orders.length > 0 ? bar('Order', orderItems, 'orders') : '',
    pageHref: (p) => to(page(p)),
    responseHref: (p) => `${root}${view.release.root}${routeFile(page(p))}`,
  };
}
