/**
 * The API's own documents (docs/api-decisions.md, "OpenAPI description"): the OpenAPI
 * description at `/api/v1/schema/` and its interactive documentation at `/api/v1/docs/`.
 * Both are files the build writes (src/site/openapi/); every host serves them at these paths:
 * the request runtime (src/runtime/resolve.ts) and the rules tier's configurations read this
 * table. A leaf module, runtime-safe subset (docs/runtime.md): plain data and functions.
 */

export interface DocumentVariant {
  /** The `format=` value that picks it; the first variant is served when none is named. */
  readonly format: string;
  /** The site file. */
  readonly file: string;
  readonly mediaType: string;
}

export interface ApiDocument {
  /** The one segment below `/api/v1/` (a trailing slash is optional). */
  readonly segment: string;
  readonly variants: readonly DocumentVariant[];
}

export const SCHEMA_DOCUMENT: ApiDocument = {
  segment: 'schema',
  variants: [
    { format: 'json', file: 'static/openapi/openapi.json', mediaType: 'application/json' },
    { format: 'yaml', file: 'static/openapi/openapi.yaml', mediaType: 'application/yaml; charset=utf-8' },
  ],
};

/**
 * The page is three folders deep, as its URL is (`static/openapi/docs/` and `/api/v1/docs/`),
 * so its relative links to the site's static folder work from both, and from `file://`. The
 * documents live outside `files/` (the API's responses) and `/api/` (which hosts route), so
 * every host also serves them as plain files, where pages link them.
 */
export const DOCS_DOCUMENT: ApiDocument = {
  segment: 'docs',
  variants: [{ format: 'api', file: 'static/openapi/docs/index.html', mediaType: 'text/html; charset=utf-8' }],
};

export const API_DOCUMENTS: readonly ApiDocument[] = [SCHEMA_DOCUMENT, DOCS_DOCUMENT];

/** The document a path below `/api/v1/` names (one segment), or null. */
export function matchDocument(below: readonly string[]): ApiDocument | null {
  if (below.length !== 1) return null;
  for (let i = 0; i < API_DOCUMENTS.length; i++) if (API_DOCUMENTS[i]!.segment === below[0]) return API_DOCUMENTS[i]!;
  return null;
}

/** The variant a `format` value picks (null or '' = the first), or null (→ 404). */
export function documentVariant(doc: ApiDocument, format: string | null): DocumentVariant | null {
  if (format === null || format === '') return doc.variants[0]!;
  for (let i = 0; i < doc.variants.length; i++) if (doc.variants[i]!.format === format) return doc.variants[i]!;
  return null;
}
