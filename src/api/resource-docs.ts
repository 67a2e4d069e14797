/**
 * What the API's descriptions (OpenAPI, src/site/openapi/; Core API, src/site/coreapi/) say about each row of the resource table
 * and each filter: a summary, the name and meaning of a resource's `:id`, and each filter's
 * semantics (contract §8, §8.1). Keyed by the tables' own unions, so a resource or filter
 * added to src/api/resources.ts without its words here is a type error. Plain data (a leaf).
 */
import type { MatrixFilter, ResourceName, TffmFilter } from './resources.js';

export interface ResourceDoc {
  readonly summary: string;
  /**
   * Its Core API action (contract §8.2): the keys a client names it by, sections then the
   * action (`list` for a list, `read` for a detail), as `coreapi action matrix read`.
   */
  readonly action: readonly string[];
  /** The `:id` segment's name in the description and what it holds; null without one. */
  readonly id: { readonly name: string; readonly description: string } | null;
}

export const RESOURCE_DOCS: { readonly [N in ResourceName]: ResourceDoc } = {
  'matrix-list': { action: ['matrix', 'list'], summary: 'List matrices (paginated; filters, order)', id: null },
  'matrix-versions': {
    action: ['matrix', 'versions', 'list'],
    summary: 'All versions of one matrix base id',
    id: { name: 'base_id', description: 'A matrix base id, e.g. MA0004.' },
  },
  'matrix-detail': {
    action: ['matrix', 'read'],
    summary: 'One matrix: its counts (pfm), annotations, species, proteins and TFFM',
    id: { name: 'matrix_id', description: 'A matrix id, `<base_id>.<version>`.' },
  },
  'tffm-list': {
    action: ['tffm', 'list'],
    summary: 'List TFFMs (paginated; search and tax_group filters, order)',
    id: null,
  },
  'tffm-detail': {
    action: ['tffm', 'read'],
    summary: 'One TFFM',
    id: { name: 'tffm_id', description: 'A TFFM id, `<base_id>.<version>`.' },
  },
  'collection-list': { action: ['collections', 'list'], summary: 'List the collections', id: null },
  'collection-matrices': {
    action: ['collections', 'read'],
    summary: 'Matrices of one collection (paginated; filters, order)',
    id: { name: 'collection', description: 'A collection name as listed by /api/v1/collections/ (e.g. CORE).' },
  },
  'taxon-list': { action: ['taxon', 'list'], summary: 'List the taxonomic groups', id: null },
  'taxon-matrices': {
    action: ['taxon', 'read'],
    summary: 'Matrices of one taxonomic group (paginated; filters, order)',
    id: { name: 'tax_group', description: 'A taxonomic group as listed by /api/v1/taxon/ (e.g. vertebrates).' },
  },
  'species-list': { action: ['species', 'list'], summary: 'List the species (sorted by name)', id: null },
  'species-matrices': {
    action: ['species', 'read'],
    summary: 'Matrices of one species (paginated; filters, order)',
    id: { name: 'tax_id', description: 'An NCBI taxonomy id as listed by /api/v1/species/ (e.g. 9606).' },
  },
  'release-list': { action: ['releases', 'list'], summary: 'The releases this copy serves', id: null },
  'release-detail': {
    action: ['releases', 'read'],
    summary: 'One release this copy serves (contract §8.1)',
    id: {
      name: 'release',
      description:
        "A release number as listed by /api/v1/releases/ (JASPAR2016 = 6), or the release's name when it has no number.",
    },
  },
  'sites-detail': {
    action: ['sites', 'read'],
    summary: 'Binding sites of one matrix (where the release ships them)',
    id: { name: 'matrix_id', description: 'A matrix id whose detail has a non-null `sites_url`.' },
  },
  'api-root': { action: ['list'], summary: 'API root: links to the endpoints', id: null },
};

/** Each matrix filter's semantics (contract §8, §8.1): all AND-ed, applied before `version=latest`, ordering and pagination; an empty value is no filter. */
export const FILTER_DOCS: { readonly [F in MatrixFilter]: string } = {
  collection: 'Matrices of this collection (equal after upper-casing, e.g. CORE).',
  tax_group: 'Matrices of this taxonomic group (equal after lower-casing, e.g. vertebrates).',
  tax_id: 'Matrices that have this species (NCBI taxonomy id, e.g. 9606).',
  version:
    'With `latest`: keep, per base_id, the highest version among the matrices that passed the other filters. Any other value is ignored.',
  name: 'Matrices of exactly this name (case-sensitive).',
  tf_class: 'Matrices with a `class` annotation containing this text (case-insensitive).',
  tf_family: 'Matrices with a `family` annotation containing this text (case-insensitive).',
  data_type: 'Matrices with a `type` annotation (data type) containing this text (case-insensitive).',
  class:
    "The 2018 API's name of `tf_class`, with its semantics: matrices with a `class` annotation containing this text (case-insensitive); with `tf_class` too, both apply.",
  family:
    "The 2018 API's name of `tf_family`, with its semantics: matrices with a `family` annotation containing this text (case-insensitive); with `tf_family` too, both apply.",
  type: "The 2018 API's name of `data_type`, with its semantics: matrices with a `type` annotation containing this text (case-insensitive); with `data_type` too, both apply.",
  search: 'Matrices whose name, base_id or collection contains this text (case-insensitive).',
};

/** The TFFM list's filters (contract §8.1): AND-ed, applied before ordering and pagination; an empty value is no filter. */
export const TFFM_FILTER_DOCS: { readonly [F in TffmFilter]: string } = {
  search: 'TFFMs whose name, tffm_id or matrix_id contains this text (case-insensitive).',
  tax_group:
    'TFFMs whose matrix (`matrix_base_id`.`matrix_version`) has this taxonomic group (equal after lower-casing, e.g. vertebrates).',
};
