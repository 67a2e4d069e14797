/**
 * Which resource an API path names (contract §2): the segments below `/api/v1/` against the
 * resource table, in its order, with DRF's format suffix (`/matrix/MA0004.1.jaspar`,
 * `/matrix.json`) cut off the last segment first when it names a format. Runtime-safe subset.
 */
import { isFormatName, type FormatName } from '../api/formats.js';
import { RESOURCES, type ResourceDescriptor } from '../api/resources.js';

/** The API prefix, as path segments. */
export const API_SEGMENTS = ['api', 'v1'] as const;

export interface PathMatch {
  readonly resource: ResourceDescriptor;
  /** The `:id` segment, '' for resources without one. */
  readonly id: string;
  /** The DRF format suffix, or null. */
  readonly suffix: FormatName | null;
}

function matchSegments(segments: readonly string[]): { resource: ResourceDescriptor; id: string } | null {
  for (let r = 0; r < RESOURCES.length; r++) {
    const resource = RESOURCES[r]!;
    const pattern = resource.segments;
    if (pattern.length !== segments.length) continue;
    let id = '';
    let ok = true;
    for (let i = 0; i < pattern.length; i++) {
      const p = pattern[i]!;
      if (p.charAt(0) === ':') id = segments[i]!;
      else if (p !== segments[i]) ok = false;
    }
    if (ok) return { resource, id };
  }
  return null;
}

/** The resource of the segments below `/api/v1/`, or null (→ 404). */
export function matchApiPath(below: readonly string[]): PathMatch | null {
  const last = below[below.length - 1];
  if (last !== undefined) {
    const dot = last.lastIndexOf('.');
    const suffix = dot > 0 ? last.slice(dot + 1) : '';
    if (isFormatName(suffix)) {
      const m = matchSegments(below.slice(0, -1).concat([last.slice(0, dot)]));
      if (m) return { resource: m.resource, id: m.id, suffix };
    }
  }
  const m = matchSegments(below);
  return m ? { resource: m.resource, id: m.id, suffix: null } : null;
}
