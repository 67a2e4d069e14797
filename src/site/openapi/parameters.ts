/**
 * The parameters of each operation of the description, from the resource table (its `:id`,
 * orders, filters), the filter words (src/api/resource-docs.ts), the formats that apply to it
 * on this site, and example values taken from the release (so a client, and the tests, can
 * try them). Semantics as contract §3, §8 and §8.1 state them.
 */
import { FILTER_DOCS, RESOURCE_DOCS, TFFM_FILTER_DOCS } from '../../api/resource-docs.js';
import {
  MATRIX_FILTERS,
  orderValues,
  TFFM_FILTERS,
  type ListDescriptor,
  type MatrixFilter,
  type ResourceDescriptor,
  type TffmFilter,
} from '../../api/resources.js';
import type { JsonObject } from '../../model/json.js';
import { resourceFormats } from '../../routes/applies.js';
import type { SiteConfig } from '../../routes/site-data.js';
import type { ReleaseIndex } from '../../plan/release-index.js';
import { resourceInstances } from '../../plan/builders.js';

/** At most this many example values per parameter. */
const EXAMPLES = 6;

/** Distinct values in first-seen order, at most {@link EXAMPLES}. */
function firstDistinct(values: Iterable<string>): string[] {
  const out: string[] = [];
  for (const v of values) {
    if (v !== '' && !out.includes(v)) out.push(v);
    if (out.length === EXAMPLES) break;
  }
  return out;
}

function annotationValues(index: ReleaseIndex, tag: string): string[] {
  return firstDistinct(
    index.release.matrices.flatMap((m) => m.annotations.filter((a) => a.tag === tag).map((a) => a.value)),
  );
}

/** Parts of TF class and family names, lower-cased (the filters match a substring, case-insensitively). */
const classExamples = (index: ReleaseIndex): string[] =>
  annotationValues(index, 'class').map((v) => v.slice(0, 12).toLowerCase());
const familyExamples = (index: ReleaseIndex): string[] =>
  annotationValues(index, 'family').map((v) => v.slice(0, 8).toLowerCase());

/** Example values of each filter, from the release (total over the filter table). */
const FILTER_EXAMPLES: { readonly [F in MatrixFilter]: (index: ReleaseIndex) => string[] } = {
  collection: (index) => firstDistinct(index.collections.keys()),
  tax_group: (index) => firstDistinct(index.taxGroups.keys()),
  tax_id: (index) => firstDistinct(index.species.map((s) => s.taxId)),
  version: () => ['latest'],
  name: (index) => firstDistinct(index.release.matrices.map((m) => m.name)),
  tf_class: (index) => classExamples(index),
  tf_family: (index) => familyExamples(index),
  data_type: (index) => annotationValues(index, 'type'),
  class: (index) => classExamples(index),
  family: (index) => familyExamples(index),
  type: (index) => annotationValues(index, 'type'),
  search: (index) =>
    firstDistinct([
      ...index.release.matrices.map((m) => m.baseId.slice(0, 5)),
      ...index.release.matrices.map((m) => m.name.slice(0, 3).toLowerCase()),
    ]).slice(0, 4),
};

/** Example values of the TFFM list's filters, from the release's TFFMs. */
const TFFM_FILTER_EXAMPLES: { readonly [F in TffmFilter]: (index: ReleaseIndex) => string[] } = {
  search: (index) =>
    firstDistinct([
      ...index.release.tffms.map((t) => t.name.slice(0, 3).toLowerCase()),
      ...index.release.tffms.map((t) => t.matrixBaseId),
    ]).slice(0, 4),
  tax_group: (index) => firstDistinct(index.taxGroups.keys()),
};

/** Filters are AND-ed, applied before these steps. */
const AND_MATRICES =
  'Filters are AND-ed and applied before `version=latest`, ordering and pagination; an empty value is no filter.';
const AND_TFFMS = 'Filters are AND-ed and applied before ordering and pagination; an empty value is no filter.';

