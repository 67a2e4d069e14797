/**
 * One record of a list as the HTML list page holds it (work in progress: see docs/runtime.md).
 */
import type { RecordInput, RenderContext } from '../context.js';
import { esc } from './escape.js';
import { toJson } from '../json.js';

export function htmlRecord(input: RecordInput, _ctx: RenderContext): string {
  return `<tr><td>${esc(toJson(input.record))}</td></tr>`;
}
