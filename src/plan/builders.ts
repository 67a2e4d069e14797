/**
 * The build's side of the resource table (src/api/resources.ts): how each kind of list record,
 * each list instance and each detail is made from a release. Pure; the site writer renders what
 * these return through the format registry, and the index (src/plan/index-data.ts) records them
 * for the runtime.
 */
import {
  matrixDetail,
  matrixListRecord,
  taxIdJson,
  tffmDetail,
  tffmListRecord,
  type TffmFiles,
} from '../api/records.js';
import { apiUrl } from '../api/urls.js';
import { releaseId, releaseRecord, type ServedRelease } from '../api/releases.js';
import type { DetailName, ItemKind, ListName, ResourceDescriptor } from '../api/resources.js';
import { isSafeSegment } from '../segments.js';
import type { Params } from '../routes/route.js';
import type { SortValue } from '../api/order.js';
import type { Json, JsonObject } from '../model/json.js';
import type { Matrix, Tffm } from '../model/types.js';
import type { ReleaseIndex, SpeciesEntry } from './release-index.js';

export interface RecordContext {
  readonly baseUrl: string;
  readonly tffmFiles: TffmFiles;
}

/** A named group (a collection, a tax group). */
export interface Named {
  readonly name: string;
}

/** The type of the items of each kind. */
export interface ItemTypes {
  readonly matrix: Matrix;
  readonly tffm: Tffm;
  readonly collection: Named;
  readonly taxon: Named;
  readonly species: SpeciesEntry;
  /** Releases of /api/v1/releases/ (ReleaseIndex.served). */
  readonly release: ServedRelease;
}

/** How the records of one item kind are made. */
export interface ItemSource<T> {
  /** Every item of the release, in the default (dump key) order. */
  readonly items: (index: ReleaseIndex) => readonly T[];
  readonly record: (item: T, ctx: RecordContext) => JsonObject;
  /** The matrix a record shows (matrix records), else null. */
  readonly matrix: (item: T) => Matrix | null;
  /** Per order field of its lists, the value it sorts by (contract §3). */
  readonly orderValues: { readonly [field: string]: (item: T) => SortValue };
}

const names = (groups: ReadonlyMap<string, unknown>): Named[] => [...groups.keys()].map((name) => ({ name }));

function namedSource(
  segment: string,
  groups: (index: ReleaseIndex) => ReadonlyMap<string, unknown>,
): ItemSource<Named> {
  return {
    items: (index) => names(groups(index)),
    record: (n, ctx) => ({ name: n.name, url: apiUrl(ctx.baseUrl, `${segment}/${n.name}/`) }),
    matrix: () => null,
    orderValues: {},
  };
}

export const ITEM_SOURCES: { readonly [K in ItemKind]: ItemSource<ItemTypes[K]> } = {
  matrix: {
    items: (index) => index.release.matrices,
    record: (m, ctx) => matrixListRecord(m, ctx.baseUrl),
    matrix: (m) => m,
    orderValues: {
      name: (m) => m.name,
      base_id: (m) => m.baseId,
      collection: (m) => m.collection,
      version: (m) => m.version,
    },
  },
  tffm: {
    items: (index) => index.release.tffms,
    record: (t, ctx) => tffmListRecord(t, ctx.baseUrl),
    matrix: () => null,
    orderValues: {
      name: (t) => t.name,
      base_id: (t) => t.baseId,
      version: (t) => t.version,
      matrix_base_id: (t) => t.matrixBaseId,
      matrix_version: (t) => t.matrixVersion,
      log_p_1st_order: (t) => t.logP1stOrder,
      log_p_detailed: (t) => t.logPDetailed,
      experiment_name: (t) => t.experimentName,
    },
  },
  collection: namedSource('collections', (index) => index.collections),
  taxon: namedSource('taxon', (index) => index.taxGroups),
  species: {
    items: (index) => index.species,
    record: (s, ctx) => {
      const url = apiUrl(ctx.baseUrl, `species/${s.taxId}/`);
      return { tax_id: taxIdJson(s.taxId), species: s.name, url, matrix_url: url };
    },
    matrix: () => null,
    orderValues: {},
  },
  release: {
    items: (index) => index.served,
    record: (r, ctx) => releaseRecord(r, ctx.baseUrl),
    matrix: () => null,
    orderValues: {},
  },
};

/** One instance of a list: its `:id` ('' when none) and its matrices, or all the items of its kind. */
export interface ListInstance {
  readonly id: string;
  readonly items: readonly Matrix[] | 'all';
}

const all: readonly ListInstance[] = [{ id: '', items: 'all' }];
const groups = (m: ReadonlyMap<string, readonly Matrix[]>): ListInstance[] =>
  [...m].map(([id, items]) => ({ id, items }));

/** The instances of each list in a release. */
export const LIST_INSTANCES: { readonly [L in ListName]: (index: ReleaseIndex) => readonly ListInstance[] } = {
  'matrix-list': () => all,
  'tffm-list': () => all,
  'collection-list': () => all,
  'collection-matrices': (index) => groups(index.collections),
  'taxon-list': () => all,
  'taxon-matrices': (index) => groups(index.taxGroups),
  'species-list': () => all,
  'species-matrices': (index) => index.species.map((s) => ({ id: s.taxId, items: s.matrices })),
  'release-list': () => all,
};

