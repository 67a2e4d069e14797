/** Which formats a resource has on a site (contract §5). Runtime-safe subset. */
import type { FormatName } from '../api/formats.js';
import type { SiteConfig } from './site-data.js';

/** Whether a format applies to a resource of this site (contract §5): matrix formats to matrices, bed where sites exist. */
export function formatApplies(
  format: FormatName,
  needs: 'data' | 'matrices' | 'sites',
  resource: { readonly hasMatrices: boolean },
  site: Pick<SiteConfig, 'formats' | 'withSites'>,
): boolean {
  if (site.formats.indexOf(format) === -1) return false;
  if (needs === 'data') return true;
  return resource.hasMatrices && (needs === 'matrices' || site.withSites);
}
