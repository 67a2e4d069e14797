/**
 * A small site's configuration (one release, JSON and MEME, prebuilt pages of no sizes) and
 * empty site facts, for tests of host files that need a site but no release behind it.
 */
import type { SiteFacts } from '../../src/hosting/adapter.js';
import type { SiteConfig } from '../../src/routes/site-data.js';

/** The site; `compact`, with no prebuilt pages. */
export const smallSite = (compact = false): SiteConfig => ({
  generator: 'jaspar-static',
  baseUrl: 'https://jaspar.example.org',
  releases: [{ name: 'JASPAR2016', year: 2016, root: '' }],
  formats: ['json', 'meme'],
  withSites: false,
  prebuilt: compact ? null : { pageSizes: [], orderFields: null, filterKeys: null, filterOrders: false },
});

/** Facts of a site with no suffix aliases and no runtime data, its deploy folder beside it. */
export const NO_FACTS: SiteFacts = {
  aliases: [],
  siteFromDeploy: '../dist',
  deployFromSite: '../dist.deploy',
  runtimeData: new Map(),
};
