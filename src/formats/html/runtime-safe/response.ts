/**
 * The response block of a page: status and headers as DRF's browsable API shows them, then the
 * body pretty-printed (pretty-json.ts). A list page's envelope is printed here around records
 * its fragments hold already printed. Runtime-safe subset.
 */
import { jsonString } from '../../json-string.js';
import type { Envelope } from '../../list-frames.js';
import { escText } from './escape.js';
import { RECORD_INDENT } from './fragment.js';

const HEAD = 'HTTP 200 OK\nAllow: GET, HEAD, OPTIONS\nContent-Type: application/json\nVary: Accept';

/** The block around a pretty-printed body (trusted HTML). */
export const responseBlock = (pretty: string): string =>
  `<h2>Response</h2><pre class="response"><span class="status">${HEAD}</span>\n\n${pretty}</pre>`;

/** A link of the envelope: its JSON text, linked to `href` (an escaped attribute value) when there is one. */
function linkJson(url: string | null, href: string | null): string {
  if (url === null) return 'null';
  const text = escText(jsonString(url));
  return href === null ? text : `<a href="${href}">${text}</a>`;
}

/**
 * A list envelope as Python's `json.dumps(indent=4)` prints it, with `records` already printed
 * at their indent; `next` and `previous` linked to `nextHref`/`previousHref` (escaped).
 */
export function envelopeJson(
  env: Envelope,
  nextHref: string | null,
  previousHref: string | null,
  records: readonly string[],
): string {
  const pad = ' '.repeat(RECORD_INDENT);
  const results = records.length === 0 ? '[]' : `[\n${pad}${records.join(`,\n${pad}`)}\n    ]`;
  return `{\n    "count": ${env.count},\n    "next": ${linkJson(env.next, nextHref)},\n    "previous": ${linkJson(env.previous, previousHref)},\n    "results": ${results}\n}`;
}
