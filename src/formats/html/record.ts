/**
 * One list record as the HTML list page holds it (fragment.ts): its table row and its
 * pretty-printed JSON, rendered once per record at build time. Every href is written behind
 * the fragment's root marker, so the fragment serves pages at any depth and at API URLs.
 */
import { hasBed } from '../bed.js';
import type { RecordInput, RenderContext } from '../context.js';
import { esc } from './runtime-safe/escape.js';
import { joinFragment, RECORD_INDENT, ROOT } from './runtime-safe/fragment.js';
import { targetPath, type LinkTarget } from './runtime-safe/links.js';
import { prettyJson } from './pretty-json.js';
import { recordLinks } from './record-links.js';
import { recordRow } from './record-row.js';

/** The HTML fragment of one list record. */
export function htmlRecord(input: RecordInput, ctx: RenderContext): string {
  const links = recordLinks(input.kind, input.record, ctx.baseUrl);
  const attr = (target: LinkTarget): string => ROOT + esc(targetPath(target, ctx.compact));
  const row = recordRow(input.kind, input.record, links, attr);
  const json = prettyJson(
    input.record,
    (value) => {
      const link = links.find((l) => l.url === value);
      return link ? attr(link.target) : null;
    },
    RECORD_INDENT,
  );
  return joinFragment(row, json, input.matrix !== null && hasBed([input.matrix]));
}
