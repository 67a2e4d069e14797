/**
 * The rule groups of a full build (groups.ts), derived from the format table and each list's
 * prebuilt plan (src/routes/prebuilt-plan.ts: its filters and their case, its orders unfiltered
 * and filtered, its page sizes); targets from the path function. Order: every suffix
 * form before every plain form (the runtime cuts a suffix first); per form the refusals, the
 * groups of named formats (each filter selection largest first, so a group's absent filters
 * were taken by an earlier group), the refusal of an unknown format, then the default format.
 */
import { RESOURCES, type DetailDescriptor, type ListDescriptor, type ResourceDescriptor } from '../../api/resources.js';
import { DEFAULT_FORMAT, formatSpec, takesCallback, type FormatName } from '../../api/formats.js';
import { formatVariants, subsets } from '../../plan/generate.js';
import {
  planOf,
  planOrders,
  prebuiltPlans,
  type PrebuiltFilter,
  type PrebuiltPlan,
} from '../../routes/prebuilt-plan.js';
import type { SiteConfig } from '../../routes/site-data.js';
import { callbackKey, DOT_SEGMENTS, filterKey, orderKey, pageKey, pageSizeKey, releaseKey } from './group-keys.js';
import type { FormatCondition, Group, KeyMatch, KeyRule, PathForm, RefuseGroup, ServeGroup } from './groups.js';
import {
  EMPTY_SELECTION_ERROR,
  filterError,
  INVALID_PAGE_ERROR,
  NOT_ACCEPTABLE_ERROR,
  NOT_FOUND_ERROR,
  releaseError,
  SUFFIX_FILTER_ERROR,
  type HostError,
} from './host-errors.js';
import { absentFill, detailTarget, listTarget } from './group-targets.js';

type Site = Pick<SiteConfig, 'formats' | 'withSites' | 'releases'> & { readonly plans: readonly PrebuiltPlan[] };

/** What a host can afford to list. */
export interface GroupOptions {
  /**
   * Whether a list's format-suffix form (`/api/v1/matrix.json`) serves filter selections too;
   * else its filters are refused (hosts that list every combination as a rule: a fraction of
   * the rules, for a form clients rarely use).
   */
  readonly suffixSelections: boolean;
}

/** Every combination on every form (Apache, the reference). */
export const ALL_GROUPS: GroupOptions = { suffixSelections: true };

/** The formats of a resource on this site, in the format table's (negotiation) order. */
const namedFormats = (r: ListDescriptor | DetailDescriptor, site: Site): FormatName[] =>
  formatVariants(r, site)
    .filter((v) => v.formatInQuery)
    .map((v) => v.format);

/** JSONP's `callback` (contract §8.1): its files call the default name; other formats ignore it, as DRF does. */
const callbackKeys = (format: FormatName): KeyRule[] => (takesCallback(format) ? [callbackKey()] : []);

/** The keys and file of one list selection in one format. */
function listGroup(
  plan: PrebuiltPlan,
  form: PathForm,
  format: FormatCondition,
  selection: readonly PrebuiltFilter[],
  site: Site,
  release: KeyRule,
): ServeGroup {
  const list = plan.list;
  const filters = selection.map((f) => f.key);
  const inQuery = format.by !== 'none';
  const target = listTarget(list, filters, list.orders.length > 0, format.format, inQuery);
  const keys: KeyRule[] = [release, ...callbackKeys(format.format), ...selection.map(filterKey)];
  if (list.orders.length)
    keys.push(
      orderKey(planOrders(plan, filters.length > 0), absentFill(list, filters, format.format, inQuery, 'order')),
    );
  keys.push(
    pageSizeKey(plan.pageSizes, absentFill(list, filters, format.format, inQuery, 'pageSize')),
    pageKey(absentFill(list, filters, format.format, inQuery, 'page')),
  );
  // Page 1 missing: an empty selection, an unknown instance, else (a format no page has) an invalid page — as the runtime says.
  const missing: HostError = filters.length
    ? EMPTY_SELECTION_ERROR
    : list.segments.length > 1
      ? NOT_FOUND_ERROR
      : INVALID_PAGE_ERROR;
  return {
    kind: 'serve',
    resource: list.name as ServeGroup['resource'],
    form,
    format,
    negotiable: namedFormats(list, site),
    keys,
    target,
    mediaType: formatSpec(format.format).mediaType,
    missing,
  };
}

function detailGroup(
  detail: DetailDescriptor,
  form: PathForm,
  format: FormatCondition,
  site: Site,
  release: KeyRule,
): ServeGroup {
  const target = detailTarget(detail, format.format);
  return {
    kind: 'serve',
    resource: detail.name as ServeGroup['resource'],
    form,
    format,
    negotiable: namedFormats(detail, site),
    keys: [release, ...callbackKeys(format.format)],
    target,
    mediaType: formatSpec(format.format).mediaType,
    missing: NOT_FOUND_ERROR,
  };
}

