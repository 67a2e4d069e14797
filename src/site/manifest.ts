/** The build manifest: what a site was built from and with which options. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isFormatName, type FormatName } from '../api/formats.js';
import type { RouteOptions } from '../routes/generate.js';
import type { HostTarget } from '../hosts/targets.js';
import type { ReleaseInfo } from '../model/types.js';

/** Inside the site, so the dev server can rebuild the rule table of the build it serves. */
export const manifestFile = 'jaspar-static.json';

export interface SiteManifest {
  readonly generator: 'jaspar-static';
  readonly release: ReleaseInfo;
  /** Every release of a multi-release site, newest first (absent for one release). */
  readonly releases?: readonly ReleaseInfo[];
  readonly baseUrl: string;
  readonly formats: FormatName[];
  readonly pageSizes: number[];
  readonly orderFields: string[] | null;
  readonly filterKeys: string[] | null;
  readonly filterOrders: boolean;
  readonly withSites: boolean;
  /** A compact build (compute hosts only): no prebuilt pages or detail files. */
  readonly compact: boolean;
  readonly targets: HostTarget[];
  readonly counts: { readonly matrices: number; readonly tffms: number };
}

/** The route options a site was built with, for consumers of its rule table (the dev server). */
export function manifestRouteOptions(m: SiteManifest): RouteOptions {
  return { formats: m.formats.filter(isFormatName), pageSizes: m.pageSizes, orderFields: m.orderFields, filterKeys: m.filterKeys, filterOrders: m.filterOrders, withSites: m.withSites };
}

/** Read the manifest of a built site; throws a plain Error with the path if absent. */
export function readManifest(siteDir: string): SiteManifest {
  const path = join(siteDir, manifestFile);
  return JSON.parse(readFileSync(path, 'utf8')) as SiteManifest;
}
