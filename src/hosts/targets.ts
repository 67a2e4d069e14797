/**
 * The hosts a build can configure, one adapter each, all fed from the one rule table. Netlify
 * reads its files from the site itself; every other host's configuration is not to be served
 * and goes to the deploy folder beside the site (docs/deploy.md).
 */
import { manifestFile } from '../build/manifest.js';
import type { RouteOptions } from '../routes/generate.js';
import { apacheFiles } from './apache.js';
import { cloudfrontFiles } from './cloudfront.js';
import { NETLIFY_SITE_FILES, netlifyFiles } from './netlify.js';
import { nginxFiles } from './nginx.js';
import type { Rule } from './rules.js';
import { compileRuns } from './compile-runs.js';
import type { Run } from './runs.js';

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

/** What the adapters get besides the rule table: site facts, the compiled table, what not to serve. */
export interface HostFacts extends SiteFacts {
  /** The rule table compiled into runs (runs.ts), computed once per build. */
  readonly runs: () => readonly Run[];
  /** Site paths (leading slash) that are configuration, never to be served by any host. */
  readonly notServed: readonly string[];
}

/** A configuration file an adapter writes: into the site (`site`, the default) or the deploy folder. */
export interface HostFile {
  readonly path: string;
  readonly content: string;
  readonly place?: 'site' | 'deploy';
  /** Unix permissions, for scripts. */
  readonly mode?: number;
}

export const HOST_TARGETS = ['netlify', 'cloudfront', 'nginx', 'apache'] as const;
export type HostTarget = (typeof HOST_TARGETS)[number];

/** Every adapter has this shape: the rule table (and facts) in, configuration files out. */
export type HostAdapter = (rules: readonly Rule[], options: RouteOptions, facts: HostFacts) => HostFile[];

const ADAPTERS: Readonly<Record<HostTarget, HostAdapter>> = {
  netlify: (rules, _options, facts) => netlifyFiles(rules, facts),
  cloudfront: cloudfrontFiles,
  nginx: nginxFiles,
  apache: apacheFiles,
};

/** Files inside a built site that are configuration: blocked on every host. */
export const NOT_SERVED: readonly string[] = [`/${manifestFile}`, ...NETLIFY_SITE_FILES.map((f) => `/${f}`)];

/** Hosts whose rules cannot match part of a path segment, so suffix forms need copies. */
export const NEEDS_SUFFIX_ALIASES: ReadonlySet<HostTarget> = new Set(['netlify']);

/** The configuration files of the chosen hosts. */
export function hostFiles(targets: readonly HostTarget[], rules: readonly Rule[], options: RouteOptions, facts: SiteFacts): HostFile[] {
  let runs: readonly Run[] | undefined;
  const full: HostFacts = { ...facts, runs: () => (runs ??= compileRuns(rules)), notServed: NOT_SERVED };
  return targets.flatMap((t) => ADAPTERS[t](rules, options, full));
}
