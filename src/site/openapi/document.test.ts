import { beforeAll, describe, expect, it } from 'vitest';
import {
  API_DOCUMENTS,
  DOCS_DOCUMENT,
  DOC_DOCUMENT,
  SCHEMA_DOCUMENT,
  documentVariant,
  matchDocument,
} from '../../api/documents.js';
import { FORMAT_NAMES, type FormatName } from '../../api/formats.js';
import { FILTER_DOCS, TFFM_FILTER_DOCS } from '../../api/resource-docs.js';
import { MATRIX_FILTERS, orderValues, RESOURCES, TFFM_FILTERS } from '../../api/resources.js';
import type { JsonObject } from '../../model/json.js';
import { defaultRouteOptions } from '../../plan/generate.js';
import { indexRelease, type ReleaseIndex } from '../../plan/release-index.js';
import type { SiteConfig } from '../../routes/site-data.js';
import { sampleRelease } from '../../../test/support/sample-release.js';
import { siteConfig } from '../write-site.js';
import { documentPath, openApiDocument, pathTemplate } from './document.js';

interface Param {
  name: string;
  in: string;
  description: string;
  schema: { enum?: string[]; examples?: unknown[] };
}
type Operation = { get: { parameters: Param[]; responses: Record<string, { content?: Record<string, unknown> }> } };

const site = (index: ReleaseIndex, formats: readonly FormatName[]): SiteConfig =>
  siteConfig(index.release, {
    ...defaultRouteOptions(),
    formats,
    withSites: true,
    baseUrl: 'https://jaspar.example.org',
    targets: [],
  });

describe('the OpenAPI description, from the tables', () => {
  let index: ReleaseIndex;
  let doc: JsonObject;
  let paths: Record<string, Operation>;
  beforeAll(async () => {
    index = indexRelease(await sampleRelease());
    doc = openApiDocument(site(index, FORMAT_NAMES), index);
    paths = doc.paths as unknown as Record<string, Operation>;
  });

  it("has a path per resource of the table, and one per API document (the Core API's and the pages too)", () => {
    expect(Object.keys(paths).sort()).toEqual(
      [...RESOURCES.map(pathTemplate), ...API_DOCUMENTS.map((d) => documentPath(d.segment))].sort(),
    );
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/schema/',
        '/api/v1/docs/',
        '/api/v1/doc/',
        '/api/v1/doc/schema.js',
        '/api/v1/live-api/',
      ]),
    );
    expect(pathTemplate(RESOURCES.find((r) => r.name === 'matrix-detail')!)).toBe('/api/v1/matrix/{matrix_id}/');
    expect(doc.servers).toEqual([
      { url: 'https://jaspar.example.org', description: "This copy (the build's --base-url)." },
    ]);
  });

  it('gives every list exactly the filters it reads with their semantics (the TFFM list its own), and its orders as examples', () => {
    for (const r of RESOURCES) {
      if (r.kind !== 'list') continue;
      const params = paths[pathTemplate(r)]!.get.parameters;
      const query = params.filter((p) => p.in === 'query');
      const names = query.map((p) => p.name);
      const docs: Record<string, string> = r.items === 'tffm' ? TFFM_FILTER_DOCS : FILTER_DOCS;
      for (const f of MATRIX_FILTERS) {
        expect(names.includes(f), `${r.name} ${f}`).toBe((r.filters as readonly string[]).includes(f));
        if (names.includes(f)) expect(query.find((p) => p.name === f)!.description).toContain(docs[f]);
      }
      if (r.orders.length)
        expect(query.find((p) => p.name === 'order')!.schema.examples).toEqual(orderValues(r.orders));
      expect(names).toEqual(expect.arrayContaining(['page', 'page_size', 'format', 'release', 'callback']));
    }
    const tffm = paths['/api/v1/tffm/']!.get.parameters.filter((p) =>
      (TFFM_FILTERS as readonly string[]).includes(p.name),
    );
    expect(tffm.map((p) => p.name)).toEqual(['search', 'tax_group']);
    expect(tffm.every((p) => (p.schema.examples ?? []).length > 0)).toBe(true);
    const matrix = paths['/api/v1/matrix/']!.get.parameters;
    for (const f of ['class', 'family', 'type'])
      expect(matrix.find((p) => p.name === f)!.schema.examples!.length, f).toBeGreaterThan(0);
  });

  it('lists the formats this build wrote, with their media types', () => {
    const jsonOnly = openApiDocument(site(index, ['json', 'meme']), index).paths as unknown as Record<
      string,
      Operation
    >;
    const detail = jsonOnly['/api/v1/matrix/{matrix_id}/']!.get;
    expect(detail.parameters.find((p) => p.name === 'format')!.schema.enum).toEqual(['json', 'meme']);
    expect(Object.keys(detail.responses['200']!.content!)).toEqual(['application/json', 'text/meme']);
    expect(Object.keys(jsonOnly['/api/v1/tffm/']!.get.responses['200']!.content!)).toEqual(['application/json']);
  });

  it('is the same for the same input', () => {
    expect(JSON.stringify(openApiDocument(site(index, FORMAT_NAMES), index))).toBe(JSON.stringify(doc));
  });
});

describe('the API documents table', () => {
  it('matches one segment below /api/v1/ and picks a variant by format', () => {
    expect(matchDocument(['schema'])).toBe(SCHEMA_DOCUMENT);
    expect(matchDocument(['schema', 'x'])).toBeNull();
    expect(matchDocument(['matrix'])).toBeNull();
    expect(documentVariant(SCHEMA_DOCUMENT, null, null)!.format).toBe('json');
    expect(documentVariant(SCHEMA_DOCUMENT, '', null)!.format).toBe('json');
    expect(documentVariant(SCHEMA_DOCUMENT, 'yaml', null)!.mediaType).toBe('application/yaml; charset=utf-8');
    expect(documentVariant(SCHEMA_DOCUMENT, 'xml', null)).toBeNull();
  });

  it('picks the Core API document by Accept at docs/ and doc/, the page otherwise (contract §8.2)', () => {
    const coreapi = 'application/coreapi+json, application/vnd.coreapi+json, */*';
    for (const doc of [DOCS_DOCUMENT, DOC_DOCUMENT]) {
      expect(documentVariant(doc, null, coreapi)!.mediaType).toBe('application/coreapi+json');
      expect(documentVariant(doc, null, 'Application/VND.coreapi+JSON')!.format).toBe('corejson');
      expect(documentVariant(doc, null, 'text/html,application/xhtml+xml,*/*;q=0.8')!.format).toBe('api');
      expect(documentVariant(doc, null, null)!.format).toBe('api');
      expect(documentVariant(doc, null, '*/*')!.format).toBe('api');
      expect(documentVariant(doc, 'api', coreapi)!.format).toBe('api');
      expect(documentVariant(doc, 'corejson', 'text/html')!.format).toBe('corejson');
    }
    // The JSON schema's Accept picks nothing: schema/ is chosen by format= only.
    expect(documentVariant(SCHEMA_DOCUMENT, null, 'application/yaml')!.format).toBe('json');
    expect(matchDocument(['doc', 'schema.js'])!.variants[0]!.mediaType).toMatch(/^application\/javascript/);
    expect(matchDocument(['live-api'])!.variants[0]!.file).toBe(DOCS_DOCUMENT.variants[0]!.file);
  });
});
