/**
 * DRF's `page_size` (contract §8), in one place: the default, the largest page, and what a value
 * a client sends asks for. The request's door (params.ts), the routes (route.ts) and the
 * CloudFront function (src/hosts/cloudfront/function-list.ts) all read it from here.
 * Runtime-safe subset.
 */
import { pyInt } from './request.js';

/** Default number of records per page (JASPAR's PAGE_SIZE). */
export const DEFAULT_PAGE_SIZE = 10;
/** Largest page JASPAR serves; larger `page_size` values are clamped to it. */
export const MAX_PAGE_SIZE = 1000;

/** A page size clamped to the largest page; null for zero or less, which DRF ignores. */
export const clampPageSize = (n: number): number | null => (n <= 0 ? null : Math.min(n, MAX_PAGE_SIZE));

/** The page size a sent `page_size` asks for: a positive integer (clamped), or null when DRF ignores it (the default then). */
export function askedPageSize(raw: string): number | null {
  const n = pyInt(raw);
  return n === null ? null : clampPageSize(n);
}

/** The number of records per page for a page size (null: none asked for). */
export const effectivePageSize = (pageSize: number | null): number =>
  (pageSize === null ? null : clampPageSize(pageSize)) ?? DEFAULT_PAGE_SIZE;
