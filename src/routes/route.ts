/** A route: one prebuilt response, addressed by resource, parameters and query. */
import type { FormatName } from '../formats/table.js';

/** Path parameters, e.g. { id: 'MA0004.1' }; values are safe segments (or placeholders in templates). */
export type Params = Readonly<Record<string, string>>;

export type PageRef = number | 'last';

/** Default number of records per page (DRF PAGE_SIZE in JASPAR). */
export const DEFAULT_PAGE_SIZE = 10;

export interface ListRoute {
  readonly kind: 'list';
  readonly resource: string;
  readonly params: Params;
  /** Filter query parameters (`collection=CORE`, `version=latest`); empty when unfiltered. */
  readonly filters: Params;
  /** The `order` query value (`name`, `-name`), or null when absent. */
  readonly order: string | null;
  readonly page: PageRef;
  /** The `page_size` query value, or null when absent (then {@link DEFAULT_PAGE_SIZE}). */
  readonly pageSize: number | null;
  readonly format: FormatName;
  /** Whether the request named the format (`?format=json`) or got it by default. */
  readonly formatInQuery: boolean;
}

export interface DetailRoute {
  readonly kind: 'detail';
  readonly resource: string;
  readonly params: Params;
  readonly format: FormatName;
}

export type Route = ListRoute | DetailRoute;

/** Largest page size JASPAR serves; larger `page_size` values are clamped to it. */
export const MAX_PAGE_SIZE = 1000;

/** The effective number of records per page for a `page_size` value (null = absent). */
export const effectivePageSize = (pageSize: number | null): number => Math.min(pageSize ?? DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);

/** The effective page size of a list route. */
export const pageSizeOf = (r: ListRoute): number => effectivePageSize(r.pageSize);
