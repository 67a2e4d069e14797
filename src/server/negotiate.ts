/** Content negotiation where the host can see `Accept` (contract §6). */
import { isFormatName } from '../formats/table.js';

/** The HTML format, when the build has it. */
const HTML_FORMAT = 'api';

/**
 * The format to use when the request names none: the browsable HTML page for a browser
 * (`Accept` prefers text/html), else undefined (the default JSON).
 */
export function negotiate(query: ReadonlyMap<string, string>, accept: string | undefined): string | undefined {
  if (query.has('format') || !accept || !isFormatName(HTML_FORMAT)) return undefined;
  return prefersHtml(accept) ? HTML_FORMAT : undefined;
}

/** True when text/html has a higher quality than application/json and any other type. */
export function prefersHtml(accept: string): boolean {
  let html = 0;
  let other = 0;
  for (const part of accept.split(',')) {
    const [type = '', ...params] = part.trim().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (type.trim() === 'text/html') html = Math.max(html, q);
    else if (type.trim() === 'application/json') other = Math.max(other, q);
  }
  return html > 0 && html >= other;
}
