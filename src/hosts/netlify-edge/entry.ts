/**
 * The request runtime as a Netlify Edge Function (`--targets netlify-edge`; the adapter is
 * src/hosts/netlify-edge/adapter.ts). Netlify runs it on `/api` (and, in a compact build, the logos);
 * it reads the site's files from the site itself (`fetch` of `/_jaspar/…` and `/files/…` on the
 * request's origin, served by Netlify's CDN), keeps the parsed runtime data in module scope
 * across requests, and hands anything else to Netlify with `context.next()`.
 */
import type { Loaded } from '../../runtime/answer.js';
import type { SiteConfig } from '../../routes/site-data.js';
import { newBook } from '../../hosting/edge/file-cache.js';
import { newAnswerCache } from '../../runtime/answer-cache.js';
import { fileOrNull, respond, type SiteFiles } from '../../hosting/edge/fetch-host.js';

/** What the function uses of Netlify's Context. */
export interface NetlifyContext {
  next(): Promise<Response>;
}

/** The site's files on the request's origin. */
function originFiles(request: Request): SiteFiles {
  return {
    get: async (path) => fileOrNull(await fetch(new URL(`/${path}`, request.url)), path),
  };
}

/** The edge function for a site (`site` embedded by the adapter). */
export function netlifyEdge(site: SiteConfig): (request: Request, context: NetlifyContext) => Promise<Response> {
  // One deployment serves one site: its parsed data outlives requests while the isolate lives.
  const loaded: Loaded = {};
  const book = newBook();
  const answers = newAnswerCache();
  return (request, context) =>
    respond({ site, loaded, book, answers, files: originFiles(request), passThrough: () => context.next() }, request);
}
