/**
 * HTML escaping. Every value that comes from a dump (names, annotations, ids) goes through
 * {@link esc} or {@link escText} before it reaches a page, in text and in attributes alike.
 * NUL is escaped too (as U+FFFD, which is what a browser shows for it), so the NUL-based
 * markers of list fragments (fragment.ts) can never come from data. Runtime-safe subset
 * (docs/runtime.md): list pages are assembled with it on every compute host.
 */

const ENTITIES: { readonly [c: string]: string } = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  '\u0000': '&#xFFFD;',
};
// Two patterns each: `test` with a global one would carry lastIndex from call to call.
const ANY_SPECIAL = /[&<>"'\u0000]/;
const EVERY_SPECIAL = /[&<>"'\u0000]/g;
const TEXT_SPECIAL = /[&<>\u0000]/;
const EVERY_TEXT_SPECIAL = /[&<>\u0000]/g;

const entity = (c: string): string => ENTITIES[c]!;

/** `s` safe as HTML text and as a quoted attribute value. */
export function esc(s: string): string {
  return ANY_SPECIAL.test(s) ? s.replace(EVERY_SPECIAL, entity) : s;
}

/**
 * `s` safe as HTML text content only (not in attributes): quotes need no escaping there, and
 * leaving them keeps the pretty-printed JSON, full of quotes, half the size.
 */
export function escText(s: string): string {
  return TEXT_SPECIAL.test(s) ? s.replace(EVERY_TEXT_SPECIAL, entity) : s;
}

/** An `<a>` element; `href` and `text` are escaped here, `attrs` (trusted markup) is not. */
export function anchor(href: string, text: string, attrs?: string): string {
  return `<a href="${esc(href)}"${attrs ?? ''}>${esc(text)}</a>`;
}
