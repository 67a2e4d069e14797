// A Deno server standing in for Netlify in front of one edge function (run by netlify-edge.ts):
// requests whose path matches the function's `config.path` and not its `excludedPath` (URLPattern, as Netlify matches)
// go to the function with a Request and a Context like Netlify's; every other request, and
// the function's `context.next()`, is Netlify's static serving of the site folder (a missing
// file: /404.html with status 404; Content-Type from the site's `_headers`, else the extension). The function fetches the site's own files from this same
// origin, as it does from Netlify's CDN. Usage: deno run harness.js SITE_DIR FUNCTION_FILE
const [siteDir, functionFile] = Deno.args;
const fn = await import(new URL(`file://${functionFile}`).href);
const paths = [].concat(fn.config?.path ?? []);
const patterns = paths.map((pathname) => new URLPattern({ pathname }));
const excluded = [].concat(fn.config?.excludedPath ?? []).map((pathname) => new URLPattern({ pathname }));

const TYPES = {
  '.json': 'application/json',
  '.html': 'text/html; charset=UTF-8',
  '.svg': 'image/svg+xml',
  '.js': 'application/javascript',
};

// Netlify's `_headers` (when the site has one): a Content-Type rule for a path pattern wins over the extension's.
const headerTypes = [];
try {
  let path = null;
  for (const line of (await Deno.readTextFile(`${siteDir}/_headers`)).split('\n')) {
    if (line.trim() === '' || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) path = line.trim();
    else if (/^\s*content-type\s*:/i.test(line) && path !== null)
      headerTypes.push({ path, type: line.slice(line.indexOf(':') + 1).trim() });
  }
} catch {
  // no _headers: types by extension
}
// A `*` matches anything there, inside a segment too (`/download/*.zip`), as Netlify's parser reads it.
const pattern = (p) => new RegExp(`^${p.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`);
const ruled = (path) => headerTypes.filter((h) => pattern(h.path).test(path)).pop()?.type;
const typeOf = (path) => ruled(path) ?? TYPES[path.slice(path.lastIndexOf('.'))] ?? 'application/octet-stream';

async function readSiteFile(pathname) {
  let path;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (path.split('/').some((s) => s === '..')) return null;
  // A folder is its index.html, as Netlify's CDN serves the site's pages.
  if (path.endsWith('/')) path = `${path}index.html`;
  try {
    const info = await Deno.stat(`${siteDir}${path}`);
    return info.isFile ? { path, body: await Deno.readFile(`${siteDir}${path}`) } : null;
  } catch {
    return null;
  }
}

async function staticAnswer(request) {
  const url = new URL(request.url);
  // A folder named without its final slash: to the slash, the query kept (Netlify's CDN does this).
  if (!url.pathname.endsWith('/') && (await readSiteFile(`${url.pathname}/`)))
    return new Response(null, { status: 301, headers: { location: `${url.pathname}/${url.search}` } });
  const found = await readSiteFile(url.pathname);
  const file = found ?? (await readSiteFile('/404.html'));
  const body = request.method === 'HEAD' || file === null ? null : file.body;
  return new Response(body, {
    status: found ? 200 : 404,
    headers: { 'content-type': file ? typeOf(file.path) : 'text/plain' },
  });
}

function context(request) {
  return {
    next: () => staticAnswer(request),
    ip: '127.0.0.1',
    requestId: crypto.randomUUID(),
    geo: { city: 'Local', country: { code: 'XX', name: 'Local' } },
    site: { id: 'jaspar-static-test', name: 'jaspar-static-test', url: new URL(request.url).origin },
    deploy: { id: 'test', context: 'dev', published: false },
    server: { region: 'local' },
    params: {},
    cookies: { get: () => undefined, set: () => {}, delete: () => {} },
    json: (value, init) => Response.json(value, init),
    log: (...args) => console.log(...args),
    waitUntil: () => {},
  };
}

Deno.serve(
  { hostname: '127.0.0.1', port: 0, onListen: ({ port }) => console.log(`listening ${port}`) },
  async (request) => {
    const url = new URL(request.url);
    if (patterns.some((p) => p.test(url)) && !excluded.some((p) => p.test(url)))
      return await fn.default(request, context(request));
    return staticAnswer(request);
  },
);
