/**
 * Where the links of a list page go when no file holds the page: the runtime answers it at an
 * API URL (a search, a page size or filter not prebuilt, any page of a compact build). Each
 * link keeps every parameter of the request and names its format (`format=api`); it goes to
 * the prebuilt file that holds its target where the build wrote one (root-relative
 * `/files/…`), otherwise to the API URL, which the same hosts answer. Runtime-safe subset.
 */
import type { FormatName } from '../../api/formats.js';
import { orderValues, type ListName } from '../../api/resources.js';
import { listPath } from '../../routes/paths.js';
import { linkQuery } from '../../routes/links.js';
import { prebuiltRoute } from '../../routes/prebuilt.js';
import { quotePlus, type Query, type QueryPair } from '../../routes/request.js';
import { requestFilters, requestOrder } from '../../routes/select.js';
import { bar, item, type BarItem } from './bars.js';
import { prebuiltFile, type ListNav } from './list-nav.js';
import type { HtmlListView } from './list-view.js';

/** `pairs` with every `key` removed, then `key=value` added unless `value` is null. */
function withPair(pairs: readonly QueryPair[], key: string, value: string | null): QueryPair[] {
  const out: QueryPair[] = [];
  for (let i = 0; i < pairs.length; i++) if (pairs[i]!.key !== key) out.push(pairs[i]!);
  if (value !== null) out.push({ key, value });
  return out;
}

function queryOf(pairs: readonly QueryPair[]): Query {
  return {
    pairs,
    get: (key) => {
      for (let i = pairs.length - 1; i >= 0; i--) if (pairs[i]!.key === key) return pairs[i]!.value;
      return null;
    },
  };
}

/** The request's query as it came, re-encoded. */
function requestQuery(pairs: readonly QueryPair[]): string {
  const parts: string[] = [];
  for (let i = 0; i < pairs.length; i++) parts.push(`${quotePlus(pairs[i]!.key)}=${quotePlus(pairs[i]!.value)}`);
  return parts.join('&');
}

/** The order value the page is sorted by: null for the default, undefined for several fields. */
function currentOrder(view: HtmlListView): string | null | undefined {
  const terms = requestOrder(view.list, queryOf(view.pairs));
  if (terms.length === 0) return null;
  return terms.length === 1 ? `${terms[0]!.descending ? '-' : ''}${terms[0]!.field}` : undefined;
}

/** The links of a page the runtime answers at an API URL; `count` is its selection's size. */
export function apiNav(view: HtmlListView, count: number, formats: readonly FormatName[]): ListNav {
  const path = listPath(view.list.name as ListName, view.list.segments.length > 1 ? { id: view.id } : {});
  /** The href of page `page` of the request `pairs` (which name their format). */
  const href = (pairs: readonly QueryPair[], format: FormatName, page: number): string => {
    const prebuilt = view.site.prebuilt;
    if (prebuilt !== null) {
      const query = queryOf(withPair(pairs, 'page', String(page)));
      const route = prebuiltRoute(view.list, view.id, format, true, requestFilters(view.list, query), query, prebuilt);
      const file = 'unavailable' in route ? null : prebuiltFile(view, route, count);
      if (file !== null) return `/${file}`;
    }
    const q = linkQuery(pairs, page === 1 ? null : page);
    return q === '' ? path : `${path}?${q}`;
  };
  const formatItems: BarItem[] = [];
  for (let i = 0; i < formats.length; i++) {
    const f = formats[i]!;
    formatItems.push(item(f, href(withPair(view.pairs, 'format', f), f, view.page), f === view.format, null));
  }
  const own = withPair(view.pairs, 'format', view.format);
  const current = currentOrder(view);
  const orders: (string | null)[] = [null];
  const values = orderValues(view.list.orders);
  for (let i = 0; i < values.length; i++) orders.push(values[i]!);
  const orderItems: BarItem[] = [];
  for (let i = 0; i < orders.length; i++) {
    const o = orders[i] as string | null;
    orderItems.push(item(o ?? 'default', href(withPair(own, 'order', o), view.format, 1), o === current, null));
  }
  const query = requestQuery(view.pairs);
  return {
    fixBase: null,
    request: query === '' ? path : `${path}?${query}`,
    formatBar: bar('Formats', formatItems, 'formats'),
    orderBar: values.length > 0 ? bar('Order', orderItems, 'orders') : '',
    pageHref: (p) => href(own, view.format, p),
    responseHref: (p) => href(own, view.format, p),
  };
}
