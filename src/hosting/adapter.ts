/**
 * The types every host adapter shares: the adapter's shape, the files it writes and the facts
 * about the built tree some adapters need. A leaf module, so adapters and the registry import it
 * without importing each other.
 */
import type { SiteConfig } from '../routes/site-data.js';
import type { BundleSource } from './edge/bundle.js';

/** A copy of a response at its DRF suffix-form path, for hosts that need one (see paths.ts). */
export interface SuffixAlias {
  /** Site path with leading slash, e.g. /api/v1/matrix/MA0004.1.jaspar. */
  readonly path: string;
  readonly mediaType: string;
}

/** Data files by site path, each text had when asked (read back from the written site, issue 46); a Map is one. */
export interface RuntimeFiles {
  get(path: string): string | undefined;
  entries(): Iterable<[string, string]>;
}

/** Facts about the built tree some adapters need beyond the site configuration. */
export interface SiteFacts {
  readonly aliases: readonly SuffixAlias[];
  /** The site folder as a `/`-separated path relative to the deploy folder (`../dist` by default). */
  readonly siteFromDeploy: string;
  /** The deploy folder as a `/`-separated path relative to the site folder (`../dist.deploy` by default). */
  readonly deployFromSite: string;
  /**
   * The runtime's data files a host may load once instead of per request (nginx's preloaded
   * object): site path → JSON text; the index and fragment chunks but the browsable pages' and
   * the logos'. Collected only for hosts whose adapter says `preloads`; empty otherwise.
   */
  readonly runtimeData: RuntimeFiles;
}

/** The default layout: `dist/` and `dist.deploy/` side by side. */
export const DEFAULT_SITE_FROM_DEPLOY = '../dist';
export const DEFAULT_DEPLOY_FROM_SITE = '../dist.deploy';

/** A configuration file an adapter writes: into the site (`site`, the default) or the deploy folder. */
export interface HostFile {
  readonly path: string;
  /** A large file (nginx's preloaded data, every release's) is given in parts, written as they come (issue 46). */
  readonly content: string | Iterable<string>;
  readonly place?: 'site' | 'deploy';
  /** Unix permissions, for scripts. */
  readonly mode?: number;
}

/**
 * What a host can do (docs/hosting.md): `compute` hosts run the request runtime in compute mode
 * and answer every query of the contract, compact builds included; `rules` hosts serve what is
 * prebuilt and refuse the rest with a 404 naming the compute hosts.
 */
export type Tier = 'rules' | 'compute';

/** One host a build can configure: the row of the registry (src/targets/registry.ts). */
export interface HostAdapter<T extends string = string> {
  /** The name `--targets` takes. */
  readonly target: T;
  readonly tier: Tier;
  /** Its rules cannot match part of a path segment, so the build writes suffix-form copies (paths.ts). */
  readonly suffixAliases: boolean;
  /** Whether its files embed the runtime's data (SiteFacts.runtimeData). */
  readonly preloads?: boolean;
  /** Whether it serves a stored `.gz` beside a file (src/hosting/compression.ts): the build writes them. */
  readonly precompressed?: boolean;
  /** The configuration files it writes for a site. */
  files(site: SiteConfig, facts: SiteFacts): HostFile[];
  /** The bundles its files are made with (edge/bundle.ts), made ahead while a build reads its dump. */
  readonly bundles?: () => readonly BundleSource[];
  /**
   * Makes ahead, and keeps for {@link files}, what of its files the site's configuration alone
   * decides: a build calls it in turns with its first release's files (src/site/in-turns.ts),
   * while the writer thread has files to write, rather than at the end, when it has none.
   */
  readonly prepare?: (site: SiteConfig) => void;
}
