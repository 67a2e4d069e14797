/** Content negotiation where the host can see `Accept` (contract §6), as src/hosts/accept.ts defines it. */
import { FORMAT_PARAM, htmlFormatOf, prefersHtml } from '../hosts/accept.js';

export { prefersHtml };

/**
 * The format to use when the request names none: the browsable HTML page for a browser, when
 * the build has it (`formats`), else undefined (the default JSON).
 */
export function negotiate(query: ReadonlyMap<string, string>, accept: string | undefined, formats: readonly string[]): string | undefined {
  const html = htmlFormatOf(formats);
  if (query.has(FORMAT_PARAM) || html === null) return undefined;
  return prefersHtml(accept) ? html : undefined;
}
