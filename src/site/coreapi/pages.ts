/**
 * The copy's own pages at the addresses JASPAR's 2018 site had (contract §8.2): `/api/v1/home/`,
 * `/api/v1/overview/` (the endpoints and formats, from the resource and format tables) and
 * `/api/v1/clients/` (how to use this copy with Core API clients, rbioapi, curl and jQuery).
 * Each page is three folders deep, as its URL is, and links the API's documents by their files
 * from the site root (`../../../static/…`), so every link works at the page's URL, at its file
 * on a server and from `file://` (issue 38).
 */
import { API_DOCUMENTS } from '../../api/documents.js';
import { BROWSABLE_FORMAT, FORMATS } from '../../api/formats.js';
import { RESOURCE_DOCS } from '../../api/resource-docs.js';
import { RESOURCES } from '../../api/resources.js';
import { API_PREFIX } from '../../api/urls.js';
import { esc } from '../../formats/html/runtime-safe/escape.js';
import { LANDING_FILE, rootOf, targetPath } from '../../formats/html/runtime-safe/links.js';
import type { SiteConfig } from '../../routes/site-data.js';
import { pathTemplate } from '../openapi/document.js';
import { documentHead } from '../../formats/html/runtime-safe/document.js';

/** How the pages link what is not one of the API's documents. */
export interface PageLinks {
  /** The site has a landing page and browsable pages (its browsable format was built). */
  readonly landing: boolean;
  /**
   * The browsable pages are answered by URL, not files at the root (a compact site, or a site of
   * several releases): the API root is linked as the landing page links it then, by its URL.
   */
  readonly byUrl: boolean;
}

/** The site file of the document at `segment` (its first variant: the page a browser gets). */
const fileOf = (segment: string): string => API_DOCUMENTS.find((d) => d.segment === segment)!.variants[0]!.file;

/** Every page is as deep as the others (and as its URL): one way up to the site root serves them all. */
const ROOT = rootOf(fileOf('home'));

/** A link to the document at `segment`, by its file from the site root. */
const docHref = (segment: string): string => esc(`${ROOT}${fileOf(segment)}`);

/** The API root's browsable page: its file, or its URL where pages are answered by URL; null without a browsable format. */
function apiRootHref(links: PageLinks): string | null {
  if (!links.landing) return null;
  const route = { kind: 'detail', resource: 'api-root', params: {}, format: BROWSABLE_FORMAT } as const;
  return esc(links.byUrl ? `/${targetPath({ route }, true)}` : `${ROOT}${targetPath({ route }, false)}`);
}

function page(title: string, body: string, links: PageLinks): string {
  const nav = [
    links.landing ? `<a href="${esc(ROOT + LANDING_FILE)}">Browse the API</a>` : '',
    ...['home', 'overview', 'clients'].map((s) => `<a href="${docHref(s)}">${s}</a>`),
    `<a href="${docHref('docs')}">documentation</a>`,
    `<a href="${docHref('live-api')}">live API</a>`,
  ].filter(Boolean);
  return [
    ...documentHead(`${esc(title)} · JASPAR REST API`, [
      '<style>body{font-family:sans-serif;max-width:60em;margin:1em auto;padding:0 1em;line-height:1.4}code,pre{background:#f4f4f4}pre{padding:.5em;overflow:auto}td,th{text-align:left;padding:.2em .6em;border-bottom:1px solid #ddd}nav a{margin-right:1em}</style>',
    ]),
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

function home(site: SiteConfig, links: PageLinks): string {
  const releases = site.releases.map((r) => esc(r.name)).join(', ');
  const apiRoot = apiRootHref(links);
  return page(
    'JASPAR REST API (a static copy)',
    `<p>This is a static copy of JASPAR's REST API, built from ${releases} by jaspar-static. It answers what the API answers at the same addresses (<code>${API_PREFIX}…</code>), in every format, for scripts and for people.</p>
<ul>
<li><a href="${docHref('overview')}">Overview</a> (<code>${API_PREFIX}overview/</code>): the endpoints and formats.</li>
<li><a href="${docHref('clients')}">Clients</a> (<code>${API_PREFIX}clients/</code>): how to use this copy from Python, R, the command line and JavaScript.</li>
<li><a href="${docHref('docs')}">Documentation</a> and the <a href="${docHref('live-api')}">live API browser</a> (<code>${API_PREFIX}docs/</code>, <code>${API_PREFIX}live-api/</code>; OpenAPI at <code>${API_PREFIX}schema/</code>; Core API at <code>${API_PREFIX}docs/</code> for Core API clients).</li>
${apiRoot === null ? '' : `<li><a href="${apiRoot}">The API root</a> (<code>${API_PREFIX}</code>) and the <a href="${esc(ROOT + LANDING_FILE)}">browsable pages</a>.</li>\n`}</ul>
<p>Profile inference (<code>${API_PREFIX}infer/</code>) needs the live service; this copy answers it with a 404 that says so.</p>`,
    links,
  );
}

function overview(site: SiteConfig, links: PageLinks): string {
  const rows = RESOURCES.map(
    (r) =>
      `<tr><td><code>${esc(pathTemplate(r))}</code></td><td>${esc(RESOURCE_DOCS[r.name].summary)}</td><td><code>${esc(RESOURCE_DOCS[r.name].action.join(' '))}</code></td></tr>`,
  );
  const formats = FORMATS.filter((f) => site.formats.includes(f.name)).map(
    (f) =>
      `<tr><td><code>?format=${esc(f.name)}</code></td><td><code>.${esc(f.name)}</code></td><td><code>${esc(f.mediaType)}</code></td></tr>`,
  );
  return page(
    'Overview: endpoints and formats',
    `<h2>Endpoints</h2>
<table><tr><th>path</th><th>what</th><th>Core API action</th></tr>${rows.join('')}</table>
<p>Lists are paginated (<code>page</code>, <code>page_size</code> up to 1000, <code>page=last</code>), ordered by <code>order</code> (several fields comma-separated, <code>-</code> for descending) and, for matrices, filtered (<code>collection</code>, <code>tax_group</code>, <code>tax_id</code>, <code>name</code>, <code>search</code>, <code>tf_class</code>/<code>class</code>, <code>tf_family</code>/<code>family</code>, <code>data_type</code>/<code>type</code>, <code>version=latest</code>); <code>release=&lt;year&gt;</code> picks a release this copy serves.</p>
<h2>Formats</h2>
<table><tr><th>by query</th><th>by suffix</th><th>media type (also by Accept)</th></tr>${formats.join('')}</table>`,
    links,
  );
}

function clients(site: SiteConfig, links: PageLinks): string {
  const base = site.baseUrl;
  return page(
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
    links,
  );
}

/** The pages' files for a site. */
export function pageFiles(site: SiteConfig, links: PageLinks): { path: string; content: string }[] {
  return [
    { path: fileOf('home'), content: home(site, links) },
    { path: fileOf('overview'), content: overview(site, links) },
    { path: fileOf('clients'), content: clients(site, links) },
  ];
}
