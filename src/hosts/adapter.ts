/**
 * The types every host adapter shares: the files it writes, the hosts a build can name, and the
 * facts about the built tree some adapters need. A leaf module, so adapters and the target
 * tables import it without importing each other.
 */

/** A copy of a response at its DRF suffix-form path, for hosts that need one (see paths.ts). */
export interface SuffixAlias {
  /** Site path with leading slash, e.g. /api/v1/matrix/MA0004.1.jaspar. */
  readonly path: string;
  readonly mediaType: string;
}

/** Facts about the built tree some adapters need beyond the site configuration. */
export interface SiteFacts {
  readonly aliases: readonly SuffixAlias[];
}

/** A configuration file an adapter writes: into the site (`site`, the default) or the deploy folder. */
export interface HostFile {
  readonly path: string;
  readonly content: string;
  readonly place?: 'site' | 'deploy';
  /** Unix permissions, for scripts. */
  readonly mode?: number;
}

export const HOST_TARGETS = [
  'netlify',
  'netlify-edge',
  'cloudflare',
  'cloudfront',
  'lambda-edge',
  'nginx',
  'apache',
] as const;
export type HostTarget = (typeof HOST_TARGETS)[number];

/** Hosts whose rules cannot match part of a path segment, so suffix forms need copies. */
export const NEEDS_SUFFIX_ALIASES: ReadonlySet<HostTarget> = new Set(['netlify']);