/** How one detail resource's instances and data are made. */
export interface DetailSource<T> {
  readonly instances: (index: ReleaseIndex) => readonly { readonly id: string; readonly item: T }[];
  readonly data: (item: T, ctx: RecordContext, index: ReleaseIndex) => Json;
  /** The matrices it shows (matrix formats), or null. */
  readonly matrices: (item: T) => readonly Matrix[] | null;
  /** The index of the items it shows, for the runtime: matrices, or the TFFM. */
  readonly shows: (item: T) => readonly (Matrix | Tffm)[];
}

/**
 * A matrix detail (`/matrix/<id>/`): the matrix whose detail record it answers and the matrices
 * its text formats show. For a matrix id, that matrix; for a base id without a version (contract
 * §8.3), its latest version's record and every version, ascending.
 */
export interface MatrixDetailItem {
  readonly matrix: Matrix;
  readonly shown: readonly Matrix[];
}

/** The type of each detail's item. */
export interface DetailTypes {
  readonly 'matrix-versions': readonly Matrix[];
  readonly 'matrix-detail': MatrixDetailItem;
  readonly 'tffm-detail': Tffm;
  readonly 'sites-detail': Matrix;
  readonly 'release-detail': ServedRelease;
  readonly 'api-root': null;
}

/** The endpoints the API root links to, in its order. */
const ROOT_LINKS: readonly (readonly [string, string])[] = [
  ['matrix', 'matrix/'],
  ['tffm', 'tffm/'],
  ['collections', 'collections/'],
  ['taxon', 'taxon/'],
  ['species', 'species/'],
  ['releases', 'releases/'],
];

export const DETAIL_SOURCES: { readonly [D in DetailName]: DetailSource<DetailTypes[D]> } = {
  'matrix-versions': {
    instances: (index) => [...index.versions].map(([id, item]) => ({ id, item })),
    data: (ms, ctx) => ({ count: ms.length, results: ms.map((m) => matrixListRecord(m, ctx.baseUrl, true)) }),
    matrices: (ms) => ms,
    shows: (ms) => ms,
  },
  'matrix-detail': {
    // Matrix ids first, in the release's order (their positions are the logos' too), then base ids.
    instances: (index) => [
      ...index.release.matrices.map((m) => ({ id: m.matrixId, item: { matrix: m, shown: [m] } })),
      ...[...index.versions].map(([baseId, ms]) => ({ id: baseId, item: { matrix: ms[ms.length - 1]!, shown: ms } })),
    ],
    data: ({ matrix: m }, ctx, index) =>
      matrixDetail(
        m,
        ctx.baseUrl,
        index.tffmByMatrix.get(m.matrixId),
        m.sites ? apiUrl(ctx.baseUrl, `sites/${m.matrixId}/`) : null,
      ),
    matrices: (item) => item.shown,
    shows: (item) => item.shown,
  },
  'tffm-detail': {
    instances: (index) => index.release.tffms.map((t) => ({ id: t.tffmId, item: t })),
    data: (t, ctx) => tffmDetail(t, ctx.baseUrl, ctx.tffmFiles),
    matrices: () => null,
    shows: (t) => [t],
  },
  'sites-detail': {
    instances: (index) =>
      index.release.matrices.filter((m) => m.sites !== null).map((m) => ({ id: m.matrixId, item: m })),
    data: (m) => ({
      matrix_id: m.matrixId,
      name: m.name,
      sites: (m.sites?.fasta ?? []).map((f) => ({ id: f.id, sequence: f.sequence, site: f.site })),
      regions: (m.sites?.bed ?? []).map((r) => ({
        chrom: r.chrom,
        start: r.start,
        end: r.end,
        name: r.name,
        score: r.score,
        strand: r.strand,
      })),
    }),
    matrices: () => null,
    shows: (m) => [m],
  },
  'release-detail': {
    // A release with no number whose name cannot be a URL segment has no detail page.
    instances: (index) =>
      index.served.filter((r) => isSafeSegment(releaseId(r))).map((r) => ({ id: releaseId(r), item: r })),
    data: (r, ctx) => releaseRecord(r, ctx.baseUrl),
    matrices: () => null,
    shows: () => [],
  },
  'api-root': {
    instances: () => [{ id: '', item: null }],
    data: (_x, ctx) => Object.fromEntries(ROOT_LINKS.map(([k, path]) => [k, apiUrl(ctx.baseUrl, path)])),
    matrices: () => null,
    shows: () => [],
  },
};

/** Every instance of a resource in a release: its parameters and, for a list, its number of records. */
export function resourceInstances(
  resource: ResourceDescriptor,
  index: ReleaseIndex,
): { params: Params; count: number }[] {
  const params = (id: string): Params => (resource.segments.includes(':id') ? { id } : {});
  if (resource.kind === 'list') {
    const all = ITEM_SOURCES[resource.items].items(index).length;
    return LIST_INSTANCES[resource.name](index).map((i) => ({
      params: params(i.id),
      count: i.items === 'all' ? all : i.items.length,
    }));
  }
  return DETAIL_SOURCES[resource.name].instances(index).map((i) => ({ params: params(i.id), count: 0 }));
}
