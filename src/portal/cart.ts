/**
 * The cart, `/cart/` (contract §11): the profiles kept in this browser for this site and
 * release, listed as search rows by the page's script, each removable, the cart emptied at once,
 * and the tools offered on them. Pure: the list itself is the script's.
 */
import { ANALYSIS_PATH, CART_PATH, rootFrom } from './paths.js';
import { shell } from './shell.js';

export function cartPage(release: string): string {
  const root = rootFrom(CART_PATH);
  const body = [
    '<h1>Cart</h1>',
    '<p>The profiles you keep, in this browser, for this site and release.</p>',
    '<section id="results" class="results cart-list" data-state="pending" aria-live="polite"><noscript><p class="notice">The cart lives in the browser: turn JavaScript on.</p></noscript></section>',
    `<p><a class="button" id="cart-analyse" href="${root}${ANALYSIS_PATH}">Analyse or download these profiles</a> <button type="button" id="cart-empty">Empty the cart</button></p>`,
  ].join('\n');
  return shell({ root, title: 'Cart', release, kind: 'cart', body, data: true });
}
