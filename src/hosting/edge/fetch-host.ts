/**
 * The request runtime behind the fetch API (a Request in, a Response out), shared by the
 * Netlify Edge Function (Deno) and the Cloudflare Worker (workerd). Compute mode: every query of
 * contract §8 answered exactly. Site files come from the host (`SiteFiles`): the runtime's data
 * parsed once and kept in `loaded` across requests, answers' files streamed with the runtime's
 * headers. Runs on modern runtimes only (not njs).
 */
import { INTERNAL_ERROR } from '../../api/errors.js';
import { errorAnswer, fileText, type Answer, type Loaded } from '../../runtime/answer.js';
import type { AnswerCache } from '../../runtime/answer-cache.js';
import { resolve, type ResolveOptions, type RuntimeRequest } from '../../runtime/resolve.js';
import type { SiteConfig } from '../../routes/site-data.js';
import { remember, type CacheBook } from './file-cache.js';
import { MAX_STEPS, tooMany, whenMissing } from './steps.js';
import { validated } from './etag.js';

/** A site's files as the host serves them. */
export interface SiteFiles {
  /** The file at `path` (relative to the site root): its 200 response, or null when it does not exist. */
  get(path: string): Promise<Response | null>;
}

/** What a host gives the runtime for one request. */
export interface FetchHost {
  readonly site: SiteConfig;
  /** Parsed site files, kept across requests (one site per deployment), within a budget. */
  readonly loaded: Loaded;
  readonly book: CacheBook;
  /** Answers computed before, kept across requests while the isolate lives (src/runtime/answer-cache.ts). */
  readonly answers: AnswerCache;
  readonly files: SiteFiles;
  /** A path outside the API: the host's own static answer. */
  passThrough(): Promise<Response>;
}

async function loadJson(files: SiteFiles, path: string): Promise<{ value: unknown; size: number }> {
  const res = await files.get(path);
  if (res === null) return { value: null, size: 0 };
  const text = await res.text();
  return { value: JSON.parse(text) as unknown, size: text.length };
}

/** What the step loop needs of a host: the site, its cache and its files. */
export type StepHost = Pick<FetchHost, 'site' | 'loaded' | 'book' | 'answers' | 'files'>;

/** Resolve `req`, loading the files each step needs, until the runtime answers. */
export async function answerOf(host: StepHost, req: RuntimeRequest, options: ResolveOptions): Promise<Answer> {
  for (let i = 0; i < MAX_STEPS; i++) {
    const step = resolve(req, host.site, host.loaded, { ...options, answers: host.answers });
    if ('answer' in step) return step.answer;
    const need = step.need;
    const values = await Promise.all(need.map((path) => loadJson(host.files, path)));
    for (let k = 0; k < need.length; k++) {
      host.loaded[need[k]!] = values[k]!.value;
      remember(host.book, host.loaded, need[k]!, values[k]!.size, need);
    }
  }
  throw tooMany(req);
}

function response(a: Answer, body: BodyInit | null, head: boolean): Response {
  return new Response(head ? null : body, {
    status: a.status,
    headers: a.headers.map((h) => [h[0], h[1]] as [string, string]),
  });
}

async function serve(host: FetchHost, request: Request): Promise<Response> {
  const url = new URL(request.url);
  const req: RuntimeRequest = {
    method: request.method,
    path: url.pathname,
    query: url.search.slice(1),
    accept: request.headers.get('accept'),
  };
  const head = request.method === 'HEAD';
  let a = await answerOf(host, req, { mode: 'compute' });
  if (a.passThrough) return host.passThrough();
  while (a.file !== undefined) {
    const file = await host.files.get(a.file);
    if (file !== null) {
      if (head) await file.body?.cancel();
      // A JSONP detail calling another name: its start replaced (src/runtime/answer.ts).
      if (a.replaceStart !== undefined && !head) return response(a, fileText(a, await file.text()), head);
      return response(a, file.body, head);
    }
    const missing = whenMissing(a);
    a = missing === 'compute' ? await answerOf(host, req, { mode: 'compute', skipFiles: true }) : missing;
  }
  a = await validated(a, request.headers.get('if-none-match'));
  return response(a, a.body ?? null, head);
}

/** Answer one request; an unexpected failure is a 500 with the API's error body. */
export async function respond(host: FetchHost, request: Request): Promise<Response> {
  try {
    return await serve(host, request);
  } catch (err) {
    console.error(`jaspar: ${String(err)}`);
    const a = errorAnswer(INTERNAL_ERROR);
    return response(a, a.body ?? null, request.method === 'HEAD');
  }
}

/** A site file's response, or null for a 404; other statuses are failures. */
export async function fileOrNull(res: Response, path: string): Promise<Response | null> {
  if (res.status === 404) {
    await res.body?.cancel();
    return null;
  }
  if (!res.ok) throw new Error(`site file /${path}: HTTP ${res.status}`);
  return res;
}
