/**
 * The request runtime (docs/runtime.md): one function, written once, that turns a request
 * (method, path, query, Accept) into an answer — a site file to send, or a body it assembles —
 * on every host: the dev server, nginx with njs, a Netlify Edge Function, a Cloudflare Worker
 * (`compute` mode: every query of contract §8 answered exactly), and the CloudFront function
 * (`rules` mode: prebuilt pages only, anything else a 404 saying what this host cannot do).
 *
 * It is pure over the site's data: when it needs a file it has not been given it returns the
 * paths it needs, and the host calls it again once they are loaded. Runtime-safe subset.
 */
import {
  BAD_REQUEST,
  CALLBACK_NOT_PREBUILT,
  INVALID_CALLBACK,
  methodNotAllowed,
  NOT_ACCEPTABLE,
  NOT_FOUND,
  releaseNotServed,
  unofferedEndpoint,
  URI_TOO_LONG,
} from '../api/errors.js';
import { isFormatName, takesCallback, type FormatName } from '../api/formats.js';
import type { ResourceDescriptor } from '../api/resources.js';
import { documentVariant, matchDocument } from '../api/documents.js';
import { LOGO_DIR } from '../logos/files.js';
import { isSafeSegment } from '../segments.js';
import { apiHeaders, answered, errorAnswer, type Answer, type Loaded, type Step } from './answer.js';
import { LANDING_FILE } from '../formats/html/runtime-safe/links.js';
import { oldLinkOf, oldLinkTarget } from '../portal/old-links.js';
import { resourceFormats } from '../routes/applies.js';
import { cachedAnswer, isKept, keepAnswer } from './answer-cache.js';
import { answerKey } from './answer-key.js';
import { resolveDetail } from './resolve-detail.js';
import { resolveList } from './resolve-list.js';
import { resolveLogo } from './resolve-static.js';
import { negotiate } from './negotiate.js';
import { jsonpCallback, readParams } from '../routes/params.js';
import { asciiLower, DEFAULT_CALLBACK, parseQuery, parsePath } from '../routes/request.js';
import { matchApiPath } from './route-match.js';
import type { ReleaseConfig, SiteConfig } from '../routes/site-data.js';
import type { ApiRequest, Ctx, ResolveOptions } from './context.js';

export type { Mode, ResolveOptions } from './context.js';

/** A request as every host can describe it. */
export interface RuntimeRequest {
  readonly method: string;
  /** The raw (percent-encoded) path, without the query. */
  readonly path: string;
  /** The raw query string, without `?` ('' when none). */
  readonly query: string;
  /** The Accept header, or null when absent. */
  readonly accept: string | null;
}

/** Longest request target answered (longer: 414). */
export const MAX_URL = 8192;

/** Site paths that are build configuration, never served by any host. */
export const NOT_SERVED: readonly string[] = ['/jaspar-static.json', '/_redirects', '/_headers', '/_worker.js'];

/** The release a request asks for (contract §8): none is the newest; a year or name, case-insensitively. */
function pickRelease(site: SiteConfig, value: string | null): ReleaseConfig | null {
  if (value === null) return site.releases[0]!;
  const v = asciiLower(value);
  for (let i = 0; i < site.releases.length; i++) {
    const r = site.releases[i]!;
    if (asciiLower(r.name) === v || (r.year !== null && String(r.year) === v)) return r;
  }
  return null;
}

function releaseNames(site: SiteConfig): string[] {
  const out: string[] = [];
  for (let i = 0; i < site.releases.length; i++) out.push(site.releases[i]!.name);
  return out;
}

/** The format of an API request: suffix, then `format=` (both in `asked`), then Accept; null: 406; undefined: 404. */
function pickFormat(
  resource: ResourceDescriptor,
  asked: string | null,
  accept: string | null,
  site: SiteConfig,
): { format: FormatName; named: boolean } | null | undefined {
  const allowed = resourceFormats(resource, site);
  if (asked !== null) {
    return isFormatName(asked) && allowed.indexOf(asked) !== -1 ? { format: asked, named: true } : undefined;
  }
  const format = negotiate(accept, allowed);
  return format === null ? null : { format, named: false };
}

/** The API's own documents (src/api/documents.ts): a site file per `format`, on every host and tier. */
function resolveDocument(req: RuntimeRequest, below: readonly string[]): Step | null {
  const doc = matchDocument(below);
  if (doc === null) return null;
  const variant = documentVariant(doc, parseQuery(req.query).get('format'), req.accept);
  if (variant === null) return answered(errorAnswer(NOT_FOUND));
  return answered({
    status: 200,
    headers: apiHeaders(variant.mediaType),
    file: variant.file,
    missing: errorAnswer(NOT_FOUND),
  });
}

