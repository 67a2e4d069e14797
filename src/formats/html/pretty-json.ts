/**
 * A response body as DRF's browsable API shows it: JSON indented by 4 as Python's
 * `json.dumps(indent=4)` lays it out (one item per line, `": "` after keys), every scalar exactly as the
 * JSON format prints it (floats as Python's repr), HTML-escaped, and strings that name a page
 * of this site turned into links.
 */
import type { Json } from '../../model/json.js';
import { Float } from '../../model/json.js';
import { toJson } from '../json.js';
import { escText } from './runtime-safe/escape.js';

/** The escaped `href` attribute value a string value links to, or null. */
export type LinkOf = (value: string) => string | null;

const STEP = 4;

function scalar(value: string | number | boolean | Float | null, linkOf: LinkOf): string {
  const text = escText(toJson(value));
  if (typeof value !== 'string') return text;
  const href = linkOf(value);
  return href === null ? text : `<a href="${href}">${text}</a>`;
}

/** `value` pretty-printed as HTML text (for a `<pre>`; quotes left as they are), starting at column `indent`. */
export function prettyJson(value: Json, linkOf: LinkOf, indent: number): string {
  if (value === null || typeof value !== 'object' || value instanceof Float) return scalar(value, linkOf);
  const inner = ' '.repeat(indent + STEP);
  const close = ' '.repeat(indent);
  if (Array.isArray(value)) {
    const items = value as readonly Json[];
    if (items.length === 0) return '[]';
    return `[\n${items.map((v) => inner + prettyJson(v, linkOf, indent + STEP)).join(',\n')}\n${close}]`;
  }
  const entries = Object.entries(value);
  if (entries.length === 0) return '{}';
  const lines = entries.map(([k, v]) => `${inner}${escText(toJson(k))}: ${prettyJson(v, linkOf, indent + STEP)}`);
  return `{\n${lines.join(',\n')}\n${close}}`;
}
