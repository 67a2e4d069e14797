/** What every renderer receives. Renderers are pure: same input and context, same bytes. */
import type { ItemKind } from '../api/resources.js';
import type { Json, JsonObject } from '../model/json.js';
import type { Matrix, ReleaseInfo } from '../model/types.js';
import type { RouteOptions } from '../plan/generate.js';
import type { ReleaseIndex } from '../plan/release-index.js';
import type { Route } from '../routes/route.js';

/**
 * Per-run cache of rendered fragments (one record's JSON or YAML item) keyed by
 * the object they render. It only saves work; output is the same without it.
 */
export class FragmentCache {
  private readonly maps = new Map<string, WeakMap<object, unknown>>();

  /** The value made for `key` in `namespace`; a namespace always holds one type of value. */
  get<T>(namespace: string, key: object, make: () => T): T {
    let map = this.maps.get(namespace);
    if (!map) this.maps.set(namespace, (map = new WeakMap()));
    if (map.has(key)) return map.get(key) as T;
    const value = make();
    map.set(key, value);
    return value;
  }
}

export interface RenderContext {
  /** Deployment base address without trailing slash, e.g. https://jaspar.example.org. */
  readonly baseUrl: string;
  readonly release: ReleaseInfo;
  readonly cache: FragmentCache;
  /** The release's lookups, for pages that link to related responses (HTML). */
  readonly index: ReleaseIndex;
  /** What this build prebuilds (formats, orders, filters), so pages link only to files that exist. */
  readonly routes: RouteOptions;
  /** A compact build: no page files, so HTML links go to API URLs (docs/decisions.md). */
  readonly compact: boolean;
  /**
   * The release's folder below the site root (`releases/JASPAR2016/` in a site of several
   * releases, src/routes/paths.ts releaseRoot); '' or absent for a site of one. Pages link the
   * web site's pages, at the site root, through it.
   */
  readonly releaseRoot?: string;
}

/** One response to render: its route, its API data, and the matrices it shows (if any). */
export interface RenderInput {
  readonly route: Route;
  readonly data: Json;
  /** The matrices of a matrix detail or list page, for the matrix text formats; null elsewhere. */
  readonly matrices: readonly Matrix[] | null;
}

/** A list record to render: its JSON, and the matrix it shows (matrix records only). */
export interface RecordInput {
  readonly record: JsonObject;
  readonly matrix: Matrix | null;
  /** The kind of list it belongs to (records of one kind share their HTML columns). */
  readonly kind: ItemKind;
}
