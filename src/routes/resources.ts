/**
 * The declarative resource table (style pattern 3): every endpoint the static API serves,
 * with its URL segments, its orders, its instances in a release and how its data is made.
 * The route generator expands it; nothing here does I/O.
 */
import { matrixDetail, matrixListRecord, taxIdJson, tffmDetail, tffmListRecord, type TffmFiles } from '../api/records.js';
import { apiUrl } from '../api/urls.js';
import type { OrderField } from '../api/order.js';
import type { Json, JsonObject } from '../model/json.js';
import type { Matrix, Tffm } from '../model/types.js';
import { groupSorted, taxGroupsOf, type ReleaseIndex, type SpeciesEntry } from './release-index.js';
import type { Params } from './route.js';

export interface RecordContext {
  readonly baseUrl: string;
  readonly tffmFiles: TffmFiles;
  /** The one record of /api/v1/releases/. */
  readonly releaseRecord: JsonObject;
}

/**
 * A filter a list accepts as a query parameter (`?collection=CORE`), prebuilt for every value
 * that selects at least one item.
 */
export interface ListFilter<T> {
  readonly key: string;
  /** Case the stored values use, for hosts that can normalise the query value (`core` → CORE). */
  readonly fold?: 'upper' | 'lower';
  /** When set, the only values the filter accepts (`version=latest`); other values are 404. */
  readonly literals?: readonly string[];
  /** Split items (kept in their order) into the groups each value selects. */
  split(items: readonly T[]): Map<string, readonly T[]>;
}

/** A paginated list endpoint. Methods (not function properties) so specs of any item type fit. */
export interface ListResource<T> {
  readonly kind: 'list';
  readonly name: string;
  /** URL segments below /api/v1/; `:name` is a parameter. */
  readonly segments: readonly string[];
  readonly orders: readonly OrderField<T>[];
  /** Query filters, in the order they are applied (a later one works within the earlier ones). */
  readonly filters: readonly ListFilter<T>[];
  /** Whether its items are matrices (so the matrix text formats apply). */
  readonly hasMatrices: boolean;
  /** Every instance in the release: its parameters and items in the default order. */
  instances(index: ReleaseIndex): Iterable<{ params: Params; items: readonly T[] }>;
  record(item: T, ctx: RecordContext): JsonObject;
  matrixOf(item: T): Matrix | null;
}

/** A single-response endpoint. */
export interface DetailResource<T> {
  readonly kind: 'detail';
  readonly name: string;
  readonly segments: readonly string[];
  readonly hasMatrices: boolean;
  instances(index: ReleaseIndex): Iterable<{ params: Params; item: T }>;
  data(item: T, ctx: RecordContext, index: ReleaseIndex): Json;
  matricesOf(item: T, index: ReleaseIndex): readonly Matrix[] | null;
}

export type Resource = ListResource<unknown> | DetailResource<unknown>;

const text = <T>(name: string, get: (t: T) => string | null): OrderField<T> => ({ name, get });
const num = <T>(name: string, get: (t: T) => number | null): OrderField<T> => ({ name, get });

const MATRIX_ORDERS: readonly OrderField<Matrix>[] = [
  text('name', (m) => m.name),
  text('base_id', (m) => m.baseId),
  text('collection', (m) => m.collection),
  num('version', (m) => m.version),
];

const TFFM_ORDERS: readonly OrderField<Tffm>[] = [
  text('name', (t) => t.name),
  text('base_id', (t) => t.baseId),
  num('version', (t) => t.version),
  text('matrix_base_id', (t) => t.matrixBaseId),
  num('matrix_version', (t) => t.matrixVersion),
  num('log_p_1st_order', (t) => t.logP1stOrder),
  num('log_p_detailed', (t) => t.logPDetailed),
  text('experiment_name', (t) => t.experimentName),
];

/** The latest version of each base id among `ms`, in their order. */
function latestOnly(ms: readonly Matrix[]): Matrix[] {
  const latest = new Map<string, Matrix>();
  for (const m of ms) {
    const seen = latest.get(m.baseId);
    if (!seen || m.version > seen.version) latest.set(m.baseId, m);
  }
  return ms.filter((m) => latest.get(m.baseId) === m);
}

