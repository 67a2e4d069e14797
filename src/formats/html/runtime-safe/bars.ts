/**
 * The navigation bars of a page (formats, orders, pages): pill-shaped links, the current one
 * marked, unavailable steps greyed out. Hrefs come from the caller. Runtime-safe subset.
 */
import { esc } from './escape.js';

/** One entry of a bar: a link (`href`), the current page (`here`), or an unavailable step (neither). */
export interface BarItem {
  readonly label: string;
  readonly href: string | null;
  readonly here: boolean;
  /** `rel` of the link (`prev`, `next`), or null. */
  readonly rel: string | null;
}

/** A bar entry. */
export const item = (label: string, href: string | null, here: boolean, rel: string | null): BarItem => ({
  label,
  href,
  here,
  rel,
});

/** A navigation bar; `cls` is its extra class (`formats`, `orders`, `pages`). */
export function bar(label: string, items: readonly BarItem[], cls: string): string {
  let out = `<nav class="bar ${cls}"><span class="label">${esc(label)}</span>`;
  for (let i = 0; i < items.length; i++) {
    const it = items[i]!;
    if (it.here) out += `<span class="here">${esc(it.label)}</span>`;
    else if (it.href === null) out += `<span class="off">${esc(it.label)}</span>`;
    else out += `<a href="${esc(it.href)}"${it.rel === null ? '' : ` rel="${it.rel}"`}>${esc(it.label)}</a>`;
  }
  return `${out}</nav>`;
}

/** First, previous, next and last pages, with where this page stands; `at(p)` is the href of page `p`. */
export function pageBar(page: number, pages: number, at: (p: number) => string): string {
  return bar(
    'Pages',
    [
      item('« first', page > 1 ? at(1) : null, false, null),
      item('‹ previous', page > 1 ? at(page - 1) : null, false, 'prev'),
      item(`page ${page} of ${pages}`, null, true, null),
      item('next ›', page < pages ? at(page + 1) : null, false, 'next'),
      item('last »', page < pages ? at(pages) : null, false, null),
    ],
    'pages',
  );
}
