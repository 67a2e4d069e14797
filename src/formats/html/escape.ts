/**
 * HTML escaping. Every value that comes from a dump (names, annotations, ids) goes through
 * {@link esc} before it reaches a page, in text and in attributes alike.
 */

const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
// Two patterns: `test` with a global one would carry lastIndex from call to call.
const ANY_SPECIAL = /[&<>"']/;
const EVERY_SPECIAL = /[&<>"']/g;

/** `s` safe as HTML text and as a quoted attribute value. */
export function esc(s: string): string {
  return ANY_SPECIAL.test(s) ? s.replace(EVERY_SPECIAL, (c) => ENTITIES[c] as string) : s;
}

const TEXT_SPECIAL = /[&<>]/;
const EVERY_TEXT_SPECIAL = /[&<>]/g;

/**
 * `s` safe as HTML text content only (not in attributes): quotes need no escaping there, and
 * leaving them keeps the pretty-printed JSON, full of quotes, half the size.
 */
export function escText(s: string): string {
  return TEXT_SPECIAL.test(s) ? s.replace(EVERY_TEXT_SPECIAL, (c) => ENTITIES[c] as string) : s;
}

/** An `<a>` element; `href` and `text` are escaped here. */
export function anchor(href: string, text: string, attrs = ''): string {
  return `<a href="${esc(href)}"${attrs}>${esc(text)}</a>`;
}
