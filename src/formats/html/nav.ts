/**
 * The navigation bars of a page: the same response in every other format that applies
 * (from the format table, through `formatVariants`), every order of a list, and a list's
 * first/previous/next/last pages. All links are relative file paths.
 */
import { formatSpec, type FormatName } from '../../api/formats.js';
import { resourceSpec } from '../../api/resources.js';
import { formatVariants } from '../../routes/generate.js';
import { prebuiltOrders } from '../../runtime/prebuilt.js';
import { pageCount } from '../../runtime/select.js';
import { pageSizeOf, type ListRoute, type Route } from '../../routes/route.js';
import { hasBed } from '../bed.js';
import type { RenderContext, RenderInput } from '../context.js';
import { esc } from './escape.js';
import type { Linker } from './values.js';

/** One entry of a bar: a link, the current page, or an unavailable step. */
interface Item {
  readonly label: string;
  readonly to: Route | null;
  readonly here?: boolean;
  readonly rel?: string;
}

function bar(label: string, link: Linker, items: readonly Item[], cls = ''): string {
  const parts = items.map((item) => {
    if (item.here) return `<span class="here">${esc(item.label)}</span>`;
    if (item.to === null) return `<span class="off">${esc(item.label)}</span>`;
    const rel = item.rel ? ` rel="${item.rel}"` : '';
    return `<a href="${esc(link.toRoute(item.to))}"${rel}>${esc(item.label)}</a>`;
  });
  return `<nav class="bar${cls}"><span class="label">${esc(label)}</span>${parts.join('')}</nav>`;
}

/**
 * Whether this response exists in a format the resource allows: a format that needs binding
 * sites renders nothing (no file) for matrices without any.
 */
function exists(format: FormatName, input: RenderInput): boolean {
  return formatSpec(format).needs !== 'sites' || (input.matrices !== null && hasBed(input.matrices));
}

/** Links to this response in every format that applies to it, this one marked. */
export function formatBar(input: RenderInput, ctx: RenderContext, link: Linker): string {
  const { route } = input;
  const variants = formatVariants(resourceSpec(route.resource), ctx.routes).filter((v) => exists(v.format, input));
  const items = variants.map((v): Item => {
    const label = v.formatInQuery ? v.format : `${v.format} (no format)`;
    if (route.kind === 'detail') return { label, to: { ...route, format: v.format }, here: v.format === route.format };
    return { label, to: { ...route, format: v.format, formatInQuery: v.formatInQuery }, here: v.format === route.format && v.formatInQuery === route.formatInQuery };
  });
  return bar('Formats', link, items, ' formats');
}

/** Page 1 of the list in every order the build has, default first; '' for a list without orders. */
export function orderBar(route: ListRoute, ctx: RenderContext, link: Linker): string {
  const orders = prebuiltOrders(resourceSpec(route.resource), ctx.routes, Object.keys(route.filters).length > 0);
  if (orders.length === 0) return '';
  const items = [null, ...orders].map((order): Item => ({
    label: order ?? 'default',
    to: { ...route, order, page: 1 },
    here: order === route.order,
  }));
  return bar('Order', link, items, ' orders');
}

/** The page number a list route shows (`last` resolved). */
export function pageNumber(route: ListRoute, count: number): { page: number; pages: number } {
  const pages = pageCount(count, pageSizeOf(route));
  return { page: route.page === 'last' ? pages : route.page, pages };
}

/** First, previous, next and last pages of a list, with where this page stands. */
export function pageBar(route: ListRoute, count: number, link: Linker): string {
  const { page, pages } = pageNumber(route, count);
  const at = (p: number): Route => ({ ...route, page: p });
  const items: Item[] = [
    { label: '« first', to: page > 1 ? at(1) : null },
    { label: '‹ previous', to: page > 1 ? at(page - 1) : null, rel: 'prev' },
    { label: `page ${page} of ${pages}`, to: null, here: true },
    { label: 'next ›', to: page < pages ? at(page + 1) : null, rel: 'next' },
    { label: 'last »', to: page < pages ? at(pages) : null },
  ];
  return bar('Pages', link, items, ' pages');
}
