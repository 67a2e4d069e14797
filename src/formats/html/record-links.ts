/**
 * Typed links of list records: per kind of record, which of its fields name a page or a file
 * of the site, as a route or a site file computed from the record's own ids — no URL parsing.
 * Each target is checked against the URL the record carries, so a page never links elsewhere
 * than its JSON says. The TFFM list's `matrix_url` names no page (a JASPAR quirk: it is built
 * from the TFFM id), so it stays text.
 */
import { BROWSABLE_FORMAT } from '../../api/formats.js';
import type { ItemKind } from '../../api/resources.js';
import { logoFile } from '../../logos/files.js';
import { isSafeSegment } from '../../segments.js';
import type { JsonObject } from '../../model/json.js';
import { resourcePath } from '../../routes/paths.js';
import type { DetailRoute, ListRoute } from '../../routes/route.js';
import type { LinkTarget } from './runtime-safe/links.js';

/** One linking field of a record. */
export interface RecordLink {
  readonly key: string;
  /** The absolute URL the record carries in that field. */
  readonly url: string;
  readonly target: LinkTarget;
}

const HTML = BROWSABLE_FORMAT;

const detail = (resource: DetailRoute['resource'], id: string): LinkTarget => ({
  route: { kind: 'detail', resource, params: { id }, format: HTML },
});

const listPage = (resource: ListRoute['resource'], id: string): LinkTarget => ({
  route: {
    kind: 'list',
    resource,
    params: { id },
    filters: {},
    order: null,
    page: 1,
    pageSize: null,
    format: HTML,
    formatInQuery: true,
  },
});

const text = (rec: JsonObject, key: string): string => {
  const v = rec[key];
  if (typeof v !== 'string' && typeof v !== 'number') throw new Error(`a list record lacks its ${key}`);
  return String(v);
};

/** Per kind: the linking fields and their targets, in record order. */
const TARGETS: { readonly [K in ItemKind]: (rec: JsonObject) => readonly (readonly [string, LinkTarget])[] } = {
  matrix: (rec) => [
    ['sequence_logo', { file: logoFile(text(rec, 'matrix_id'), 'forward') }],
    ['url', detail('matrix-detail', text(rec, 'matrix_id'))],
  ],
  tffm: (rec) => [['tffm_url', detail('tffm-detail', text(rec, 'tffm_id'))]],
  collection: (rec) => [['url', listPage('collection-matrices', text(rec, 'name'))]],
  taxon: (rec) => [['url', listPage('taxon-matrices', text(rec, 'name'))]],
  species: (rec) => [
    ['url', listPage('species-matrices', text(rec, 'tax_id'))],
    ['matrix_url', listPage('species-matrices', text(rec, 'tax_id'))],
  ],
  release: (rec) => {
    const id = rec.release_number === null ? text(rec, 'name') : text(rec, 'release_number');
    return isSafeSegment(id) ? [['url', detail('release-detail', id)]] : [];
  },
};

/** The absolute URL a target is known by in API data. */
function targetUrl(target: LinkTarget, baseUrl: string): string {
  return 'file' in target
    ? `${baseUrl}/${target.file}`
    : `${baseUrl}${resourcePath(target.route.resource, target.route.params)}`;
}

/** The links of a record of `kind`; throws when a field does not carry the URL of its target. */
export function recordLinks(kind: ItemKind, rec: JsonObject, baseUrl: string): RecordLink[] {
  return TARGETS[kind](rec).map(([key, target]) => {
    const url = rec[key];
    const expected = targetUrl(target, baseUrl);
    if (url !== expected)
      throw new Error(`the ${kind} record's ${key} is ${JSON.stringify(url)}, but its page is ${expected}`);
    return { key, url, target };
  });
}
