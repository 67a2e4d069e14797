/** The data of each prebuilt response: list pages (envelope + records) and details. */
import type { Json, JsonObject } from '../model/json.js';
import type { Matrix } from '../model/types.js';
import { pageCount, type ListVariant } from '../routes/generate.js';
import { pageLink } from '../routes/paths.js';
import type { ReleaseIndex } from '../routes/release-index.js';
import type { DetailResource, RecordContext } from '../routes/resources.js';
import { effectivePageSize, type ListRoute } from '../routes/route.js';

/** Record objects made once per item and resource, so their serialisations can be cached. */
export class RecordCache {
  private readonly maps = new Map<string, WeakMap<object, JsonObject>>();

  constructor(private readonly ctx: RecordContext) {}

  get(variant: ListVariant, item: unknown): JsonObject {
    const name = variant.resource.name;
    let map = this.maps.get(name);
    if (!map) this.maps.set(name, (map = new WeakMap()));
    let rec = map.get(item as object);
    if (!rec) map.set(item as object, (rec = variant.resource.record(item, this.ctx)));
    return rec;
  }
}

export interface PageResponse {
  readonly data: Json;
  readonly matrices: readonly Matrix[] | null;
}

/** The items of page `page` (1-based) of a variant. */
export function pageItems(variant: ListVariant, page: number): readonly unknown[] {
  const size = effectivePageSize(variant.pageSize);
  return variant.items.slice((page - 1) * size, page * size);
}

/** A list page as DRF's PageNumberPagination answers it (contract §3). */
export function listPage(variant: ListVariant, route: ListRoute, page: number, base: string, records: RecordCache): PageResponse {
  const size = effectivePageSize(variant.pageSize);
  const pages = pageCount(variant.items.length, size);
  const items = pageItems(variant, page);
  const data: JsonObject = {
    count: variant.items.length,
    next: page < pages ? pageLink(base, route, page + 1) : null,
    previous: page > 1 ? pageLink(base, route, page - 1 === 1 ? null : page - 1) : null,
    results: items.map((item) => records.get(variant, item)),
  };
  const matrices = variant.resource.hasMatrices ? items.map((item) => variant.resource.matrixOf(item) as Matrix) : null;
  return { data, matrices };
}

/** A detail response. */
export function detailResponse(resource: DetailResource<unknown>, item: unknown, ctx: RecordContext, index: ReleaseIndex): PageResponse {
  return { data: resource.data(item, ctx, index), matrices: resource.matricesOf(item, index) };
}
