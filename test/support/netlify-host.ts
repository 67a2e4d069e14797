/**
 * Netlify, emulated with Netlify's own parts: `@netlify/redirect-parser` reads the emitted
 * `_redirects` (and the project's netlify.toml) and `netlify-redirector` (the WASM build of
 * Netlify's production rule engine) matches requests. Around the engine this models what the
 * contract (§7) states: a rule that is not forced loses to a file at the request path; a rewrite
 * to a missing file answers the site's /404.html with status 404; `_headers` rules apply to the
 * path of the file served. `_headers` is read by Netlify's own parser (`@netlify/headers-parser`,
 * which rejects what Netlify would) and its paths matched by that parser's patterns (a `*`
 * matches anything, inside a segment too: `/download/*.zip`); a later rule's header replaces an
 * earlier one's; the headers Netlify's documentation says it sets itself ("Custom headers",
 * Limitations: `Content-Encoding`, `Allow`, …) are dropped, as Netlify ignores them.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { PROJECT_ROOT } from './requirements.js';

export interface HostResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  /** The site file that was served, for diagnostics. */
  file: string | null;
}

interface Matcher {
  match(req: unknown): { to?: string; status?: number; force?: boolean; force404?: boolean } | null;
}

interface HeaderRule {
  forRegExp: RegExp;
  values: Record<string, string>;
}

/** Headers Netlify's servers set themselves: a `_headers` value for them is ignored (docs.netlify.com, "Custom headers"). */
export const NETLIFY_IGNORED_HEADERS: readonly string[] = [
  'accept-ranges',
  'age',
  'allow',
  'alt-svc',
  'connection',
  'content-encoding',
  'content-length',
  'content-range',
  'date',
  'location',
  'server',
  'trailer',
  'transfer-encoding',
  'upgrade',
];

/** The rules of a `_headers` file, read by Netlify's own parser. */
async function headerRules(file: string): Promise<HeaderRule[]> {
  const { parseAllHeaders } = (await import('@netlify/headers-parser')) as {
    parseAllHeaders(o: object): Promise<{ headers: HeaderRule[]; errors: unknown[] }>;
  };
  const { headers, errors } = await parseAllHeaders({ headersFiles: [file], minimal: false });
  if (errors.length) throw new Error(`Netlify's parser rejected _headers: ${errors.map(String).join('; ')}`);
  return headers;
}

export async function netlifyHost(siteDir: string): Promise<(url: string) => HostResponse> {
  const require = createRequire(import.meta.url);
  const { parseAllRedirects } = (await import('@netlify/redirect-parser')) as {
    parseAllRedirects(o: object): Promise<{ redirects: object[]; errors: unknown[] }>;
  };
  const { redirects, errors } = await parseAllRedirects({
    redirectsFiles: [join(siteDir, '_redirects')],
    netlifyConfigPath: join(PROJECT_ROOT, 'netlify.toml'),
    minimal: false,
  });
  if (errors.length) throw new Error(`Netlify's parser rejected rules: ${errors.map(String).join('; ')}`);
  const redirector = require('netlify-redirector') as { parseJSON(json: string, o: object): Promise<Matcher> };
  // netlify-cli's normalisation before the engine: `from` is called `origin`, `query` is `params`.
  const engineRules = (redirects as { from: string; query: object; conditions: object }[]).map(
    ({ from, query, ...rest }) => ({
      ...rest,
      origin: from,
      params: query,
    }),
  );
  const matcher = await redirector.parseJSON(JSON.stringify(engineRules), {});
  const rules = await headerRules(join(siteDir, '_headers'));

  const fileAt = (path: string): string | null => {
    const candidates = path.endsWith('/') ? [`${path}index.html`] : [path, `${path}/index.html`];
    for (const c of candidates) {
      const abs = join(siteDir, c);
      if (abs.startsWith(siteDir) && existsSync(abs) && statSync(abs).isFile()) return c;
    }
    return null;
  };
  const respond = (status: number, file: string): HostResponse => {
    const headers: Record<string, string> = {};
    for (const rule of rules) {
      if (!rule.forRegExp.test(file)) continue;
      for (const [k, v] of Object.entries(rule.values))
        if (!NETLIFY_IGNORED_HEADERS.includes(k.toLowerCase())) headers[k.toLowerCase()] = v;
    }
    return { status, headers, body: readFileSync(join(siteDir, file)), file };
  };
  const notFound = () => respond(404, '/404.html');
  const moved = (location: string, status = 301): HostResponse => ({
    status,
    headers: { location, 'content-type': 'text/plain; charset=utf-8' },
    body: Buffer.from(`Redirecting to ${location}`),
    file: null,
  });

  // The engine's answer depends on the host, path and query only (no headers, no cookies here),
  // and it takes about a millisecond over the sample's rules: each one is asked once per host,
  // however many tests ask the same URL (a prebuilt route is asked as a file and as a request).
  const matches = new Map<string, ReturnType<Matcher['match']>>();
  const match = (host: string, path: string, query: string) => {
    const key = `${host} ${path}?${query}`;
    if (!matches.has(key))
      matches.set(
        key,
        matcher.match({
          scheme: 'https',
          host,
          path,
          query,
          getHeader: () => '',
          getCookie: () => '',
        }),
      );
    return matches.get(key) ?? null;
  };

  return (url: string) => {
    const u = new URL(url, 'https://mirror.netlify.app');
    const path = decodeURIComponent(u.pathname);
    const found = match(u.hostname, path, u.search.slice(1));
    if (!found?.to) {
      // A folder named without its final slash: Netlify's CDN sends it to the slash, the query kept
      // (docs.netlify.com, "Trailing slash"; the site's pages link relatively, so the slash matters).
      if (!path.endsWith('/') && fileAt(`${path}/`) !== null) return moved(`${u.pathname}/${u.search}`);
      const file = fileAt(path);
      return file ? respond(200, file) : notFound();
    }
    if (found.force404) return notFound();
    // A redirect rule (3xx): its Location, nothing served.
    if (found.status !== undefined && found.status >= 300 && found.status < 400) return moved(found.to, found.status);
    const to = new URL(found.to, 'https://mirror.netlify.app').pathname;
    if (!found.force) {
      const own = fileAt(path);
      if (own) return respond(200, own);
    }
    const target = fileAt(decodeURIComponent(to));
    if (!target) return notFound();
    return respond(found.status ?? 200, target);
  };
}