function resolveApi(
  req: RuntimeRequest,
  segments: readonly string[],
  site: SiteConfig,
  loaded: Loaded,
  options: ResolveOptions,
): Step {
  // An endpoint no copy computes answers its refusal whatever the format or query (contract §8.1).
  const unoffered = unofferedEndpoint(segments[2]);
  if (unoffered !== null) return answered(errorAnswer(unoffered));
  const document = resolveDocument(req, segments.slice(2));
  if (document !== null) return document;
  const match = matchApiPath(segments.slice(2));
  if (match === null) return answered(errorAnswer(NOT_FOUND));
  // The door: the query is read here, once, into the request every later step receives.
  const params = readParams(match.resource, req.query, match.suffix);
  const picked = pickFormat(match.resource, params.format, req.accept, site);
  if (picked === undefined) return answered(errorAnswer(NOT_FOUND));
  if (picked === null) return answered(errorAnswer(NOT_ACCEPTABLE));
  const release = pickRelease(site, params.release);
  if (release === null) return answered(errorAnswer(releaseNotServed(params.release ?? '', releaseNames(site))));
  // JSONP names its function by `callback` (contract §8.1); other formats ignore it, as DRF does.
  if (takesCallback(picked.format)) {
    const callback = jsonpCallback(params);
    if (callback === null) return answered(errorAnswer(INVALID_CALLBACK));
    // A rules-only host's files call the default name: it cannot write another.
    if (options.mode === 'rules' && callback !== DEFAULT_CALLBACK) return answered(errorAnswer(CALLBACK_NOT_PREBUILT));
  }
  const request: ApiRequest = {
    resource: match.resource,
    id: match.id,
    suffix: match.suffix,
    format: picked.format,
    named: picked.named,
    release,
    params,
  };
  const ctx: Ctx = { site, loaded, options, request };
  const answers = options.answers;
  if (answers === undefined) return resolveResource(ctx, match.resource);
  // The normalised request: an answer computed for it before is the answer (answer-cache.ts).
  const key = answerKey(request, options);
  const kept = cachedAnswer(answers, key);
  if (kept !== undefined) return answered(kept);
  const step = resolveResource(ctx, match.resource);
  if ('answer' in step && isKept(step.answer)) keepAnswer(answers, key, step.answer);
  return step;
}

const resolveResource = (ctx: Ctx, resource: ResourceDescriptor): Step =>
  resource.kind === 'detail' ? resolveDetail(ctx, resource) : resolveList(ctx, resource);

/** A 301 to `location` (a path of the site, with its query), with the API's headers as every answer of the runtime. */
function redirect(location: string): Answer {
  const headers = apiHeaders(null);
  headers.push(['Location', location]);
  return { status: 301, headers };
}

/** The query's last value of a name, as Django's `GET.get` reads it. */
function queryGet(query: string): (name: string) => string | null {
  const q = parseQuery(query);
  return (name) => q.get(name);
}

/**
 * `/api/` (also `/api` and the file full builds' pages link): the landing page's file. Served at
 * `/api` too, not redirected: its links are relative to a page one folder down, and from `/api`
 * they resolve the same (a `../` above the root stays at the root).
 */
const resolveApiPage = (): Step =>
  answered({
    status: 200,
    headers: apiHeaders('text/html; charset=utf-8'),
    file: LANDING_FILE,
    missing: errorAnswer(NOT_FOUND),
  });

/** Resolve one request (one step; see the module comment). */
export function resolve(req: RuntimeRequest, site: SiteConfig, loaded: Loaded, options: ResolveOptions): Step {
  if (req.path.length + req.query.length + 1 > MAX_URL) return answered(errorAnswer(URI_TOO_LONG));
  if (req.method === 'OPTIONS') return answered({ status: 200, headers: apiHeaders(null) });
  if (req.method !== 'GET' && req.method !== 'HEAD') return answered(errorAnswer(methodNotAllowed(req.method)));
  const segments = parsePath(req.path);
  if (segments === null) return answered(errorAnswer(BAD_REQUEST));
  if (segments[0] === 'api' && segments[1] === 'v1') return resolveApi(req, segments, site, loaded, options);
  // The web site's /api/ page is the API's landing page (contract §10); anything else below /api/ is the API's 404.
  if (segments[0] === 'api' && (segments.length === 1 || (segments.length === 2 && segments[1] === 'index.html')))
    return resolveApiPage();
  if (segments[0] === 'api') return answered(errorAnswer(NOT_FOUND));
  const path = `/${segments.join('/')}`;
  // JASPAR's old addresses, printed in papers (contract §10): a redirect, as JASPAR's own.
  const old = oldLinkOf(req.path);
  if (old !== null) return answered(redirect(`/${oldLinkTarget(old, queryGet(req.query))}`));
  if (NOT_SERVED.indexOf(path) !== -1) return answered(errorAnswer(NOT_FOUND));
  // Static files only: never a hidden file or a name that could leave the site.
  for (let i = 0; i < segments.length; i++)
    if (!isSafeSegment(segments[i]!) || segments[i]!.charAt(0) === '.') return answered(errorAnswer(NOT_FOUND));
  if (site.prebuilt === null && path.indexOf(`/${LOGO_DIR}/`) === 0)
    return resolveLogo(site, loaded, segments[segments.length - 1]!);
  return answered({ status: 200, headers: [], passThrough: true });
}
