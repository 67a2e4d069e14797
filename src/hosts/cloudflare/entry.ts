/**
 * The request runtime as a Cloudflare Worker (`--targets cloudflare`; the adapter is
 * src/hosts/cloudflare/adapter.ts): Pages advanced mode (`_worker.js` in the site) or a Worker with
 * static assets (`wrangler.toml`), both with the site's files behind the `ASSETS` binding.
 * Every request comes here first: API answers from the runtime (its data parsed once per
 * isolate), other paths from the assets with Content-Type from the format table (and a
 * `.sql.gz` its Content-Encoding), a missing one the API's 404 body, as the dev server answers.
 */
import { NOT_FOUND } from '../../api/errors.js';
import { errorAnswer, type Loaded } from '../../runtime/answer.js';
import type { SiteConfig } from '../../routes/site-data.js';
import { mediaTypeOf } from '../../hosting/content-types.js';
import { downloadTypeOf } from '../../download/media.js';
import { newBook } from '../../hosting/edge/file-cache.js';
import { newAnswerCache } from '../../runtime/answer-cache.js';
import { fileOrNull, respond, type SiteFiles } from '../../hosting/edge/fetch-host.js';
import { PAGE_FOLDER_PATTERN } from '../../portal/paths.js';

/** Cloudflare's static-assets binding. */
export interface AssetsBinding {
  fetch(request: Request): Promise<Response>;
}

export interface WorkerEnv {
  readonly ASSETS: AssetsBinding;
}

/** Redirects the assets may answer with before the file (Pages' `.html` handling): followed, at most this many. */
const MAX_REDIRECTS = 2;

async function asset(assets: AssetsBinding, url: URL, request?: Request): Promise<Response> {
  let res = await assets.fetch(request ?? new Request(url));
  for (let i = 0; i < MAX_REDIRECTS && res.status >= 300 && res.status < 400 && res.headers.has('location'); i++) {
    const next = new URL(res.headers.get('location') ?? '', url);
    if (next.origin !== url.origin) break;
    await res.body?.cancel();
    res = await assets.fetch(
      new Request(next, request === undefined ? {} : { method: request.method, headers: request.headers }),
    );
  }
  return res;
}

function assetFiles(assets: AssetsBinding, request: Request): SiteFiles {
  return { get: async (path) => fileOrNull(await asset(assets, new URL(`/${path}`, request.url)), path) };
}

/** A path outside the API: the asset with our Content-Type, or the API's 404. */
/** The web site's page folders named without their slash (src/portal/paths.ts). */
const PAGE_FOLDER = new RegExp(PAGE_FOLDER_PATTERN);

async function staticAnswer(assets: AssetsBinding, request: Request): Promise<Response> {
  const url = new URL(request.url);
  // A folder of pages named without its final slash: to the slash, the query kept (the pages'
  // links are relative to it), as every host answers it; the assets would serve the page itself.
  if (!url.pathname.endsWith('/') && PAGE_FOLDER.test(url.pathname)) {
    const folder = await assets.fetch(new Request(new URL(`${url.pathname}/`, url), { method: 'HEAD' }));
    await folder.body?.cancel();
    if (folder.status === 200)
      return new Response(null, { status: 301, headers: { Location: `${url.pathname}/${url.search}` } });
  }
  const res = await asset(assets, url, request);
  if (res.status === 404) {
    await res.body?.cancel();
    const a = errorAnswer(NOT_FOUND);
    return new Response(request.method === 'HEAD' ? null : a.body, {
      status: a.status,
      headers: a.headers.map((h) => [h[0], h[1]] as [string, string]),
    });
  }
  const path = decodeURIComponent(url.pathname);
  const type = mediaTypeOf(path);
  if (type === undefined) return res;
  // A `.sql.gz` is the stored gzip, said by Content-Encoding (contract §9) and sent as it is:
  // `encodeBody: 'manual'`, else the runtime would encode the body by that header once more.
  const encoding = downloadTypeOf(path)?.encoding ?? null;
  const init: ResponseInit & { encodeBody?: 'manual' } =
    encoding === null
      ? res
      : { status: res.status, statusText: res.statusText, headers: res.headers, encodeBody: 'manual' };
  const out = new Response(res.body, init);
  out.headers.set('Content-Type', type);
  if (encoding !== null) out.headers.set('Content-Encoding', encoding);
  return out;
}

/** The Worker for a site (`site` embedded by the adapter). */
export function cloudflareWorker(site: SiteConfig): { fetch(request: Request, env: WorkerEnv): Promise<Response> } {
  // One deployment serves one site: its parsed data outlives requests while the isolate lives.
  const loaded: Loaded = {};
  const book = newBook();
  const answers = newAnswerCache();
  return {
    fetch: (request, env) =>
      respond(
        {
          site,
          loaded,
          book,
          answers,
          files: assetFiles(env.ASSETS, request),
          passThrough: () => staticAnswer(env.ASSETS, request),
        },
        request,
      ),
  };
}
