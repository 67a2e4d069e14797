/**
 * The hosts a build can configure, one adapter each (work in progress: the request-runtime
 * adapters replace the rule-table ones, see docs/runtime.md).
 */
import type { SiteConfig } from '../runtime/site-data.js';
import { rulesHostFiles } from './rules-targets.js';

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

export const HOST_TARGETS = ['netlify', 'netlify-edge', 'cloudflare', 'cloudfront', 'nginx', 'apache'] as const;
export type HostTarget = (typeof HOST_TARGETS)[number];

/** Hosts whose rules cannot match part of a path segment, so suffix forms need copies. */
export const NEEDS_SUFFIX_ALIASES: ReadonlySet<HostTarget> = new Set(['netlify']);

/** The configuration files of the chosen hosts. */
export function hostFiles(targets: readonly HostTarget[], site: SiteConfig, facts: SiteFacts): HostFile[] {
  return [...rulesHostFiles(targets, site, facts)];
}
