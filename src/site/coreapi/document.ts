/**
 * The Core API documents of a built copy (contract §8.2; docs/api-decisions.md, "The API's own
 * documents"): what JASPAR's recommended clients (Python `coreapi`, its command line, the
 * JavaScript client) load first, then call by action (`matrix read`, `matrix list`). Generated
 * from the resource table (each row's Core API action, src/api/resource-docs.ts) and the very
 * parameters the OpenAPI description declares (src/site/openapi/parameters.ts), so a filter added
 * to the tables appears in both; the client refuses any parameter a link does not declare.
 * Pure and deterministic.
 */
import { API_DOCUMENTS, COREAPI_FILES, DOC_DOCUMENT, DOCS_DOCUMENT } from '../../api/documents.js';
import { UNOFFERED_ENDPOINTS } from '../../api/errors.js';
import { RESOURCE_DOCS } from '../../api/resource-docs.js';
import { RESOURCES } from '../../api/resources.js';
import { API_PREFIX } from '../../api/urls.js';
import type { Json, JsonObject } from '../../model/json.js';

/** A section being filled in. */
type Tree = { [key: string]: Json };
import type { ReleaseIndex } from '../../plan/release-index.js';
import type { SiteConfig } from '../../routes/site-data.js';
import { pathTemplate, present } from '../openapi/document.js';
import { parameters } from '../openapi/parameters.js';

/** The title JASPAR's own documents carry. */
export const COREAPI_TITLE = 'JASPAR RESTful API';

/** A Core API field from an OpenAPI parameter: its name, location, whether required, a string or integer schema. */
function field(p: JsonObject): JsonObject {
  const schema = (p.schema ?? {}) as JsonObject;
  return {
    name: p.name as string,
    ...(p.required === true ? { required: true } : {}),
    location: p.in === 'path' ? 'path' : 'query',
    schema: {
      _type: schema.type === 'integer' ? 'integer' : 'string',
      title: p.name as string,
      description: (p.description as string | undefined) ?? '',
    },
  };
}

const link = (url: string, description: string, fields: readonly JsonObject[]): JsonObject => ({
  _type: 'link',
  url,
  action: 'get',
  description,
  fields: [...fields],
});

/** Places `value` at `keys` in the tree (sections are plain objects until serialised). */
function place(tree: Tree, keys: readonly string[], value: JsonObject): void {
  let node = tree;
  for (const key of keys.slice(0, -1)) {
    node[key] ??= {};
    node = node[key] as Tree;
  }
  node[keys[keys.length - 1]!] = value;
}

/** CoreJSON's order (as DRF's codec writes it): sections first, then links, each by name. */
function ordered(node: JsonObject): JsonObject {
  const isLink = (v: Json | undefined) => (v as JsonObject | null)?._type === 'link';
  const keys = Object.keys(node).sort((a, b) => Number(isLink(node[a])) - Number(isLink(node[b])) || (a < b ? -1 : 1));
  const out: Tree = {};
  for (const k of keys) out[k] = isLink(node[k]) ? node[k]! : ordered(node[k] as JsonObject);
  return out;
}

/** The links of a site: every resource this release answers, and the endpoints no copy computes. */
function links(site: SiteConfig, index: ReleaseIndex): JsonObject {
  const tree: Tree = {};
  for (const r of RESOURCES.filter((r) => present(r, index))) {
    const doc = RESOURCE_DOCS[r.name];
    place(tree, doc.action, link(pathTemplate(r), doc.summary, parameters(r, site, index).map(field)));
  }
  for (const e of UNOFFERED_ENDPOINTS) {
    const sequence = field({ name: 'sequence', in: 'path', required: true, description: 'A protein sequence.' });
    // The copy answers these with its 404 refusal, which the client raises as an ErrorMessage.
    place(
      tree,
      [e.segment, 'read'],
      link(`${API_PREFIX}${e.segment}/{sequence}/`, JSON.parse(e.error.body).detail, [sequence]),
    );
  }
  return ordered(tree);
}

/** A document whose own URL is `url`: sections at the top level, or under `v1` (the 2018 form). */
function document(url: string, body: JsonObject, nested: boolean): JsonObject {
  return { _type: 'document', _meta: { url, title: COREAPI_TITLE }, ...(nested ? { v1: body } : body) };
}

/** The script the JavaScript client loads (`<script src=".../schema.js">`): the document as base64 CoreJSON, as DRF serves it. */
function schemaScript(doc: JsonObject): string {
  // Non-ASCII escaped, so atob's Latin-1 string is the JSON's own text.
  const json = JSON.stringify(doc).replace(
    /[\u007f-\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return [
    'var codec = new window.coreapi.codecs.CoreJSONCodec()',
    `var coreJSON = window.atob('${Buffer.from(json, 'latin1').toString('base64')}')`,
    'window.schema = codec.decode(coreJSON)',
    '',
  ].join('\n');
}

/** The address of a script document: a script has no address of its own to resolve links against. */
const address = (site: SiteConfig, segment: string) => `${site.baseUrl}${API_PREFIX}${segment}`;

/** Every file of the Core API documents for a site; `index` is its newest release's. */
export function coreApiFiles(site: SiteConfig, index: ReleaseIndex): { path: string; content: string }[] {
  const body = links(site, index);
  const out: { path: string; content: string }[] = [];
  for (const [doc, file, script, nested] of [
    [DOCS_DOCUMENT, COREAPI_FILES.docs, COREAPI_FILES.docsScript, false],
    [DOC_DOCUMENT, COREAPI_FILES.doc, COREAPI_FILES.docScript, true],
  ] as const) {
    // A path, not an address: a client resolves it (and every link) against the address it loaded the
    // document from, so a copy answers its own clients wherever it is served (docs/api-decisions.md).
    out.push({ path: file, content: JSON.stringify(document(`${API_PREFIX}${doc.segment}/`, body, nested)) });
    const scriptSegment = `${doc.segment}/schema.js`;
    if (!API_DOCUMENTS.some((d) => d.segment === scriptSegment)) throw new Error(`no document ${scriptSegment}`);
    out.push({ path: script, content: schemaScript(document(address(site, scriptSegment), body, nested)) });
  }
  return out;
}
