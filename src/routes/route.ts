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

/**
 * A list route. `N` is what stands where the route holds a number (its page and page size):
 * a number, or in a {@link TemplateRoute} a placeholder (`:page`) that host rules fill.
 */
export interface ListRoute<N extends number | string = number> {
  readonly kind: 'list';
  readonly resource: ListName;
  readonly params: Params;
  /** Filter query parameters (`collection=CORE`, `version=latest`), in MATRIX_FILTERS order; empty when unfiltered. */
  readonly filters: Params;
  /** The `order` query value (`name`, `-name`), or null when absent. */
  readonly order: string | null;
  readonly page: N | 'last';
  /** The `page_size` query value, or null when absent (then the default). */
  readonly pageSize: N | null;
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

/**
 * A route whose values may be placeholders (`:id`, `:order`, `:page`) as well as values: what
 * the path function's template mode (src/routes/paths.ts `routeTemplate`) writes for host rules.
 */
export type TemplateRoute = ListRoute<number | string> | DetailRoute;

export { effectivePageSize } from './page-size.js';
