/**
 * The resource table as plain data (style pattern 3): every endpoint of the API, its URL
 * segments below `/api/v1/`, its kind, what its lists hold, their order fields and filters.
 * A leaf module read by the build (which adds how each resource's data is made, in
 * src/plan/builders.ts), the path function and the request runtime. Runtime-safe subset
 * (docs/runtime.md): plain data and functions, no classes, no Map/Set.
 */

/** The records a list holds: each kind is one table of items in the runtime's index. */
export type ItemKind = 'matrix' | 'tffm' | 'collection' | 'taxon' | 'species' | 'release';

/** Order fields of matrix lists (contract §3). */
export const MATRIX_ORDER_FIELDS = ['name', 'base_id', 'collection', 'version'] as const;
/** Order fields of the TFFM list (contract §3). */
export const TFFM_ORDER_FIELDS = [
  'name',
  'base_id',
  'version',
  'matrix_base_id',
  'matrix_version',
  'log_p_1st_order',
  'log_p_detailed',
  'experiment_name',
] as const;

/**
 * The filters every matrix list reads (contract §8, §8.1), in the order a prebuilt file's path
 * spells them. The first four can be prebuilt (their values split the list into finitely many
 * selections); the others select by substring or name and are only answered where the host
 * computes. `class`, `family` and `type` are the 2018 API's names of `tf_class`, `tf_family`
 * and `data_type` (§8.1): the same semantics, each a filter of its own (both given: AND).
 */
export const MATRIX_FILTERS = [
  'collection',
  'tax_group',
  'tax_id',
  'version',
  'name',
  'tf_class',
  'tf_family',
  'data_type',
  'class',
  'family',
  'type',
  'search',
] as const;
export type MatrixFilter = (typeof MATRIX_FILTERS)[number];

/**
 * The filters of the TFFM list (contract §8.1): `search` in its name, tffm_id or matrix_id,
 * `tax_group` of its matrix. None can be prebuilt. Their names are matrix filter names too,
 * with the TFFM list's own semantics (src/routes/select.ts).
 */
export const TFFM_FILTERS = ['search', 'tax_group'] as const satisfies readonly MatrixFilter[];
export type TffmFilter = (typeof TFFM_FILTERS)[number];

/** Filters that can be prebuilt, with the case the stored values use (hosts that compute fold to it). */
export const PREBUILT_FILTERS: readonly {
  readonly key: MatrixFilter;
  readonly fold: 'upper' | 'lower' | null;
  readonly only: string | null;
}[] = [
  { key: 'collection', fold: 'upper', only: null },
  { key: 'tax_group', fold: 'lower', only: null },
  { key: 'tax_id', fold: null, only: null },
  // The one value of `version` that filters; other values are ignored, as JASPAR ignores them.
  { key: 'version', fold: null, only: 'latest' },
];

/** The one value of a filter that filters (`version`: `latest`; others are ignored), or null when any value does. */
export function filterOnly(key: MatrixFilter): string | null {
  for (let i = 0; i < PREBUILT_FILTERS.length; i++)
    if (PREBUILT_FILTERS[i]!.key === key) return PREBUILT_FILTERS[i]!.only;
  return null;
}

interface Base<N extends string> {
  readonly name: N;
  /** URL segments below /api/v1/; `:id` is the one parameter. */
  readonly segments: readonly string[];
  /** Whether its records are matrices (so the matrix text formats apply). */
  readonly hasMatrices: boolean;
}

export interface ListDescriptor<N extends string = string> extends Base<N> {
  readonly kind: 'list';
  readonly items: ItemKind;
  readonly orders: readonly string[];
  /** The filters it reads (every matrix list: MATRIX_FILTERS; the TFFM list: TFFM_FILTERS; others none). */
  readonly filters: readonly MatrixFilter[];
  /** Whether the build may prebuild its filtered selections (only /api/v1/matrix/, to bound the file count). */
  readonly prebuildFilters: boolean;
}

export interface DetailDescriptor<N extends string = string> extends Base<N> {
  readonly kind: 'detail';
}

const matrixList = <N extends string>(
  name: N,
  segments: readonly string[],
  prebuildFilters: boolean,
): ListDescriptor<N> => ({
  name,
  kind: 'list',
  segments,
  items: 'matrix',
  orders: MATRIX_ORDER_FIELDS,
  filters: MATRIX_FILTERS,
  prebuildFilters,
  hasMatrices: true,
});

const plainList = <N extends string>(
  name: N,
  segment: string,
  items: ItemKind,
  orders?: readonly string[],
  filters?: readonly MatrixFilter[],
): ListDescriptor<N> => ({
  name,
  kind: 'list',
  segments: [segment],
  items,
  orders: orders ?? [],
  filters: filters ?? [],
  prebuildFilters: false,
  hasMatrices: false,
});

const detail = <N extends string>(name: N, segments: readonly string[], hasMatrices: boolean): DetailDescriptor<N> => ({
  name,
  kind: 'detail',
  segments,
  hasMatrices,
});

/** Every resource, most specific URL pattern first within a prefix (matched in this order). */
export const RESOURCES = [
  matrixList('matrix-list', ['matrix'], true),
  detail('matrix-versions', ['matrix', ':id', 'versions'], true),
  detail('matrix-detail', ['matrix', ':id'], true),
  plainList('tffm-list', 'tffm', 'tffm', TFFM_ORDER_FIELDS, TFFM_FILTERS),
  detail('tffm-detail', ['tffm', ':id'], false),
  plainList('collection-list', 'collections', 'collection'),
  matrixList('collection-matrices', ['collections', ':id'], false),
  plainList('taxon-list', 'taxon', 'taxon'),
  matrixList('taxon-matrices', ['taxon', ':id'], false),
  plainList('species-list', 'species', 'species'),
  matrixList('species-matrices', ['species', ':id'], false),
  plainList('release-list', 'releases', 'release'),
  detail('release-detail', ['releases', ':id'], false),
  detail('sites-detail', ['sites', ':id'], false),
  detail('api-root', [], false),
] as const;

export type ResourceDescriptor = (typeof RESOURCES)[number];
export type ResourceName = ResourceDescriptor['name'];
export type ListName = Extract<ResourceDescriptor, { kind: 'list' }>['name'];
export type DetailName = Extract<ResourceDescriptor, { kind: 'detail' }>['name'];

/** The descriptor of a resource; total over {@link ResourceName}. */
export function resourceSpec<N extends ResourceName>(name: N): Extract<ResourceDescriptor, { name: N }> {
  for (let i = 0; i < RESOURCES.length; i++) {
    const r = RESOURCES[i]!;
    if (r.name === name) return r as Extract<ResourceDescriptor, { name: N }>;
  }
  throw new Error(`unknown resource ${name}`);
}

/** The `order` values a list accepts: each field ascending and descending. */
export function orderValues(fields: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < fields.length; i++) out.push(fields[i]!, `-${fields[i]!}`);
  return out;
}
