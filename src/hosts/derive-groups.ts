/**
 * The rule groups of a full build (groups.ts), derived from the resource table, the format
 * table and the build's PrebuiltLists; targets from the path function. Order: every suffix
 * form before every plain form (the runtime cuts a suffix first); per form the refusals, the
 * groups of named formats (each filter selection largest first, so a group's absent filters
 * were taken by an earlier group), the refusal of an unknown format, then the default format.
 */
import { MATRIX_FILTERS, RESOURCES, type DetailDescriptor, type ListDescriptor, type MatrixFilter, type ResourceDescriptor } from '../api/resources.js';
import { formatSpec, type FormatName } from '../api/formats.js';
import { formatVariants, subsets } from '../routes/generate.js';
import { prebuiltFilterKeys, prebuiltOrders } from '../runtime/prebuilt.js';
import type { PrebuiltLists, SiteConfig } from '../runtime/site-data.js';
import { filterKey, orderKey, pageKey, pageSizeKey, releaseKey } from './group-keys.js';
import type { FormatCondition, Group, KeyRule, PathForm, RefuseGroup, ServeGroup } from './groups.js';
import { EMPTY_SELECTION_ERROR, filterError, INVALID_PAGE_ERROR, NOT_ACCEPTABLE_ERROR, NOT_FOUND_ERROR, releaseError, type HostError } from './host-errors.js';
import { absentFill, detailTarget, listTarget } from './group-targets.js';

type Site = Pick<SiteConfig, 'formats' | 'withSites' | 'releases'> & { readonly prebuilt: PrebuiltLists };

/** The formats of a resource on this site, in the format table's (negotiation) order. */
const namedFormats = (r: ListDescriptor | DetailDescriptor, site: Site): FormatName[] => formatVariants(r, site).filter((v) => v.formatInQuery).map((v) => v.format);

const DEFAULT: FormatName = 'json';

/** The keys and file of one list selection in one format. */
function listGroup(list: ListDescriptor, form: PathForm, format: FormatCondition, filters: readonly MatrixFilter[], site: Site, release: KeyRule): ServeGroup {
  const prebuilt = site.prebuilt;
  const inQuery = format.by !== 'none';
  const target = listTarget(list, filters, list.orders.length > 0, format.format, inQuery);
  const keys: KeyRule[] = [release, ...filters.map(filterKey)];
  if (list.orders.length) keys.push(orderKey(prebuiltOrders(list, prebuilt, filters.length > 0), absentFill(list, filters, format.format, inQuery, 'order')));
  keys.push(pageSizeKey(prebuilt.pageSizes, absentFill(list, filters, format.format, inQuery, 'pageSize')), pageKey(absentFill(list, filters, format.format, inQuery, 'page')));
  // Page 1 missing: an empty selection, an unknown instance, else (a format no page has) an invalid page — as the runtime says.
  const missing: HostError = filters.length ? EMPTY_SELECTION_ERROR : list.segments.length > 1 ? NOT_FOUND_ERROR : INVALID_PAGE_ERROR;
  return { kind: 'serve', resource: list.name as ServeGroup['resource'], form, format, negotiable: namedFormats(list, site), keys, target, mediaType: formatSpec(format.format).mediaType, missing };
}

function detailGroup(detail: DetailDescriptor, form: PathForm, format: FormatCondition, site: Site, release: KeyRule): ServeGroup {
  const target = detailTarget(detail, format.format);
  return { kind: 'serve', resource: detail.name as ServeGroup['resource'], form, format, negotiable: namedFormats(detail, site), keys: [release], target, mediaType: formatSpec(format.format).mediaType, missing: NOT_FOUND_ERROR };
}

/** The filters a list reads that this build has no selections for: refused (`version` only as `latest`, the one value that filters). */
function filterRefusals(r: ResourceDescriptor, form: PathForm, site: Site): RefuseGroup[] {
  if (r.kind !== 'list' || !r.filtered) return [];
  const prebuilt = prebuiltFilterKeys(r, site.prebuilt);
  return MATRIX_FILTERS.filter((k) => !prebuilt.includes(k)).map((key) => ({
    kind: 'refuse',
    resource: r.name,
    form,
    when: { key, match: key === 'version' ? { kind: 'literal', values: ['latest'], caseless: false } : { kind: 'any' } },
    negotiable: namedFormats(r, site),
    error: filterError(key),
  }));
}

/** Every group of one path form of a resource. */
function formGroups(r: ResourceDescriptor, form: PathForm, site: Site, release: KeyRule): Group[] {
  const negotiable = namedFormats(r, site);
  const refusal = (when: RefuseGroup['when'], error: HostError): RefuseGroup => ({ kind: 'refuse', resource: r.name, form, when, negotiable, error });
  const serve = (format: FormatCondition): ServeGroup[] => {
    if (r.kind === 'detail') return [detailGroup(r, form, format, site, release)];
    const keys = r.filtered ? prebuiltFilterKeys(r, site.prebuilt) : [];
    return subsets(keys as MatrixFilter[]).map((s) => listGroup(r, form, format, s, site, release));
  };
  const out: Group[] = [];
  if (form.suffix === null) out.push(refusal('not-acceptable', NOT_ACCEPTABLE_ERROR));
  out.push(...filterRefusals(r, form, site));
  if (form.suffix !== null) return [...out, ...serve({ format: form.suffix, by: 'suffix', negotiated: false })];
  // A list's default format is its own file (links without `format`); a detail's is the same file as format=json.
  for (const f of negotiable) out.push(...serve({ format: f, by: 'query', negotiated: r.kind === 'detail' || f !== DEFAULT }));
  out.push(refusal('unknown-format', NOT_FOUND_ERROR));
  if (negotiable.includes(DEFAULT)) out.push(...serve({ format: DEFAULT, by: 'none', negotiated: true }));
  return out;
}

/** The suffix forms of a resource: one per format, on resources with a last segment to carry it. */
function suffixForms(r: ResourceDescriptor, site: Site): PathForm[] {
  return r.segments.length === 0 ? [] : namedFormats(r, site).map((suffix) => ({ segments: r.segments, suffix }));
}

/** The rule groups of a site built with prebuilt pages. */
export function ruleGroups(site: Pick<SiteConfig, 'formats' | 'withSites' | 'releases' | 'prebuilt'>): Group[] {
  const prebuilt = site.prebuilt;
  if (prebuilt === null) throw new Error('rules-only hosts (netlify, apache) serve prebuilt pages: build without --compact for them');
  const only = site.releases[0];
  if (only === undefined || site.releases.length > 1) throw new Error('rules-only hosts serve a site of exactly one release');
  const full: Site = { ...site, prebuilt };
  const release = releaseKey(only, releaseError([only.name]));
  const out: Group[] = [];
  for (const r of RESOURCES) for (const form of suffixForms(r, full)) out.push(...formGroups(r, form, full, release));
  for (const r of RESOURCES) out.push(...formGroups(r, { segments: r.segments, suffix: null }, full, release));
  return out;
}
