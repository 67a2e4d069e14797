/** Which formats a resource has on a site (contract §5). Runtime-safe subset. */
import { FORMATS, formatSpec, type FormatName } from '../api/formats.js';
import type { SiteConfig } from './site-data.js';

type FormatSite = Pick<SiteConfig, 'formats' | 'withSites'>;

/** Whether a format applies to a resource of this site (contract §5): matrix formats to matrices, bed where sites exist. */
export function formatApplies(
  format: FormatName,
  resource: { readonly hasMatrices: boolean },
  site: FormatSite,
): boolean {
  if (site.formats.indexOf(format) === -1) return false;
  const needs = formatSpec(format).needs;
  if (needs === 'data') return true;
  return resource.hasMatrices && (needs === 'matrices' || site.withSites);
}

/** The formats a resource has on this site, in the table's (negotiation) order. */
export function resourceFormats(resource: { readonly hasMatrices: boolean }, site: FormatSite): FormatName[] {
  const out: FormatName[] = [];
  for (let i = 0; i < FORMATS.length; i++)
    if (formatApplies(FORMATS[i]!.name, resource, site)) out.push(FORMATS[i]!.name);
  return out;
}
