/**
 * Which page numbers name a prebuilt file, in one place: the runtime's rules mode
 * (prebuilt.ts), the compute tier's fast path and the CloudFront function
 * (src/hosts/cloudfront/function-list.ts, which bundles it, so this module imports nothing and
 * runs nothing at load). Runtime-safe subset.
 */
import type { PageRef } from './route.js';

/** The largest page number a file can be named after (beyond it a number prints in exponent form). */
const MAX_PAGE = 9007199254740991;

/** Whether a page names a file: `last`, or a positive integer that prints as digits. */
export const pageNamesFile = (page: PageRef): boolean => page === 'last' || (page >= 1 && page <= MAX_PAGE);
