/**
 * The API's own documents as site files (src/api/documents.ts): the OpenAPI description as
 * JSON and YAML, and the interactive documentation page, rendered by Swagger UI
 * (`swagger-ui-dist`, pinned in package.json, copied as published with its licence beside it,
 * source-map comments dropped since the maps are not copied). The page loads the description
 * as a plain `<script>` (`static/openapi/openapi.js`), so it works offline and from `file://`,
 * where a browser refuses to fetch a file.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { API_DOCUMENTS, DOCS_DOCUMENT, SCHEMA_DOCUMENT } from '../../api/documents.js';
import { esc } from '../../formats/html/runtime-safe/escape.js';
import { LANDING_FILE, rootOf } from '../../formats/html/runtime-safe/links.js';
import { toYaml } from '../../formats/yaml.js';
import type { JsonObject } from '../../model/json.js';
import { documentHead } from '../../formats/html/runtime-safe/document.js';

/** The site folder of the renderer and the description script. */
const DIR = 'static/openapi';
export const DOCS_FILES = {
  library: `${DIR}/swagger-ui-bundle.js`,
  style: `${DIR}/swagger-ui.css`,
  licence: `${DIR}/swagger-ui.LICENSE.txt`,
  description: `${DIR}/openapi.js`,
  start: `${DIR}/docs.js`,
} as const;

/**
 * How many files the API's documents take (the build's file estimate counts them): every
 * distinct file of the documents table (the OpenAPI description, the documentation page, the
 * Core API documents and scripts, the pages), and the renderer's own.
 */
export const DOCUMENT_FILES =
  new Set(API_DOCUMENTS.flatMap((d) => d.variants.map((v) => v.file))).size + Object.keys(DOCS_FILES).length;

interface Renderer {
  readonly version: string;
  readonly bundle: string;
  readonly style: string;
  readonly licence: string;
}

/** swagger-ui-dist as installed (its entry point, index.js, sits in the package's root). */
function swaggerUi(): Renderer {
  const require = createRequire(import.meta.url);
  const dir = dirname(require.resolve('swagger-ui-dist'));
  const read = (file: string): string =>
    readFileSync(join(dir, file), 'utf8').replace(/\n?\/\*?[#@] sourceMappingURL=\S*\s*(\*\/)?\s*$/, '\n');
  const pkg = JSON.parse(read('package.json')) as { version?: unknown };
  if (typeof pkg.version !== 'string') throw new Error(`swagger-ui-dist at ${dir} has no version`);
  return {
    version: pkg.version,
    bundle: read('swagger-ui-bundle.js'),
    style: read('swagger-ui.css'),
    licence: read('LICENSE'),
  };
}

/** Starts Swagger UI on the embedded description: no network (no validator badge), every operation listed. */
const START = `window.addEventListener("load",function(){window.ui=SwaggerUIBundle({spec:window.JASPAR_OPENAPI,dom_id:"#docs",validatorUrl:null,deepLinking:false,docExpansion:"list",defaultModelsExpandDepth:0});});\n`;

/** The description as a script; `<` escaped so no text in it can close a script element. */
const descriptionScript = (doc: JsonObject): string =>
  `window.JASPAR_OPENAPI=${JSON.stringify(doc).replace(/</g, '\\u003c')};\n`;

function docsPage(withLanding: boolean, version: string): string {
  const page = DOCS_DOCUMENT.variants[0]!.file;
  // By the site root, so the links work at /api/v1/docs/ and at the page's file alike (same depth).
  const href = (file: string) => esc(`${rootOf(page)}${file}`);
  const home = withLanding ? `<a href="${href(LANDING_FILE)}">JASPAR REST API</a> · ` : '';
  return [
    ...documentHead('API documentation · JASPAR REST API', [
      `<link rel="stylesheet" href="${href(DOCS_FILES.style)}">`,
    ]),
    '<body>',
    `<p style="font-family:sans-serif;margin:1em 20px">${home}OpenAPI description: <a href="${href(SCHEMA_DOCUMENT.variants[0]!.file)}">JSON</a>, <a href="${href(SCHEMA_DOCUMENT.variants[1]!.file)}">YAML</a> (at <code>/api/v1/schema/</code>) · rendered by Swagger UI ${esc(version)}</p>`,
    '<div id="docs"></div>',
    `<script src="${href(DOCS_FILES.library)}"></script>`,
    `<script src="${href(DOCS_FILES.description)}"></script>`,
    `<script src="${href(DOCS_FILES.start)}"></script>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/** Every file of the API's documents for the description `doc`; `withLanding` when the site has a landing page to link. */
export function documentFiles(
  doc: JsonObject,
  withLanding: boolean,
  renderer: Renderer = swaggerUi(),
): { path: string; content: string }[] {
  const [json, yaml] = SCHEMA_DOCUMENT.variants;
  return [
    { path: json!.file, content: `${JSON.stringify(doc, null, 2)}\n` },
    { path: yaml!.file, content: toYaml(doc) },
    { path: DOCS_DOCUMENT.variants[0]!.file, content: docsPage(withLanding, renderer.version) },
    {
      path: DOCS_FILES.library,
      content: `/*! Swagger UI ${renderer.version} | Apache-2.0 | licence: swagger-ui.LICENSE.txt */\n${renderer.bundle}`,
    },
    { path: DOCS_FILES.style, content: renderer.style },
    { path: DOCS_FILES.licence, content: renderer.licence },
    { path: DOCS_FILES.description, content: descriptionScript(doc) },
    { path: DOCS_FILES.start, content: START },
  ];
}
