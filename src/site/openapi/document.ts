/**
 * The OpenAPI 3.1 description of a built copy (docs/api-decisions.md, "OpenAPI description"),
 * generated from the resource table (paths, ids, orders, filters), the format table (media
 * types per resource), the error table and the API's own documents; record schemas from
 * schemas.ts, parameters from parameters.ts. Its `servers` entry is the build's `--base-url`.
 * Pure and deterministic: the same site and release give the same bytes.
 */
import { API_DOCUMENTS } from '../../api/documents.js';
import { negotiatedType, type FormatName } from '../../api/formats.js';
import { RESOURCE_DOCS } from '../../api/resource-docs.js';
import { RESOURCES, type ItemKind, type ResourceDescriptor } from '../../api/resources.js';
import type { JsonObject } from '../../model/json.js';
import { resourceInstances } from '../../plan/builders.js';
import type { ReleaseIndex } from '../../plan/release-index.js';
import type { SiteConfig } from '../../routes/site-data.js';
import { resourceFormats } from '../../routes/applies.js';
import { parameters } from './parameters.js';
import { DETAIL_SCHEMAS, ERROR_SCHEMA, listEnvelope, RECORD_SCHEMAS, ref } from './schemas.js';
import { API_PREFIX } from '../../api/urls.js';

const pascal = (name: string): string =>
  name
    .split(/[-_]/)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('');
const recordName = (kind: ItemKind): string => `${pascal(kind)}Record`;
const pageName = (kind: ItemKind): string => `${pascal(kind)}Page`;

/** The URL template of a resource: `:id` named as its documentation says. */
export function pathTemplate(r: ResourceDescriptor): string {
  const id = RESOURCE_DOCS[r.name].id;
  const segments = r.segments.map((s) => (s === ':id' ? `{${id === null ? 'id' : id.name}}` : s));
  return `${API_PREFIX}${segments.map((s) => `${s}/`).join('')}`;
}

/** The errors every operation may answer (contract §3–§8), as shared responses. */
const ERROR_RESPONSES: readonly (readonly [string, string, string])[] = [
  ['400', 'BadRequest', 'A request that cannot be read (a malformed path, an invalid JSONP callback name).'],
  [
    '404',
    'NotFound',
    'Unknown id (`Not found.`), a page out of range (`Invalid page.`), a release this copy does not serve, an unknown format; on a static host that serves only prebuilt pages, a query it has no page for (its detail names the hosts that answer it).',
  ],
  ['406', 'NotAcceptable', 'No format of this resource matches the Accept header.'],
  ['414', 'UriTooLong', 'A request target longer than 8192 characters.'],
];

/** What each format's body is, against the JSON schema of the response (total over the format table). */
const BODY: { readonly [F in FormatName]: 'data' | 'script' | 'text' } = {
  json: 'data',
  jsonp: 'script',
  yaml: 'data',
  jaspar: 'text',
  transfac: 'text',
  pfm: 'text',
  meme: 'text',
  bed: 'text',
  api: 'text',
};

function content(format: FormatName, json: JsonObject): [string, JsonObject] {
  const body = BODY[format];
  const schema: JsonObject =
    body === 'data'
      ? json
      : body === 'script'
        ? { type: 'string', description: 'JavaScript: `<callback>(<the JSON body>);`' }
        : { type: 'string' };
  return [negotiatedType(format), { schema }];
}

function operation(r: ResourceDescriptor, site: SiteConfig, index: ReleaseIndex): JsonObject {
  const body = r.kind === 'list' ? ref(pageName(r.items)) : ref(pascal(r.name));
  const ok = Object.fromEntries(resourceFormats(r, site).map((f) => content(f, body)));
  return {
    get: {
      operationId: r.name,
      summary: RESOURCE_DOCS[r.name].summary,
      tags: [r.segments[0] ?? 'root'],
      parameters: parameters(r, site, index),
      responses: {
        200: { description: r.kind === 'list' ? 'One page of the list.' : 'The resource.', content: ok },
        ...Object.fromEntries(
          ERROR_RESPONSES.map(([status, name]) => [status, { $ref: `#/components/responses/${name}` }]),
        ),
      },
    },
  };
}

/** A document's path: with a trailing slash, as the API's addresses, but for a file name (`schema.js`). */
export const documentPath = (segment: string): string =>
  `${API_PREFIX}${segment}${/\.[a-z]+$/.test(segment) ? '' : '/'}`;

/** The description's own paths: the API's documents. */
function documentPaths(): [string, JsonObject][] {
  return API_DOCUMENTS.map((doc) => [
    documentPath(doc.segment),
    {
      get: {
        operationId: `${doc.segment.replace(/[/.]/g, '-')}-document`,
        summary: doc.summary,
        tags: ['about'],
        parameters: [
          {
            name: 'format',
            in: 'query',
            required: false,
            description:
              doc.variants.length > 1 && doc.variants.some((v) => v.accept.length > 0)
                ? `Which form; without it, the Accept header picks (${doc.variants
                    .flatMap((v) => v.accept)
                    .join(', ')}: the ${doc.variants.find((v) => v.accept.length > 0)!.format} form), else the first.`
                : 'Which form (default: the first).',
            schema: { type: 'string', enum: doc.variants.map((v) => v.format) },
          },
        ],
        responses: {
          200: {
            description: 'The document.',
            content: Object.fromEntries(
              doc.variants.map((v) => [
                v.mediaType.split(';')[0]!,
                { schema: v.format === 'json' || v.accept.length > 0 ? { type: 'object' } : { type: 'string' } },
              ]),
            ),
          },
          404: { $ref: '#/components/responses/NotFound' },
        },
      },
    },
  ]);
}

/** Whether a resource answers anything in this release (a resource with an id and no instance answers nothing). */
export const present = (r: ResourceDescriptor, index: ReleaseIndex): boolean =>
  !r.segments.includes(':id') || resourceInstances(r, index).length > 0;

/** The description of a site; `index` is its newest release's (examples come from it). */
export function openApiDocument(site: SiteConfig, index: ReleaseIndex): JsonObject {
  const resources = RESOURCES.filter((r) => present(r, index));
  const kinds = [...new Set(resources.flatMap((r) => (r.kind === 'list' ? [r.items] : [])))];
  const schemas: Record<string, JsonObject> = { Error: ERROR_SCHEMA };
  for (const kind of kinds) {
    schemas[recordName(kind)] = RECORD_SCHEMAS[kind];
    schemas[pageName(kind)] = listEnvelope(ref(recordName(kind)));
  }
  for (const r of resources) if (r.kind === 'detail') schemas[pascal(r.name)] = DETAIL_SCHEMAS[r.name];
  const names = site.releases.map((r) => r.name).join(', ');
  return {
    openapi: '3.1.0',
    info: {
      title: 'JASPAR REST API (static copy)',
      version: names,
      description: `A copy of JASPAR's REST API (${names}) built by jaspar-static. Hosts that run code per request answer every query; static hosts serve the prebuilt pages and refuse the rest with a 404 whose detail says so. Every answer carries \`Vary: Accept\` and \`Access-Control-Allow-Origin: *\`.`,
    },
    servers: [{ url: site.baseUrl, description: "This copy (the build's --base-url)." }],
    paths: Object.fromEntries([
      ...resources.map((r): [string, JsonObject] => [pathTemplate(r), operation(r, site, index)]),
      ...documentPaths(),
    ]),
    components: {
      schemas,
      responses: Object.fromEntries(
        ERROR_RESPONSES.map(([, name, description]) => [
          name,
          { description, content: { 'application/json': { schema: ref('Error') } } },
        ]),
      ),
    },
  };
}
