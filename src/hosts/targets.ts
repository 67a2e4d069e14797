/** The hosts a build can configure, one adapter each, all fed from the one rule table. */
import type { RouteOptions } from '../routes/generate.js';
import { netlifyFiles } from './netlify.js';
import type { Rule } from './rules.js';

/** A copy of a response at its DRF suffix-form path, for hosts that need one (see paths.ts). */
export interface SuffixAlias {
  /** Site path with leading slash, e.g. /api/v1/matrix/MA0004.1.jaspar. */
  readonly path: string;
  readonly mediaType: string;
}

/** Facts about the built tree some adapters need beyond the rule table. */
export interface SiteFacts {
  readonly aliases: readonly SuffixAlias[];
}

/** A configuration file an adapter writes into the site. */
export interface HostFile {
  readonly path: string;
  readonly content: string;
}

export const HOST_TARGETS = ['netlify'] as const;
export type HostTarget = (typeof HOST_TARGETS)[number];

/** Every adapter has this shape: the rule table (and site facts) in, configuration files out. */
export type HostAdapter = (rules: readonly Rule[], options: RouteOptions, facts: SiteFacts) => HostFile[];

const ADAPTERS: Readonly<Record<HostTarget, HostAdapter>> = {
  netlify: (rules, _options, facts) => netlifyFiles(rules, facts),
};

/** Hosts whose rules cannot match part of a path segment, so suffix forms need copies. */
export const NEEDS_SUFFIX_ALIASES: ReadonlySet<HostTarget> = new Set(['netlify']);

/** The configuration files of the chosen hosts. */
export function hostFiles(targets: readonly HostTarget[], rules: readonly Rule[], options: RouteOptions, facts: SiteFacts): HostFile[] {
  return targets.flatMap((t) => ADAPTERS[t](rules, options, facts));
}
