/** What one site is built with: the prebuilt set, the base address, the hosts, compact or not. */
import type { HostTarget } from '../targets/registry.js';
import type { RouteOptions } from '../plan/generate.js';
import type { ReleaseAbout } from '../plan/release-index.js';

export interface SiteOptions extends RouteOptions {
  readonly baseUrl: string;
  readonly targets: readonly HostTarget[];
  /** Compute hosts only: fragments, index and runtime, no prebuilt pages or detail files. */
  readonly compact?: boolean;
  /** The site folder relative to the deploy folder, for configuration that points at it (default `../dist`). */
  readonly siteFromDeploy?: string;
  /** The deploy folder relative to the site folder (default `../dist.deploy`): Netlify's netlify.toml names both. */
  readonly deployFromSite?: string;
  /** What release records say of each release that the dump cannot (`--release-pubmed`, `--release-website`). */
  readonly releaseAbout?: ReleaseAbout;
  /** `--precompress`: a stored `.gz` beside each larger answer, for hosts that serve one (src/hosting/compression.ts). */
  readonly precompress?: boolean;
}
