/** The hosts a build can configure, one adapter each, all fed from the one rule table. */
import type { RouteOptions } from '../routes/generate.js';
import { netlifyFiles } from './netlify.js';
import type { Rule } from './rules.js';

/** A configuration file an adapter writes into the site. */
export interface HostFile {
  readonly path: string;
  readonly content: string;
}

export const HOST_TARGETS = ['netlify'] as const;
export type HostTarget = (typeof HOST_TARGETS)[number];

const ADAPTERS: Readonly<Record<HostTarget, (rules: readonly Rule[], options: RouteOptions) => HostFile[]>> = {
  netlify: (rules) => netlifyFiles(rules),
};

/** The configuration files of the chosen hosts. */
export function hostFiles(targets: readonly HostTarget[], rules: readonly Rule[], options: RouteOptions): HostFile[] {
  return targets.flatMap((t) => ADAPTERS[t](rules, options));
}
