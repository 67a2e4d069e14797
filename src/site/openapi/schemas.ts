/**
 * The JSON Schemas (2020-12, as OpenAPI 3.1 reads them) of the API's records and bodies, with
 * the contract's field types (§3, §4, §8.1): one per item kind of the resource table and one per
 * detail, so a kind or detail added to src/api/resources.ts without its schema is a type error.
 * The description (document.ts) places them under `components/schemas`.
 */
import type { ItemKind } from '../../api/resources.js';
import type { DetailName } from '../../api/resources.js';
import type { JsonObject } from '../../model/json.js';

const str: JsonObject = { type: 'string' };
const strOrNull: JsonObject = { type: ['string', 'null'] };
const uri: JsonObject = { type: 'string', format: 'uri' };
const uriOrNull: JsonObject = { type: ['string', 'null'], format: 'uri' };
const int: JsonObject = { type: 'integer' };
const num: JsonObject = { type: 'number' };
const numOrNull: JsonObject = { type: ['number', 'null'] };
const strings: JsonObject = { type: 'array', items: str };
/** A tax id: an integer when all digits, else the text (contract §4). */
const taxId: JsonObject = { type: ['integer', 'string'] };

/** A closed object: every key listed in `required` unless named in `optional`. */
function object(
  properties: Record<string, JsonObject>,
  optional: readonly string[] = [],
  extra: JsonObject | false = false,
): JsonObject {
  return {
    type: 'object',
    required: Object.keys(properties).filter((k) => !optional.includes(k)),
    properties,
    additionalProperties: extra,
  };
}

export const ref = (name: string): JsonObject => ({ $ref: `#/components/schemas/${name}` });

/** `{"detail": "…"}`, every error of the API (contract §3–§8). */
export const ERROR_SCHEMA: JsonObject = object({ detail: str });

const matrixRecord = (version: JsonObject): JsonObject =>
  object({ matrix_id: str, name: str, collection: str, base_id: str, version, sequence_logo: uri, url: uri });

/** A release record (contract §8.1, src/api/releases.ts): §8.1's fields, then this project's own. */
const releaseRecord: JsonObject = {
  ...object({
    release_number: {
      type: ['integer', 'null'],
      description: "JASPAR's release number (2016 = 6); null for a year off JASPAR's grid.",
    },
    year: { type: ['integer', 'null'] },
    active: { type: 'boolean', description: 'True for the release served when a request names none (the newest).' },
    pubmed_id: { type: ['integer', 'null'], description: 'Given to the build with --release-pubmed; null when not.' },
    website: uriOrNull,
    url: uri,
    name: str,
    matrices: int,
    tffms: int,
  }),
  description: 'A release this copy serves.',
};

/** The list record of each item kind (contract §3, §4, §8.1). */
export const RECORD_SCHEMAS: { readonly [K in ItemKind]: JsonObject } = {
  matrix: { ...matrixRecord(str), description: 'Matrix list record; `version` is a string here.' },
  tffm: {
    ...object({
      tffm_id: str,
      name: str,
      base_id: str,
      version: str,
      matrix_base_id: str,
      matrix_version: str,
      matrix_id: str,
      tffm_url: uri,
      matrix_url: uri,
      log_p_1st_order: strOrNull,
      log_p_detailed: strOrNull,
      experiment_name: strOrNull,
    }),
    description:
      "TFFM list record. `matrix_url` is built from the TFFM id (JASPAR's quirk); the log-p values are text as Python prints a float, null when unknown.",
  },
  collection: object({ name: str, url: uri }),
  taxon: object({ name: str, url: uri }),
  species: object({ tax_id: taxId, species: strOrNull, url: uri, matrix_url: uri }),
  release: releaseRecord,
};

const tffmModel = object({
  log_p: numOrNull,
  dense_logo: uriOrNull,
  summary_logo: uriOrNull,
  hits: uriOrNull,
  xml: uriOrNull,
});

/** Annotation keys: the five list tags and their copies are lists of strings; every other tag a string. */
const ANNOTATION_LISTS = [
  'class',
  'family',
  'tfe_id',
  'medline',
  'pazar_tf_id',
  'tfe_ids',
  'pubmed_ids',
  'pazar_tf_ids',
];

const matrixDetail: JsonObject = {
  type: 'object',
  description:
    'Matrix detail (contract §4): fixed fields, then the annotations (their keys vary from matrix to matrix: every tag other than the list tags is a string), then uniprot_ids, species, tffm.',
  required: [
    'matrix_id',
    'name',
    'base_id',
    'version',
    'collection',
    'sequence_logo',
    'versions_url',
    'sites_url',
    'pfm',
    ...ANNOTATION_LISTS,
    'uniprot_ids',
    'species',
    'tffm',
  ],
  properties: {
    matrix_id: str,
    name: str,
    base_id: str,
    version: int,
    collection: str,
    sequence_logo: uri,
    versions_url: uri,
    sites_url: uriOrNull,
    pfm: object({
      A: { type: 'array', items: num },
      C: { type: 'array', items: num },
      G: { type: 'array', items: num },
      T: { type: 'array', items: num },
    }),
    ...Object.fromEntries(ANNOTATION_LISTS.map((k) => [k, strings])),
    uniprot_ids: strings,
    species: { type: 'array', items: object({ tax_id: taxId, name: strOrNull }) },
    tffm: {
      oneOf: [
        { type: 'null' },
        object({
          tffm_id: str,
          base_id: str,
          version: int,
          log_p_1st_order: numOrNull,
          log_p_detailed: numOrNull,
          experiment_name: strOrNull,
          tffm_url: uri,
        }),
      ],
    },
  },
  additionalProperties: str,
};

/** The body of each detail resource (contract §4). */
export const DETAIL_SCHEMAS: { readonly [D in DetailName]: JsonObject } = {
  'matrix-versions': {
    ...object({ count: int, results: { type: 'array', items: matrixRecord(int) } }),
    description: 'Every version of a base id, ordered by version; `version` is an integer here. No next/previous.',
  },
  'matrix-detail': matrixDetail,
  'tffm-detail': object({
    tffm_id: str,
    base_id: str,
    version: int,
    matrix_base_id: str,
    matrix_id: str,
    matrix_url: uri,
    matrix_version: int,
    experiment_name: strOrNull,
    first_order: tffmModel,
    detailed: tffmModel,
  }),
  'sites-detail': object({
    matrix_id: str,
    name: str,
    sites: { type: 'array', items: object({ id: str, sequence: str, site: str }) },
    regions: { type: 'array', items: object({ chrom: str, start: int, end: int, name: str, score: str, strand: str }) },
  }),
  'release-detail': {
    ...releaseRecord,
    description: 'One release this copy serves, addressed by its release number (or by its name when it has none).',
  },
  'api-root': { type: 'object', description: 'Links to the endpoints, by name.', additionalProperties: uri },
};

/** The paginated envelope of a list (contract §3), keys in this order. */
export const listEnvelope = (items: JsonObject): JsonObject =>
  object({
    count: { type: 'integer', minimum: 0 },
    next: uriOrNull,
    previous: uriOrNull,
    results: { type: 'array', items },
  });
