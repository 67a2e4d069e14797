/**
 * Which resource an API path names (contract §2): the segments below `/api/v1/` against the
 * resource table, in its order, with DRF's format suffix (`/matrix/MA0004.1.jaspar`,
 * `/matrix.json`) cut off the last segment first when it names a format (./match-path.ts,
 * which the CloudFront function shares). Runtime-safe subset.
 */
import { isFormatName, type FormatName } from '../api/formats.js';
import { RESOURCES, type ResourceDescriptor } from '../api/resources.js';
import { matchPath, type PathMatch } from './match-path.js';

/** The resource of the segments below `/api/v1/`, or null (→ 404). */
export function matchApiPath(below: readonly string[]): PathMatch<ResourceDescriptor, FormatName> | null {
  return matchPath(RESOURCES, below, isFormatName);
}
