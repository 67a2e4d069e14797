/**
 * The request runtime in nginx's njs 0.7 (`--targets nginx`; the adapter is src/hosts/nginx/adapter.ts).
 * nginx runs {@link nginxHandler}'s function for `/api` (and, in a compact build, the logos).
 * It resolves in compute mode, reading the files the runtime needs with `fs.readFileSync`;
 * a file answer that exists goes to nginx by internal redirect (nginx sends it with the
 * Content-Type and headers of its folder), anything else is sent from here.
 *
 * njs runs each request in a fresh copy of the module, so nothing survives between requests:
 * the runtime's data comes from the object nginx preloaded at start (data.json), and a file
 * not in it (the browsable pages' and logos' fragments) is read per request. Runtime-safe
 * subset (docs/runtime.md).
 */
import { INTERNAL_ERROR, NOT_FOUND } from '../../api/errors.js';
import { errorAnswer, fileText, type Answer, type Loaded } from '../../runtime/answer.js';
import type { RuntimeRequest } from '../../runtime/resolve.js';
import type { SiteConfig } from '../../routes/site-data.js';
import { answerSync, splitTarget, whenMissing } from '../../hosting/edge/steps.js';
import { etagOf, takesEtag, withValidator } from '../../runtime/validators.js';
import { answerFolder, answerKey, keep, type NjsFiles, type Sha1Hex } from './answers.js';
import { send, type NjsRequest } from './send.js';

/** What the handler uses of njs's `fs` module. */
export interface NjsFs extends Omit<NjsFiles, 'readFileSync'> {
  readFileSync(path: string, encoding: 'utf8'): string;
  statSync(path: string): { isFile(): boolean };
}

function readJson(fs: NjsFs, path: string): unknown {
  let text: string;
  try {
    text = fs.readFileSync(path, 'utf8');
  } catch (e) {
    if ((e as { code?: string }).code === 'ENOENT') return null;
    throw e;
  }
  return JSON.parse(text) as unknown;
}

function isFile(fs: NjsFs, path: string): boolean {
  try {
    return fs.statSync(path).isFile();
  } catch (_e) {
    return false;
  }
}

/**
 * The runtime's data preloaded once (adapter.ts `preloadData`): files by site path, and what the
 * runtime derives from them by its cache key. njs makes it immutable and without prototypes: the
 * runtime reads it by index and property only.
 */
export interface Preloaded {
  readonly files: { readonly [path: string]: unknown };
  readonly derived: { readonly [key: string]: unknown };
}

/** Keep a computed answer where the server block names a folder (answers.ts); a failure is logged, the answer still sent. */
function keepComputed(
  r: NjsRequest,
  fs: Pick<NjsFiles, 'writeFileSync' | 'renameSync'>,
  sha1: Sha1Hex,
  build: string,
  a: Answer,
  etag: string,
): void {
  const dir = answerFolder(r);
  const key = dir === null ? null : answerKey(r, build);
  if (dir === null || key === null) return;
  try {
    keep(fs, sha1, dir, key, a, etag);
  } catch (e) {
    r.error(`jaspar: cannot keep an answer in ${dir}: ${String(e)}`);
  }
}

/** The SHA-1 of a body's UTF-8 bytes in base64url (njs's crypto module, src/runtime/validators.ts). */
export type Digest = (body: string) => string;

/**
 * The js_content handler for a site (`site` embedded by the adapter, `fs` and the digest from
 * njs, the preloaded data or null).
 */
export function nginxHandler(
  site: SiteConfig,
  fs: NjsFs,
  preloaded: Preloaded | null,
  digest: Digest,
  sha1: Sha1Hex,
  build: string,
): (r: NjsRequest) => void {
  return (r) => {
    const target = splitTarget(r.variables.request_uri ?? '/');
    const req: RuntimeRequest = {
      method: r.method,
      path: target.path,
      query: target.query,
      accept: r.headersIn.Accept ?? null,
    };
    const root = r.variables.document_root ?? '';
    // The preloaded files and what is derived from them, at hand before the first step: the
    // runtime answers in one pass instead of asking for the index, then the chunks, then answering.
    const loaded: Loaded = {};
    if (preloaded !== null) {
      for (const key in preloaded.files) loaded[key] = preloaded.files[key];
      for (const key in preloaded.derived) loaded[key] = preloaded.derived[key];
    }
    const load = (path: string) => {
      const held = preloaded === null ? undefined : preloaded.files[path];
      return held === undefined ? readJson(fs, `${root}/${path}`) : held;
    };
    try {
      let a = answerSync(req, site, loaded, { mode: 'compute' }, load);
      while (a.file !== undefined) {
        if (isFile(fs, `${root}/${a.file}`)) {
          // A JSONP detail calling another name: its start replaced (src/runtime/answer.ts), sent from here.
          if (a.replaceStart !== undefined)
            return send(r, {
              status: a.status,
              headers: a.headers,
              body: fileText(a, fs.readFileSync(`${root}/${a.file}`, 'utf8')),
            });
          r.internalRedirect(`/${a.file}`);
          return;
        }
        const missing = whenMissing(a);
        a = missing === 'compute' ? answerSync(req, site, loaded, { mode: 'compute', skipFiles: true }, load) : missing;
      }
      // The js locations cover /api and compact logos only: never a static file of the site.
      if (a.passThrough) a = errorAnswer(NOT_FOUND);
      if (!takesEtag(a)) return send(r, a);
      const etag = etagOf(digest(a.body!));
      keepComputed(r, fs, sha1, build, a, etag);
      send(r, withValidator(a, etag, r.headersIn['If-None-Match']));
    } catch (e) {
      r.error(`jaspar: ${String(e)}`);
      send(r, errorAnswer(INTERNAL_ERROR));
    }
  };
}
