/**
 * Which resource an API path names (contract §2), over any table of resources: the segments
 * below `/api/v1/` against each resource's `segments`, in the table's order (`:id` stands for
 * the one parameter), with DRF's format suffix (`/matrix/MA0004.1.jaspar`, `/matrix.json`) cut
 * off the last segment first when it names a format. ./route-match.ts reads it over the
 * resource table, the CloudFront function over its own table's resources. It imports nothing,
 * so the function bundles it alone. Runtime-safe subset.
 */

/** What a resource is matched by: its URL segments below `/api/v1/`. */
export interface PathPattern {
  readonly segments: readonly string[];
}

export interface PathMatch<R, S> {
  readonly resource: R;
  /** The `:id` segment, '' for resources without one. */
  readonly id: string;
  /** The DRF format suffix, or null. */
  readonly suffix: S | null;
}

/** The first of `resources` whose segments `segments` are, read with `suffix` cut off them. */
function matchSegments<R extends PathPattern, S>(
  resources: readonly R[],
  segments: readonly string[],
  suffix: S | null,
): PathMatch<R, S> | null {
  for (let r = 0; r < resources.length; r++) {
    const pattern = resources[r]!.segments;
    let id = '';
    let ok = pattern.length === segments.length;
    for (let i = 0; ok && i < pattern.length; i++) {
      if (pattern[i]!.charAt(0) === ':') id = segments[i]!;
      else ok = pattern[i] === segments[i];
    }
    if (ok) return { resource: resources[r]!, id, suffix };
  }
  return null;
}

/** The resource of the segments below `/api/v1/` among `resources`, or null (→ 404); `isFormat` says which suffixes name a format. */
export function matchPath<R extends PathPattern, S extends string>(
  resources: readonly R[],
  below: readonly string[],
  isFormat: (suffix: string) => suffix is S,
): PathMatch<R, S> | null {
  const last = below.length ? below[below.length - 1]! : '';
  const dot = last.lastIndexOf('.');
  const suffix = dot > 0 ? last.slice(dot + 1) : '';
  const cut = isFormat(suffix)
    ? matchSegments(resources, below.slice(0, -1).concat([last.slice(0, dot)]), suffix)
    : null;
  return cut || matchSegments<R, S>(resources, below, null);
}
