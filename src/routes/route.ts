/**
 * A route: one response, addressed by resource, parameters, query and format. The build
 * prebuilds routes as files; the request runtime resolves requests to them. Runtime-safe
 * subset (docs/runtime.md).
 */
import type { FormatName } from '../api/formats.js';
import type { DetailName, ListName } from '../api/resources.js';

/** Path parameters, e.g. { id: 'MA0004.1' }; values are safe segments (or placeholders in templates). */
export type Params = Readonly<Record<string, string>>;

export type PageRef = number | 'last';

export interface ListRoute {
  readonly kind: 'list';
  readonly resource: ListName;
  readonly params: Params;
  /** Filter query parameters (`collection=CORE`, `version=latest`), in MATRIX_FILTERS order; empty when unfiltered. */
  readonly filters: Params;
  /** The `order` query value (`name`, `-name`), or null when absent. */
  readonly order: string | null;
  readonly page: PageRef;
  /** The `page_size` query value, or null when absent (then the default). */
  readonly pageSize: number | null;
  readonly format: FormatName;
  /** Whether the request named the format (`?format=json`) or got it by default. */
  readonly formatInQuery: boolean;
}

export interface DetailRoute {
  readonly kind: 'detail';
  readonly resource: DetailName;
  readonly params: Params;
  readonly format: FormatName;
}

export type Route = ListRoute | DetailRoute;

export { effectivePageSize } from './page-size.js';
