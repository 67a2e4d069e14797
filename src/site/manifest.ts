/** The build manifest: what a site was built from and with which options. */
import type { FormatName } from '../api/formats.js';
import type { HostTarget } from '../targets/registry.js';
import type { ReleaseInfo } from '../model/types.js';

/** Inside the site: what the site was built from and with, for people and tools that inspect it. */
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