/** The filter parameters of a list: the matrix filters, the TFFM list's own, or none. */
function filterParameters(r: ListDescriptor, index: ReleaseIndex): JsonObject[] {
  if (r.items === 'tffm')
    return TFFM_FILTERS.map((key) =>
      param(key, 'query', `${TFFM_FILTER_DOCS[key]} ${AND_TFFMS}`, {
        type: 'string',
        examples: TFFM_FILTER_EXAMPLES[key](index),
      }),
    );
  if (r.filters.length === 0) return [];
  return MATRIX_FILTERS.map((key) =>
    param(key, 'query', `${FILTER_DOCS[key]} ${AND_MATRICES}`, {
      type: 'string',
      examples: FILTER_EXAMPLES[key](index),
    }),
  );
}

const param = (
  name: string,
  where: 'path' | 'query',
  description: string,
  schema: JsonObject,
  required = false,
): JsonObject => ({ name, in: where, required: where === 'path' || required, description, schema });

/** The path parameter of a resource with an `:id`, with examples (its first instances in the release). */
function idParameter(r: ResourceDescriptor, index: ReleaseIndex): JsonObject[] {
  const doc = RESOURCE_DOCS[r.name].id;
  if (doc === null) return [];
  const ids = resourceInstances(r, index).map((i) => i.params.id ?? '');
  return [param(doc.name, 'path', doc.description, { type: 'string', examples: firstDistinct(ids) })];
}

/** Every parameter of one resource's GET on this site. */
export function parameters(r: ResourceDescriptor, site: SiteConfig, index: ReleaseIndex): JsonObject[] {
  const releases = firstDistinct(
    site.releases.flatMap((rel) => (rel.year === null ? [rel.name] : [rel.name, String(rel.year)])),
  );
  const out: JsonObject[] = [
    ...idParameter(r, index),
    param(
      'format',
      'query',
      'The response format (wins over Accept; DRF also reads it as a suffix: `/api/v1/matrix/MA0004.1.jaspar`). Without it, the Accept header picks, in this order; nothing acceptable: 406.',
      { type: 'string', enum: resourceFormats(r, site) },
    ),
    param(
      'release',
      'query',
      `The release to answer from: its year or name, case-insensitive; absent: the newest this copy serves. Any other value: 404 naming the releases served (${releases.join(', ')}).`,
      { type: 'string', examples: releases },
    ),
    param(
      'callback',
      'query',
      'With `format=jsonp`: the name of the function the JSON is passed to (default `callback`); at most 128 characters of `^[A-Za-z_$][A-Za-z0-9_$]*(\\.[A-Za-z_$][A-Za-z0-9_$]*)*$`, else 400 `Invalid JSONP callback name.` (contract §8.1). Lists keep it in next/previous. Other formats ignore it, as DRF does. A rules-only host (Netlify `_redirects`, Apache, the CloudFront function) serves only the default name and refuses another with a 404 naming the hosts that compute.',
      {
        type: 'string',
        maxLength: 128,
        pattern: '^[A-Za-z_$][A-Za-z0-9_$]*(\\.[A-Za-z_$][A-Za-z0-9_$]*)*$',
        default: 'callback',
      },
    ),
  ];
  if (r.kind !== 'list') return out;
  out.push(
    param(
      'page',
      'query',
      'The page, 1-based (absent: 1), or `last`. A page past the end, or not a positive integer: 404 `Invalid page.` (page 1 of an empty list exists).',
      { type: 'string', pattern: '^(?:[1-9][0-9]*|last)$', examples: ['1', '2', 'last'] },
    ),
    param(
      'page_size',
      'query',
      'Records per page: 1–1000 (default 10); above 1000 reads as 1000; 0, negative or not an integer is ignored. next/previous keep it.',
      { type: 'integer', minimum: 1, examples: [10, 20, 25, 50, 100, 1000] },
    ),
  );
  if (r.orders.length > 0) {
    out.push(
      param(
        'order',
        'query',
        `Order by a field (\`-\` first: descending): ${r.orders.join(', ')}; several comma-separated, each breaking the ties of the one before. Text compares in byte order, numbers numerically, null first ascending; an unknown field is ignored (default order: the dump's).`,
        { type: 'string', examples: orderValues(r.orders) },
      ),
    );
  }
  out.push(...filterParameters(r, index));
  return out;
}