/**
 * Refusals before a list's groups: the filters it reads that this build has no selections for
 * (`version` only as `latest`, the one value that filters: the plan's `only`); on a form without
 * selections every filter; and a dot segment as a selection's value (it would step to another
 * folder).
 */
function filterRefusals(
  r: ResourceDescriptor,
  form: PathForm,
  site: Site,
  selections: readonly PrebuiltFilter[],
): RefuseGroup[] {
  if (r.kind !== 'list') return [];
  const plan = planOf(site.plans, r);
  const refusal = (key: string, match: KeyMatch, error: HostError): RefuseGroup => ({
    kind: 'refuse',
    resource: r.name,
    form,
    when: { key, match },
    negotiable: namedFormats(r, site),
    error,
  });
  const out: RefuseGroup[] = [];
  for (const f of plan.reads) {
    if (selections.some((s) => s.key === f.key)) continue;
    const error = plan.filters.some((p) => p.key === f.key) ? SUFFIX_FILTER_ERROR : filterError(f.key);
    out.push(
      refusal(f.key, f.only !== null ? { kind: 'literal', values: [f.only], caseless: false } : { kind: 'any' }, error),
    );
  }
  // A dot segment names no stored value, so it selects no matrix (an empty list, which no file holds).
  for (const f of selections)
    if (f.only === null)
      out.push(refusal(f.key, { kind: 'literal', values: DOT_SEGMENTS, caseless: false }, EMPTY_SELECTION_ERROR));
  return out;
}

/** Every group of one path form of a resource. */
function formGroups(
  r: ResourceDescriptor,
  form: PathForm,
  site: Site,
  release: KeyRule,
  options: GroupOptions,
): Group[] {
  const negotiable = namedFormats(r, site);
  const refusal = (when: RefuseGroup['when'], error: HostError): RefuseGroup => ({
    kind: 'refuse',
    resource: r.name,
    form,
    when,
    negotiable,
    error,
  });
  const withSelections =
    r.kind === 'list' && r.filters.length > 0 && (form.suffix === null || options.suffixSelections);
  const selections = withSelections && r.kind === 'list' ? planOf(site.plans, r).filters : [];
  const serve = (format: FormatCondition): ServeGroup[] =>
    r.kind === 'detail'
      ? [detailGroup(r, form, format, site, release)]
      : subsets(selections).map((s) => listGroup(planOf(site.plans, r), form, format, s, site, release));
  const out: Group[] = [];
  if (form.suffix === null) out.push(refusal('not-acceptable', NOT_ACCEPTABLE_ERROR));
  out.push(...filterRefusals(r, form, site, selections));
  if (form.suffix !== null) return [...out, ...serve({ format: form.suffix, by: 'suffix', negotiated: false })];
  // A list's default format is its own file (links without `format`); a detail's is the same file as format=json.
  for (const f of negotiable)
    out.push(...serve({ format: f, by: 'query', negotiated: r.kind === 'detail' || f !== DEFAULT_FORMAT }));
  out.push(refusal('unknown-format', NOT_FOUND_ERROR));
  if (negotiable.includes(DEFAULT_FORMAT)) out.push(...serve({ format: DEFAULT_FORMAT, by: 'none', negotiated: true }));
  return out;
}

/** The suffix forms of a resource: one per format, on resources with a last segment to carry it. */
function suffixForms(r: ResourceDescriptor, site: Site): PathForm[] {
  return r.segments.length === 0 ? [] : namedFormats(r, site).map((suffix) => ({ segments: r.segments, suffix }));
}

/** The rule groups of a site built with prebuilt pages. */
export function ruleGroups(
  site: Pick<SiteConfig, 'formats' | 'withSites' | 'releases' | 'prebuilt'>,
  options: GroupOptions = ALL_GROUPS,
): Group[] {
  const prebuilt = site.prebuilt;
  if (prebuilt === null)
    throw new Error('rules-only hosts (netlify, apache) serve prebuilt pages: build without --compact for them');
  const only = site.releases[0];
  if (only === undefined || site.releases.length > 1)
    throw new Error('rules-only hosts serve a site of exactly one release');
  const full: Site = { ...site, plans: prebuiltPlans(prebuilt) };
  const release = releaseKey(only, releaseError([only.name]));
  const out: Group[] = [];
  for (const r of RESOURCES)
    for (const form of suffixForms(r, full)) out.push(...formGroups(r, form, full, release, options));
  for (const r of RESOURCES) out.push(...formGroups(r, { segments: r.segments, suffix: null }, full, release, options));
  return out;
}
