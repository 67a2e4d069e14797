/**
 * The declarative resource table (style pattern 3): every endpoint the static API serves,
 * with its URL segments, its orders, its instances in a release and how its data is made.
 * The route generator expands it; nothing here does I/O.
 */
import { matrixDetail, matrixListRecord, tffmDetail, tffmListRecord, type TffmFiles } from '../api/records.js';
import type { OrderField } from '../api/order.js';
import type { Json, JsonObject } from '../model/json.js';
import type { Matrix, Tffm } from '../model/types.js';
import type { ReleaseIndex } from './release-index.js';
import type { Params } from './route.js';

export interface RecordContext {
  readonly baseUrl: string;
  readonly tffmFiles: TffmFiles;
}

/** A paginated list endpoint. Methods (not function properties) so specs of any item type fit. */
export interface ListResource<T> {
  readonly kind: 'list';
  readonly name: string;
  /** URL segments below /api/v1/; `:name` is a parameter. */
  readonly segments: readonly string[];
  readonly orders: readonly OrderField<T>[];
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

const matrixList: ListResource<Matrix> = {
  kind: 'list',
  name: 'matrix-list',
  segments: ['matrix'],
  orders: MATRIX_ORDERS,
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
  data: (m, ctx, index) => matrixDetail(m, ctx.baseUrl, index.tffmByMatrix.get(m.matrixId), null),
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

/**
 * Every resource, most specific URL pattern first within a prefix (hosts match in this order).
 */
export const RESOURCES: readonly Resource[] = [
  matrixList as ListResource<unknown>,
  matrixVersions as DetailResource<unknown>,
  matrixDetailResource as DetailResource<unknown>,
  tffmList as ListResource<unknown>,
  tffmDetailResource as DetailResource<unknown>,
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