/** The filters of /api/v1/matrix/ (JASPAR's names), `version=latest` last: latest within the filtered set. */
export const MATRIX_FILTERS: readonly ListFilter<Matrix>[] = [
  { key: 'collection', fold: 'upper', split: (ms) => groupSorted(ms, (m) => [m.collection]) },
  { key: 'tax_group', fold: 'lower', split: (ms) => groupSorted(ms, taxGroupsOf) },
  { key: 'tax_id', split: (ms) => groupSorted(ms, (m) => m.species.map((s) => s.taxId)) },
  { key: 'version', literals: ['latest'], split: (ms) => new Map([['latest', latestOnly(ms)]]) },
];

/** JASPAR filters a static copy cannot prebuild: answered with 404 and a detail saying so. */
export const UNSUPPORTED_FILTERS: readonly string[] = ['search', 'name', 'tf_class', 'tf_family', 'data_type', 'release'];

const matrixList: ListResource<Matrix> = {
  kind: 'list',
  name: 'matrix-list',
  segments: ['matrix'],
  orders: MATRIX_ORDERS,
  filters: MATRIX_FILTERS,
  hasMatrices: true,
  *instances(index) {
    yield { params: {}, items: index.release.matrices };
  },
  record: (m, ctx) => matrixListRecord(m, ctx.baseUrl),
  matrixOf: (m) => m,
};

const tffmList: ListResource<Tffm> = {
  kind: 'list',
  name: 'tffm-list',
  segments: ['tffm'],
  orders: TFFM_ORDERS,
  filters: [],
  hasMatrices: false,
  *instances(index) {
    yield { params: {}, items: index.release.tffms };
  },
  record: (t, ctx) => tffmListRecord(t, ctx.baseUrl),
  matrixOf: () => null,
};

const matrixDetailResource: DetailResource<Matrix> = {
  kind: 'detail',
  name: 'matrix-detail',
  segments: ['matrix', ':id'],
  hasMatrices: true,
  *instances(index) {
    for (const m of index.release.matrices) yield { params: { id: m.matrixId }, item: m };
  },
  data: (m, ctx, index) => matrixDetail(m, ctx.baseUrl, index.tffmByMatrix.get(m.matrixId), m.sites ? apiUrl(ctx.baseUrl, `sites/${m.matrixId}/`) : null),
  matricesOf: (m) => [m],
};

const matrixVersions: DetailResource<readonly Matrix[]> = {
  kind: 'detail',
  name: 'matrix-versions',
  segments: ['matrix', ':id', 'versions'],
  hasMatrices: true,
  *instances(index) {
    for (const [baseId, ms] of index.versions) yield { params: { id: baseId }, item: ms };
  },
  data: (ms, ctx) => ({ count: ms.length, results: ms.map((m) => matrixListRecord(m, ctx.baseUrl, true)) }),
  matricesOf: (ms) => ms,
};

const tffmDetailResource: DetailResource<Tffm> = {
  kind: 'detail',
  name: 'tffm-detail',
  segments: ['tffm', ':id'],
  hasMatrices: false,
  *instances(index) {
    for (const t of index.release.tffms) yield { params: { id: t.tffmId }, item: t };
  },
  data: (t, ctx) => tffmDetail(t, ctx.baseUrl, ctx.tffmFiles),
  matricesOf: () => null,
};

/** The binding sites of one matrix, when the release ships them (docs/api-decisions.md). */
const sitesDetail: DetailResource<Matrix> = {
  kind: 'detail',
  name: 'sites-detail',
  segments: ['sites', ':id'],
  hasMatrices: false,
  *instances(index) {
    for (const m of index.release.matrices) if (m.sites) yield { params: { id: m.matrixId }, item: m };
  },
  data: (m) => ({
    matrix_id: m.matrixId,
    name: m.name,
    sites: (m.sites?.fasta ?? []).map((f) => ({ id: f.id, sequence: f.sequence, site: f.site })),
    regions: (m.sites?.bed ?? []).map((r) => ({ chrom: r.chrom, start: r.start, end: r.end, name: r.name, score: r.score, strand: r.strand })),
  }),
  matricesOf: () => null,
};

/** A list of names (collections, tax groups) linking to the matrices of each. */
interface Named {
  readonly name: string;
}

