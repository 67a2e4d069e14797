/**
 * The links between pages of a result (search, collection): first, previous, the pages around
 * the current one, next, last. Pure; `href` gives a page's link (the query with `page` replaced,
 * every other parameter kept).
 */
import { esc } from '../formats/html/runtime-safe/escape.js';

export function pagerHtml(page: number, pages: number, href: (page: number) => string): string {
  if (pages <= 1) return '';
  const link = (n: number, label: string, rel = ''): string =>
    n === page
      ? `<span class="here" aria-current="page">${label}</span>`
      : `<a href="${esc(href(n))}"${rel}>${label}</a>`;
  const parts: string[] = [];
  if (page > 1) parts.push(link(1, '« first'), link(page - 1, '‹ previous', ' rel="prev"'));
  for (let n = Math.max(1, page - 3); n <= Math.min(pages, page + 3); n++) parts.push(link(n, String(n)));
  if (page < pages) parts.push(link(page + 1, 'next ›', ' rel="next"'), link(pages, 'last »'));
  return `<nav class="bar pager" aria-label="Pages"><span class="label">Page ${page} of ${pages}</span>${parts.join('')}</nav>`;
}
