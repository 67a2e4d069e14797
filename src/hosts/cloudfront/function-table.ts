/**
 * The table the CloudFront function reads (src/hosts/cloudfront/function.ts): everything the
 * rules tier's answer depends on besides the request, derived at bundle time from the resource,
 * format and error tables, the path function and the site (src/hosts/cloudfront/table.ts), so
 * the function holds logic only and fits CloudFront's 10 KB. The table is shipped inside the
 * function as a literal; its property names are shortened when the function is bundled (the
 * adapter's `functionSource`), the code and the literal alike, so they are written in full here.
 * Rows are tuples, whose fields are read through the constants below (inlined by the bundler).
 * Types and those constants only: nothing here runs.
 */

/** A pair of a table: a name (a key, a header, a segment) and what it stands for. */
export type CfPair<V> = readonly [key: string, value: V];
export const KEY = 0;
export const VALUE = 1;

/** An error answer: status and the `detail` text, where {@link CfErrors.marker} stands for a value (a method, a release, what is not prebuilt). */
export type CfError = readonly [status: number, detail: string];
export const STATUS = 0;
export const DETAIL = 1;

/** A format of the site: name, extension, 1 when it is the default format, its negotiated media type (no parameters). */
export type CfFormat = readonly [name: string, extension: string, isDefault: number, mediaType: string];
export const FORMAT_NAME = 0;
export const FORMAT_EXTENSION = 1;
export const FORMAT_IS_DEFAULT = 2;
export const FORMAT_MEDIA_TYPE = 3;

/** A release: lower-cased name, year (or null), root folder. */
export type CfRelease = readonly [name: string, year: string | null, root: string];
export const RELEASE_NAME = 0;
export const RELEASE_YEAR = 1;
export const RELEASE_ROOT = 2;

export interface CfResource {
  /** URL segments below `/api/v1/` (src/api/resources.ts); `:id` is the one parameter. */
  readonly segments: readonly string[];
  /** Index into {@link CfTable.formatSets}: the formats that apply to it on this site. */
  readonly formats: number;
  /**
   * Its file (src/routes/paths.ts `routeFile` with placeholders) below `<filesRoot>/<format folder>/`,
   * without `.<extension>`: `:id`; a list's is its path here and {@link CfTable.listTail} after it
   * (`:f` filter pairs, `:s` page size, `:o` order, `:p` page). Absent when it is the segments
   * joined by `/`, as most are (function-list.ts `fileTemplate`).
   */
  readonly file?: string;
  /** Lists (and only lists): index into {@link CfTable.plans}, how it reads a request and what was prebuilt for it. */
  readonly plan?: number;
}

/**
 * A list's prebuilt plan (src/routes/prebuilt-plan.ts) with what it reads, serialized: indices
 * into {@link CfTable.nameSets} of the fields it orders by, the filters it reads (in the order the
 * runtime reads and refuses them), the order fields prebuilt (each both ways) on the whole list
 * and on a filtered selection; then the filters whose selections are prebuilt, in path order,
 * each with its stored case ('u' upper, 'l' lower, '' as sent).
 */
export type CfPlan = readonly [
  fields: number,
  reads: number,
  orders: number,
  filteredOrders: number,
  filters: readonly CfPair<string>[],
];
export const PLAN_FIELDS = 0;
export const PLAN_READS = 1;
export const PLAN_ORDERS = 2;
export const PLAN_FILTERED_ORDERS = 3;
export const PLAN_FILTERS = 4;

/** A variant of an API document: the `format=` value that picks it, its file (index into {@link CfTable.documentFiles}), the Accept types that pick it when no format is named (index into {@link CfTable.documentAccepts}). */
export type CfVariant = readonly [format: string, file: number, accept?: number];
export const VARIANT_FORMAT = 0;
export const VARIANT_FILE = 1;
export const VARIANT_ACCEPT = 2;

/** Errors (src/api/errors.ts); `marker` is what a value replaces in `methodNotAllowed`, `releaseNotServed` and `unavailable`. */
export interface CfErrors {
  readonly marker: string;
  readonly notFound: CfError;
  readonly invalidPage: CfError;
  readonly notAcceptable: CfError;
  readonly badRequest: CfError;
  readonly uriTooLong: CfError;
  readonly methodNotAllowed: CfError;
  readonly releaseNotServed: CfError;
  readonly unavailable: CfError;
  /** A callback that is no name (400). */
  readonly invalidCallback: CfError;
}

export interface CfTable {
  /** Every format name (a DRF suffix is cut off only when it names one). */
  readonly formatNames: readonly string[];
  /** The site's formats in negotiation order. */
  readonly formats: readonly CfFormat[];
  /** Format sets (indices into {@link formats}), shared by resources. */
  readonly formatSets: readonly (readonly number[])[];
  /** Order-field and filter sets, shared by plans. */
  readonly nameSets: readonly (readonly string[])[];
  /** Resources in matching order. */
  readonly resources: readonly CfResource[];
  /** The lists' plans, shared by lists. */
  readonly plans: readonly CfPlan[];
  /** Filters that filter with one value only (`version`: `latest`), and that value (the plans' `only`). */
  readonly onlyValues: readonly CfPair<string>[];
  /** JSONP (contract §8.1): the format's name, the callback name its files call, what the refusal of another name says (the marker of `errors.unavailable`). */
  readonly jsonpFormat: string;
  readonly defaultCallback: string;
  readonly callbackRefusal: string;
  /** Prebuilt page sizes, the same for every plan (PrebuiltLists has one list of them), so held once. */
  readonly pageSizes: readonly number[];
  /** Releases, newest first. */
  readonly releases: readonly CfRelease[];
  /** Headers of every API answer, then those an error answer adds (its Content-Type); lower-cased names. */
  readonly apiHeaders: readonly CfPair<string>[];
  readonly errorHeaders: readonly CfPair<string>[];
  /** The folder of the API's response files (src/routes/paths.ts `FILES_ROOT`). */
  readonly filesRoot: string;
  /** Longest target answered. */
  readonly maxTarget: number;
  /** Site paths never served. */
  readonly notServed: readonly string[];
  /** The folder of a list's JSON no format named. */
  readonly implicitFormatDir: string;
  /** Endpoints no copy computes (src/api/errors.ts `UNOFFERED_ENDPOINTS`): the segment below `/api/v1/` and its refusal. */
  readonly unoffered: readonly CfPair<CfError>[];
  /**
   * The API's own documents (src/api/documents.ts): each one's path below `/api/v1/` and its
   * variants; a document's first variant is served when neither `format` nor Accept picks another.
   */
  readonly documents: readonly CfPair<readonly CfVariant[]>[];
  /** The documents' files, each once, below {@link documentFolder}. */
  readonly documentFiles: readonly string[];
  /** The folder every document file is in (`static/`). */
  readonly documentFolder: string;
  /** Accept type lists of the documents, `|`-separated, lower case. */
  readonly documentAccepts: readonly string[];
  /** The end of every list's file template ({@link CfResource.file} holds the rest). */
  readonly listTail: string;
  readonly errors: CfErrors;
}
