/**
 * The table the CloudFront function reads (src/hosts/cloudfront/function.ts): everything the
 * rules tier's answer depends on besides the request, derived at bundle time from the resource,
 * format and error tables, the path function and the site (src/hosts/cloudfront/table.ts), so
 * the function holds logic only and fits CloudFront's 10 KB. Keys are one letter because the
 * table is shipped inside the function as JSON and property names are not minified.
 * Types only: nothing here runs.
 */

/** An error answer: status and the `detail` text, where the marker E.m stands for a value (a method, a release, what is not prebuilt). */
export type CfError = readonly [status: number, detail: string];

export interface CfResource {
  /** URL segments below `/api/v1/` (src/api/resources.ts); `:id` is the one parameter. */
  readonly s: readonly string[];
  /** Index into {@link CfTable.C}: the formats that apply to it on this site. */
  readonly c: number;
  /**
   * Its file (src/routes/paths.ts `routeFile` with placeholders) below `<B>/<format folder>/`,
   * without `.<extension>`: `:id`; a list's is its path here and {@link CfTable.M} after it
   * (`:f` filter pairs, `:s` page size, `:o` order, `:p` page).
   */
  readonly t: string;
  /** Lists (and only lists): index into {@link CfTable.P}, how it reads a request and what was prebuilt for it. */
  readonly p?: number;
}

/**
 * A list's prebuilt plan (src/routes/prebuilt-plan.ts) with what it reads, serialized: indices
 * into {@link CfTable.G} of the fields it orders by, the filters it reads (in the order the
 * runtime reads and refuses them), the order fields prebuilt (each both ways) on the whole list
 * and on a filtered selection; then the filters whose selections are prebuilt, in path order,
 * each with its stored case ('u' upper, 'l' lower, '' as sent).
 */
export type CfPlan = readonly [
  fields: number,
  reads: number,
  orders: number,
  filteredOrders: number,
  filters: readonly (readonly [key: string, fold: string])[],
];

export interface CfTable {
  /** Every format name (a DRF suffix is cut off only when it names one). */
  readonly A: readonly string[];
  /** The site's formats in negotiation order: name, extension, 1 when default, media type (no parameters) split at `/`. */
  readonly F: readonly (readonly [name: string, ext: string, isDefault: number, main: string, sub: string])[];
  /** Format sets (indices into F), shared by resources. */
  readonly C: readonly (readonly number[])[];
  /** Order-field and filter sets, shared by plans. */
  readonly G: readonly (readonly string[])[];
  /** Resources in matching order. */
  readonly R: readonly CfResource[];
  /** The lists' plans, shared by lists. */
  readonly P: readonly CfPlan[];
  /** Filters that filter with one value only (`version`: `latest`), and that value (the plans' `only`). */
  readonly Q: { readonly [key: string]: string };
  /** JSONP (contract §8.1): the format's name, the callback name its files call, what the refusal of another name says (E.U's marker). */
  readonly K: readonly [format: string, name: string, refusal: string];
  /** Prebuilt page sizes, the same for every plan (PrebuiltLists has one list of them), so held once. */
  readonly Z: readonly number[];
  /** Releases, newest first: lower-cased name, year (or null), root folder. */
  readonly L: readonly (readonly [name: string, year: string | null, root: string])[];
  /** Headers of every API answer, then those an error answer adds (its Content-Type); lower-cased names. */
  readonly H: { readonly [name: string]: string };
  readonly J: { readonly [name: string]: string };
  /** The folder of the API's response files (src/routes/paths.ts `FILES_ROOT`). */
  readonly B: string;
  /** Longest target answered; site paths never served; the folder of a list's JSON no format named. */
  readonly X: number;
  readonly N: readonly string[];
  readonly D: string;
  /** Endpoints no copy computes (src/api/errors.ts `UNOFFERED_ENDPOINTS`): the segment below `/api/v1/` and its refusal. */
  readonly V: readonly (readonly [segment: string, error: CfError])[];
  /**
   * The API's own documents (src/api/documents.ts): each one's path below `/api/v1/` and its
   * variants: the `format=` value that picks it, its file (an index into {@link CfTable.S}), and
   * the Accept types that pick it when no format is named (an index into {@link CfTable.Y});
   * a document's first variant is served when neither picks another.
   */
  readonly T: readonly (readonly [
    segment: string,
    variants: readonly (readonly [format: string, file: number, accept?: number])[],
  ])[];
  /** The documents' files, each once, below {@link CfTable.I}. */
  readonly S: readonly string[];
  /** The end of every list's template ({@link CfResource.t} holds the rest). */
  readonly M: string;
  /** The folder every document file is in (`static/`). */
  readonly I: string;
  /** Accept type lists of the documents, `|`-separated, lower case. */
  readonly Y: readonly string[];
  /** Errors (src/api/errors.ts); `m` is the marker a value replaces in M, R and U. */
  readonly E: {
    readonly m: string;
    readonly N: CfError;
    readonly I: CfError;
    readonly A: CfError;
    readonly B: CfError;
    readonly L: CfError;
    readonly M: CfError;
    readonly R: CfError;
    readonly U: CfError;
    /** A callback that is no name (400). */
    readonly C: CfError;
  };
}
