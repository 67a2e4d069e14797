/**
 * The copy's own pages at the addresses JASPAR's 2018 site had (contract §8.2): `/api/v1/home/`,
 * `/api/v1/overview/` (the endpoints and formats, from the resource and format tables) and
 * `/api/v1/clients/` (how to use this copy with Core API clients, rbioapi, curl and jQuery).
 * Each page is three folders deep, as its URL is, so relative links work from the server and
 * from `file://`.
 */
import { PAGE_DOCUMENTS } from '../../api/documents.js';
import { FORMATS } from '../../api/formats.js';
import { RESOURCE_DOCS } from '../../api/resource-docs.js';
import { RESOURCES } from '../../api/resources.js';
import { API_PREFIX } from '../../api/urls.js';
import { esc } from '../../formats/html/runtime-safe/escape.js';
import { LANDING_FILE, rootOf } from '../../formats/html/runtime-safe/links.js';
import type { SiteConfig } from '../../routes/site-data.js';
import { pathTemplate } from '../openapi/document.js';

const fileOf = (segment: string): string => PAGE_DOCUMENTS.find((d) => d.segment === segment)!.variants[0]!.file;

function page(segment: string, title: string, body: string, withLanding: boolean): string {
  const root = rootOf(fileOf(segment));
  const nav = [
    withLanding ? `<a href="${esc(root + LANDING_FILE)}">Browse the API</a>` : '',
    ...['home', 'overview', 'clients'].map((s) => `<a href="${esc(`${API_PREFIX}${s}/`)}">${s}</a>`),
    `<a href="${esc(`${API_PREFIX}docs/`)}">documentation</a>`,
    `<a href="${esc(`${API_PREFIX}live-api/`)}">live API</a>`,
  ].filter(Boolean);
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<link rel="icon" href="data:,">',
    `<title>${esc(title)} · JASPAR REST API</title>`,
    '<style>body{font-family:sans-serif;max-width:60em;margin:1em auto;padding:0 1em;line-height:1.4}code,pre{background:#f4f4f4}pre{padding:.5em;overflow:auto}td,th{text-align:left;padding:.2em .6em;border-bottom:1px solid #ddd}nav a{margin-right:1em}</style>',
    '</head>',
    '<body>',
    `<nav>${nav.join('')}</nav>`,
    `<h1>${esc(title)}</h1>`,
    body,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

const code = (s: string) => `<pre><code>${esc(s)}</code></pre>`;

function home(site: SiteConfig, withLanding: boolean): string {
  const releases = site.releases.map((r) => esc(r.name)).join(', ');
  return page(
    'home',
    'JASPAR REST API (a static copy)',
    `<p>This is a static copy of JASPAR's REST API, built from ${releases} by jaspar-static. It answers what the API answers at the same addresses (<code>${API_PREFIX}…</code>), in every format, for scripts and for people.</p>
<ul>
<li><a href="${esc(`${API_PREFIX}overview/`)}">Overview</a>: the endpoints and formats.</li>
<li><a href="${esc(`${API_PREFIX}clients/`)}">Clients</a>: how to use this copy from Python, R, the command line and JavaScript.</li>
<li><a href="${esc(`${API_PREFIX}docs/`)}">Documentation</a> and the <a href="${esc(`${API_PREFIX}live-api/`)}">live API browser</a> (OpenAPI at <code>${API_PREFIX}schema/</code>; Core API at <code>${API_PREFIX}docs/</code> for Core API clients).</li>
<li><a href="${esc(`${API_PREFIX}?format=api`)}">The API root</a>${withLanding ? ` and the <a href="${esc(rootOf(fileOf('home')) + LANDING_FILE)}">browsable pages</a>` : ''}.</li>
</ul>
<p>Profile inference (<code>${API_PREFIX}infer/</code>) needs the live service; this copy answers it with a 404 that says so.</p>`,
    withLanding,
  );
}

function overview(site: SiteConfig, withLanding: boolean): string {
  const rows = RESOURCES.map(
    (r) =>
      `<tr><td><code>${esc(pathTemplate(r))}</code></td><td>${esc(RESOURCE_DOCS[r.name].summary)}</td><td><code>${esc(RESOURCE_DOCS[r.name].action.join(' '))}</code></td></tr>`,
  );
  const formats = FORMATS.filter((f) => site.formats.includes(f.name)).map(
    (f) =>
      `<tr><td><code>?format=${esc(f.name)}</code></td><td><code>.${esc(f.name)}</code></td><td><code>${esc(f.mediaType)}</code></td></tr>`,
  );
  return page(
    'overview',
    'Overview: endpoints and formats',
    `<h2>Endpoints</h2>
<table><tr><th>path</th><th>what</th><th>Core API action</th></tr>${rows.join('')}</table>
<p>Lists are paginated (<code>page</code>, <code>page_size</code> up to 1000, <code>page=last</code>), ordered by <code>order</code> (several fields comma-separated, <code>-</code> for descending) and, for matrices, filtered (<code>collection</code>, <code>tax_group</code>, <code>tax_id</code>, <code>name</code>, <code>search</code>, <code>tf_class</code>/<code>class</code>, <code>tf_family</code>/<code>family</code>, <code>data_type</code>/<code>type</code>, <code>version=latest</code>); <code>release=&lt;year&gt;</code> picks a release this copy serves.</p>
<h2>Formats</h2>
<table><tr><th>by query</th><th>by suffix</th><th>media type (also by Accept)</th></tr>${formats.join('')}</table>`,
    withLanding,
  );
}

function clients(site: SiteConfig, withLanding: boolean): string {
  const base = site.baseUrl;
  return page(
    'clients',
    'Clients: using this copy',
    `<h2>Core API (Python <code>coreapi</code>, its command line)</h2>
${code(`import coreapi
client = coreapi.Client()
schema = client.get("${base}${API_PREFIX}docs/")
client.action(schema, ["matrix", "read"], params={"matrix_id": "MA0004.1"})
client.action(schema, ["matrix", "list"], params={"collection": "CORE", "page_size": 1000})`)}
${code(`coreapi get ${base}${API_PREFIX}docs/
coreapi action matrix read -p matrix_id=MA0004.1`)}
<p>The 2018 form is at <code>${API_PREFIX}doc/</code> (actions under <code>v1</code>); the JavaScript client loads <code>${API_PREFIX}docs/schema.js</code> or <code>${API_PREFIX}doc/schema.js</code>.</p>
<h2>R (rbioapi, httr, jsonlite)</h2>
<p>Any R code that reads JASPAR's JSON reads this copy's at the same paths; rbioapi's connection test reaches <code>${API_PREFIX}live-api/</code>, which answers here.</p>
${code(`jsonlite::fromJSON("${base}${API_PREFIX}matrix/?tax_group=vertebrates&page_size=100")`)}
<h2>curl</h2>
${code(`curl "${base}${API_PREFIX}matrix/MA0004.1/?format=meme"
curl -H "Accept: text/transfac" "${base}${API_PREFIX}matrix/MA0004.1/"`)}
<h2>jQuery (JSONP from another origin)</h2>
${code(`$.ajax({ url: "${base}${API_PREFIX}matrix/", data: { format: "jsonp", search: "FOX" }, dataType: "jsonp" })
  .done(function (page) { console.log(page.count, page.results); });`)}`,
    withLanding,
  );
}

/** The pages' files for a site; `withLanding` when the site has a landing page to link. */
export function pageFiles(site: SiteConfig, withLanding: boolean): { path: string; content: string }[] {
  return [
    { path: fileOf('home'), content: home(site, withLanding) },
    { path: fileOf('overview'), content: overview(site, withLanding) },
    { path: fileOf('clients'), content: clients(site, withLanding) },
  ];
}