function namesList(name: string, segment: string, groups: (index: ReleaseIndex) => ReadonlyMap<string, readonly Matrix[]>): ListResource<Named> {
  return {
    kind: 'list',
    name,
    segments: [segment],
    orders: [],
    filters: [],
    hasMatrices: false,
    *instances(index) {
      yield { params: {}, items: [...groups(index).keys()].map((n) => ({ name: n })) };
    },
    record: (n, ctx) => ({ name: n.name, url: apiUrl(ctx.baseUrl, `${segment}/${n.name}/`) }),
    matrixOf: () => null,
  };
}

/** The matrices of one collection, tax group or species: a matrix list under another path. */
function matricesOf(name: string, segment: string, groups: (index: ReleaseIndex) => Iterable<readonly [string, readonly Matrix[]]>): ListResource<Matrix> {
  return {
    ...matrixList,
    name,
    segments: [segment, ':id'],
    filters: [],
    *instances(index) {
      for (const [id, items] of groups(index)) yield { params: { id }, items };
    },
  };
}

const speciesList: ListResource<SpeciesEntry> = {
  kind: 'list',
  name: 'species-list',
  segments: ['species'],
  orders: [],
  filters: [],
  hasMatrices: false,
  *instances(index) {
    yield { params: {}, items: index.species };
  },
  record: (s, ctx) => {
    const url = apiUrl(ctx.baseUrl, `species/${s.taxId}/`);
    return { tax_id: taxIdJson(s.taxId), species: s.name, url, matrix_url: url };
  },
  matrixOf: () => null,
};

interface ReleaseRecord {
  readonly name: string;
}

const releaseList: ListResource<ReleaseRecord> = {
  kind: 'list',
  name: 'release-list',
  segments: ['releases'],
  orders: [],
  filters: [],
  hasMatrices: false,
  *instances(index) {
    yield { params: {}, items: [{ name: index.release.info.name }] };
  },
  record: (_r, ctx) => ctx.releaseRecord,
  matrixOf: () => null,
};

/** The endpoints the API root links to, in its order. */
const ROOT_LINKS: readonly (readonly [string, string])[] = [
  ['matrix', 'matrix/'],
  ['tffm', 'tffm/'],
  ['collections', 'collections/'],
  ['taxon', 'taxon/'],
  ['species', 'species/'],
  ['releases', 'releases/'],
];

const apiRoot: DetailResource<null> = {
  kind: 'detail',
  name: 'api-root',
  segments: [],
  hasMatrices: false,
  *instances() {
    yield { params: {}, item: null };
  },
  data: (_x, ctx) => Object.fromEntries(ROOT_LINKS.map(([k, path]) => [k, apiUrl(ctx.baseUrl, path)])),
  matricesOf: () => null,
};

/**
 * Every resource, most specific URL pattern first within a prefix (hosts match in this order).
 */
export const RESOURCES: readonly Resource[] = [
  matrixList as ListResource<unknown>,
  matrixVersions as DetailResource<unknown>,
  matrixDetailResource as DetailResource<unknown>,
  tffmList as ListResource<unknown>,
  tffmDetailResource as DetailResource<unknown>,
  namesList('collection-list', 'collections', (i) => i.collections) as ListResource<unknown>,
  matricesOf('collection-matrices', 'collections', (i) => i.collections) as ListResource<unknown>,
  namesList('taxon-list', 'taxon', (i) => i.taxGroups) as ListResource<unknown>,
  matricesOf('taxon-matrices', 'taxon', (i) => i.taxGroups) as ListResource<unknown>,
  speciesList as ListResource<unknown>,
  matricesOf('species-matrices', 'species', (i) => i.species.map((s) => [s.taxId, s.matrices] as const)) as ListResource<unknown>,
  releaseList as ListResource<unknown>,
  sitesDetail as DetailResource<unknown>,
  apiRoot as DetailResource<unknown>,
];

const BY_NAME = new Map<string, Resource>(RESOURCES.map((r) => [r.name, r]));

export function resourceByName(name: string): Resource {
  const r = BY_NAME.get(name);
  if (!r) throw new Error(`unknown resource ${name}`);
  return r;
}

export function resourceSegments(name: string): readonly string[] {
  return resourceByName(name).segments;
}
