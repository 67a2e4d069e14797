/**
 * The API's own documents (docs/api-decisions.md, "OpenAPI description", "The API's own
 * documents"): the OpenAPI description at `/api/v1/schema/`, the documentation page and the Core
 * API documents at `/api/v1/docs/` and `/api/v1/doc/` (by Accept), their `schema.js`, and the
 * pages clients reach (`live-api`, `home`, `overview`, `clients`). All are files the build
 * writes (src/site/openapi/, src/site/coreapi/); every host serves them at these paths:
 * the request runtime (src/runtime/resolve.ts) and the rules tier's configurations read this
 * table. A leaf module, runtime-safe subset (docs/runtime.md): plain data and functions.
 */

export interface DocumentVariant {
  /** The `format=` value that picks it; the first variant is served when none is named and Accept picks no other. */
  readonly format: string;
  /** The site file. */
  readonly file: string;
  readonly mediaType: string;
  /** Media types an Accept header picks it by, lower case (documents negotiated by Accept; empty for none). */
  readonly accept: readonly string[];
}

export interface ApiDocument {
  /** Its path below `/api/v1/`, segments joined by `/` (a trailing slash is optional). */
  readonly segment: string;
  /** What it is (the OpenAPI description's summary of its path). */
  readonly summary: string;
  readonly variants: readonly DocumentVariant[];
}

/** A variant (no default parameter: njs 0.7 runs this module). */
const variant = (format: string, file: string, mediaType: string, accept: readonly string[]): DocumentVariant => ({
  format,
  file,
  mediaType,
  accept,
});

const HTML = 'text/html; charset=utf-8';
/** The Core API media types (contract §8.2): coreapi's clients send both, DRF answers the first. */
export const COREAPI_TYPE = 'application/coreapi+json';
const COREAPI_ACCEPT: readonly string[] = [COREAPI_TYPE, 'application/vnd.coreapi+json'];
const SCRIPT = 'application/javascript; charset=utf-8';

export const SCHEMA_DOCUMENT: ApiDocument = {
  segment: 'schema',
  summary: 'This OpenAPI description',
  variants: [
    variant('json', 'static/openapi/openapi.json', 'application/json', []),
    variant('yaml', 'static/openapi/openapi.yaml', 'application/yaml; charset=utf-8', []),
  ],
};

/**
 * The documentation page is three folders deep, as its URLs are (`static/openapi/docs/`,
 * `/api/v1/docs/`, `/api/v1/doc/`, `/api/v1/live-api/`), so its relative links to the site's
 * static folder work from each, and from `file://`. The documents live outside `files/` (the
 * API's responses) and `/api/` (which hosts route), so every host also serves them as plain
 * files, where pages link them.
 */
const DOCS_PAGE = 'static/openapi/docs/index.html';

/** Where the Core API documents and their scripts live (src/site/coreapi/). */
export const COREAPI_FILES = {
  docs: 'static/coreapi/docs.json',
  doc: 'static/coreapi/doc.json',
  docsScript: 'static/coreapi/docs-schema.js',
  docScript: 'static/coreapi/doc-schema.js',
} as const;

/**
 * `/api/v1/docs/`: the documentation page for a browser, the Core API document (sections at the
 * top level, as today's service) for a Core API client (contract §8.2).
 */
export const DOCS_DOCUMENT: ApiDocument = {
  segment: 'docs',
  summary: 'The documentation page (a browser) or the Core API document (a Core API client), by Accept',
  variants: [
    variant('api', DOCS_PAGE, HTML, []),
    variant('corejson', COREAPI_FILES.docs, COREAPI_TYPE, COREAPI_ACCEPT),
  ],
};

/** `/api/v1/doc/`: the same, in the 2018 code's form (every section under `v1`). */
export const DOC_DOCUMENT: ApiDocument = {
  segment: 'doc',
  summary: "The same, in the 2018 code's form: the Core API document's sections under v1",
  variants: [variant('api', DOCS_PAGE, HTML, []), variant('corejson', COREAPI_FILES.doc, COREAPI_TYPE, COREAPI_ACCEPT)],
};

/** Pages people and clients reach (contract §8.2), each the copy's own (src/site/coreapi/pages.ts). */
export const PAGE_DOCUMENTS: readonly ApiDocument[] = [
  // rbioapi's connection test GETs it and wants a 200: the same interactive browser.
  { segment: 'live-api', summary: 'The interactive API browser', variants: [variant('api', DOCS_PAGE, HTML, [])] },
  {
    segment: 'home',
    summary: "This copy's home page",
    variants: [variant('api', 'static/pages/home/index.html', HTML, [])],
  },
  {
    segment: 'overview',
    summary: 'The endpoints and formats',
    variants: [variant('api', 'static/pages/overview/index.html', HTML, [])],
  },
  {
    segment: 'clients',
    summary: 'How to use this copy with Core API clients, R, curl and jQuery',
    variants: [variant('api', 'static/pages/clients/index.html', HTML, [])],
  },
];

export const API_DOCUMENTS: readonly ApiDocument[] = [
  SCHEMA_DOCUMENT,
  DOCS_DOCUMENT,
  DOC_DOCUMENT,
  // The Core API document as base64 CoreJSON for the JavaScript client's `<script>` (as the 2018 code served).
  {
    segment: 'docs/schema.js',
    summary: 'The Core API document for the JavaScript client (base64 CoreJSON decoded into window.schema)',
    variants: [variant('js', COREAPI_FILES.docsScript, SCRIPT, [])],
  },
  {
    segment: 'doc/schema.js',
    summary: 'The same for the 2018 form',
    variants: [variant('js', COREAPI_FILES.docScript, SCRIPT, [])],
  },
].concat(PAGE_DOCUMENTS);

/** The document a path below `/api/v1/` names, or null. */
export function matchDocument(below: readonly string[]): ApiDocument | null {
  const path = below.join('/');
  for (let i = 0; i < API_DOCUMENTS.length; i++) if (API_DOCUMENTS[i]!.segment === path) return API_DOCUMENTS[i]!;
  return null;
}

/** Whether an Accept header (as sent, or null) names one of a variant's Accept types. */
export function acceptNames(accept: string | null, variant: DocumentVariant): boolean {
  if (accept === null) return false;
  const header = accept.toLowerCase();
  for (let i = 0; i < variant.accept.length; i++) if (header.indexOf(variant.accept[i]!) !== -1) return true;
  return false;
}

/**
 * The variant a request picks (docs/api-decisions.md, "The API's own documents"): the one its
 * `format` value names (an unknown value: null, → 404); with none, the first whose Accept types
 * the header names; else the first. One rule every host can follow, the rules tier included.
 */
export function documentVariant(
  doc: ApiDocument,
  format: string | null,
  accept: string | null,
): DocumentVariant | null {
  if (format === null || format === '') {
    for (let i = 1; i < doc.variants.length; i++) if (acceptNames(accept, doc.variants[i]!)) return doc.variants[i]!;
    return doc.variants[0]!;
  }
  for (let i = 0; i < doc.variants.length; i++) if (doc.variants[i]!.format === format) return doc.variants[i]!;
  return null;
}
