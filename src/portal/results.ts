/**
 * A page of results as the search and collection pages show it: the total, the rows, the links
 * to the other pages. Pure and shared: the build prerenders a collection's first page with it,
 * the page's script every page it computes, so the two cannot differ.
 */
import { esc } from '../formats/html/runtime-safe/escape.js';
import { pagerHtml } from './pager.js';
import { rowsTable } from './rows.js';
import type { ResultPage } from './search.js';

const plural = (n: number): string => `${n} ${n === 1 ? 'profile' : 'profiles'}`;

/** The inside of the results element; `href` links a page number, `what` says what was asked (plain text). */
export function resultsHtml(result: ResultPage, root: string, href: (page: number) => string, what: string): string {
  const count = `<p class="count"><b>${plural(result.total)}</b> ${esc(what)}</p>`;
  if (result.total === 0) return count;
  const pager = pagerHtml(result.page, result.pages, href);
  const cart = '<p><button type="button" class="cart-all">Add the profiles of this page to the cart</button></p>';
  return [count, pager, rowsTable(result.rows, root), pager, cart].join('');
}
