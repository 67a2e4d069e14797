/**
 * One record as a row of a records table: its plain fields (records-table.ts), the first one
 * linked to the record's page, and its logo as a thumbnail. Hrefs come from the caller, so the
 * same row serves list fragments (behind the fragment's root marker) and versions pages
 * (relative links).
 */
import type { ItemKind } from '../../api/resources.js';
import { Float, type Json, type JsonObject } from '../../model/json.js';
import { toJson } from '../json.js';
import { esc } from './runtime-safe/escape.js';
import type { LinkTarget } from './runtime-safe/links.js';
import type { RecordLink } from './record-links.js';
import { RECORD_COLUMNS } from './runtime-safe/records-table.js';

/** The escaped `href`/`src` attribute value of a link target on the page at hand. */
export type TargetAttr = (target: LinkTarget) => string;

/** A plain field as cell content: text escaped, `null` muted, numbers as the JSON shows them. */
function plainHtml(value: Json): string {
  if (value === null) return '<span class="muted">null</span>';
  if (typeof value === 'string') return esc(value);
  if (typeof value !== 'object' || value instanceof Float) return esc(toJson(value));
  return `<code>${esc(toJson(value))}</code>`;
}

/** The row of `rec`, a record of `kind` whose links are `links`. */
export function recordRow(kind: ItemKind, rec: JsonObject, links: readonly RecordLink[], attr: TargetAttr): string {
  const cols = RECORD_COLUMNS[kind];
  const page = links.find((l) => 'route' in l.target);
  const cells = cols.plain.map((key, i) => {
    const value = rec[key] ?? null;
    const linkable = typeof value === 'string' || typeof value === 'number';
    return `<td>${i === 0 && page && linkable ? `<a href="${attr(page.target)}">${esc(String(value))}</a>` : plainHtml(value)}</td>`;
  });
  if (cols.logo !== null) {
    const logo = links.find((l) => l.key === cols.logo);
    cells.push(`<td>${logo ? `<img class="thumb" src="${attr(logo.target)}" alt="logo" loading="lazy">` : ''}</td>`);
  }
  return `<tr>${cells.join('')}</tr>`;
}
