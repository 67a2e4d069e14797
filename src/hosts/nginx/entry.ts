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

/** What the handler uses of njs's request object. */
export interface NjsRequest {
  readonly method: string;
  readonly variables: { readonly [name: string]: string | undefined };
  readonly headersIn: { readonly [name: string]: string | undefined };
  readonly headersOut: { [name: string]: string | undefined };
  status: number;
  return(status: number, body?: string): void;
  internalRedirect(uri: string): void;
  sendHeader(): void;
  finish(): void;
  error(message: string): void;
}

/** What the handler uses of njs's `fs` module. */
export interface NjsFs {
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

function send(r: NjsRequest, a: Answer): void {
  for (let i = 0; i < a.headers.length; i++) r.headersOut[a.headers[i]![0]] = a.headers[i]![1];
  if (a.body !== undefined) {
    r.return(a.status, a.body);
    return;
  }
  // No body (OPTIONS, a 304): headers only, no Content-Type of nginx's choosing.
  r.status = a.status;
  if (a.status !== 304) r.headersOut['Content-Length'] = '0';
  r.sendHeader();
  r.finish();
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
      send(r, takesEtag(a) ? withValidator(a, etagOf(digest(a.body!)), r.headersIn['If-None-Match']) : a);
    } catch (e) {
      r.error(`jaspar: ${String(e)}`);
      send(r, errorAnswer(INTERNAL_ERROR));
    }
  };
}
