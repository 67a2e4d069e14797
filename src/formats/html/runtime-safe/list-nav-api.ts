/**
 * Where the links of a list page go when no file holds the page: the runtime answers it at an
 * API URL (a search, a page size or filter not prebuilt, any page of a compact build). Each
 * link keeps every parameter of the request and names its format (`format=api`); it goes to
 * the prebuilt file that holds its target where the build wrote one (root-relative
 * `/files/…`), otherwise to the API URL, which the same hosts answer. Runtime-safe subset.
 */
import type { FormatName } from '../../../api/formats.js';
import { orderValues, type ListName } from '../../../api/resources.js';
import { listPath } from '../../../routes/paths.js';
import { linkQuery } from '../../../routes/links.js';
import { prebuiltRoute } from '../../../routes/prebuilt.js';
import { prebuiltPlan } from '../../../routes/prebuilt-plan.js';
import { orderValue, varied } from '../../../routes/params.js';
import { quotePlus, type QueryPair } from '../../../routes/request.js';
import type { OrderTerm } from '../../../routes/select.js';
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

/** The request's query as it came, re-encoded. */
function requestQuery(pairs: readonly QueryPair[]): string {
  const parts: string[] = [];
  for (let i = 0; i < pairs.length; i++) parts.push(`${quotePlus(pairs[i]!.key)}=${quotePlus(pairs[i]!.value)}`);
  return parts.join('&');
}

/** The order value the page is sorted by: null for the default, undefined for several fields. */
function currentOrder(view: HtmlListView): string | null | undefined {
  const terms = view.params.order;
  if (terms.length === 0) return null;
  return terms.length === 1 ? orderValue(terms[0]!) : undefined;
}

/** The order a link's `order` value stands for (values come from the list's own order fields). */
const termsOf = (order: string | null): OrderTerm[] =>
  order === null
    ? []
    : [{ field: order.charAt(0) === '-' ? order.slice(1) : order, descending: order.charAt(0) === '-' }];

/** The links of a page the runtime answers at an API URL; `count` is its selection's size. */
export function apiNav(view: HtmlListView, count: number, formats: readonly FormatName[]): ListNav {
  const path = listPath(view.list.name as ListName, view.list.segments.length > 1 ? { id: view.id } : {});
  /** The href of page `page` of the request `pairs` (which name their format), ordered by `order`. */
  const plan = view.site.prebuilt === null ? null : prebuiltPlan(view.list, view.site.prebuilt);
  const href = (pairs: readonly QueryPair[], format: FormatName, order: readonly OrderTerm[], page: number): string => {
    if (plan !== null) {
      const route = prebuiltRoute(plan, view.id, format, true, varied(view.params, pairs, order, page));
      const file = 'unavailable' in route ? null : prebuiltFile(view, route, count);
      if (file !== null) return `/${file}`;
    }
    const q = linkQuery(pairs, page === 1 ? null : page);
    return q === '' ? path : `${path}?${q}`;
  };
  const formatItems: BarItem[] = [];
  for (let i = 0; i < formats.length; i++) {
    const f = formats[i]!;
    formatItems.push(
      item(f, href(withPair(view.params.pairs, 'format', f), f, view.params.order, view.page), f === view.format, null),
    );
  }
  const own = withPair(view.params.pairs, 'format', view.format);
  const current = currentOrder(view);
  const orders: (string | null)[] = [null];
  const values = orderValues(view.list.orders);
  for (let i = 0; i < values.length; i++) orders.push(values[i]!);
  const orderItems: BarItem[] = [];
  for (let i = 0; i < orders.length; i++) {
    const o = orders[i] as string | null;
    orderItems.push(
      item(o ?? 'default', href(withPair(own, 'order', o), view.format, termsOf(o), 1), o === current, null),
    );
  }
  const query = requestQuery(view.params.pairs);
  return {
    fixBase: null,
    request: query === '' ? path : `${path}?${query}`,
    formatBar: bar('Formats', formatItems, 'formats'),
    orderBar: values.length > 0 ? bar('Order', orderItems, 'orders') : '',
    pageHref: (p) => href(own, view.format, view.params.order, p),
    responseHref: (p) => href(own, view.format, view.params.order, p),
  };
}
