/**
 * The error answers of rules-only hosts, each with a name: hosts that answer an error with a
 * file (Netlify, Apache) serve `files/errors/<name>.json`, so every error with a body of its
 * own is a file the adapter writes (the site writer already writes `not-found` and
 * `invalid-page`, src/site/write-site.ts). Bodies come from src/api/errors.ts, the one
 * authority; the rules tier's refusals name what it cannot do (contract §8).
 */
import {
  CALLBACK_NOT_PREBUILT,
  INVALID_PAGE,
  NOT_ACCEPTABLE,
  NOT_FOUND,
  PAGE_NOT_PREBUILT,
  releaseNotServedHere,
  unavailableHere,
  UNOFFERED_ENDPOINTS,
  type ApiError,
} from '../../api/errors.js';
import { API_PREFIX, FILES_ROOT } from '../../routes/paths.js';
import { unprebuiltText, type Unprebuilt } from '../../routes/unprebuilt.js';
import type { HostFile } from '../adapter.js';

/** An error answer with the name of its file. */
export interface HostError {
  /** `[a-z-]+`: the file `files/errors/<name>.json`, and Apache's error variable. */
  readonly name: string;
  readonly error: ApiError;
}

const named = (name: string, error: ApiError): HostError => ({ name, error });
/** A refusal worded as every copy of the rules tier words it (src/routes/unprebuilt.ts). */
const refusal = (name: string, reason: Unprebuilt): HostError => named(name, unavailableHere(unprebuiltText(reason)));

export const NOT_FOUND_ERROR = named('not-found', NOT_FOUND);
export const INVALID_PAGE_ERROR = named('invalid-page', INVALID_PAGE);
export const NOT_ACCEPTABLE_ERROR = named('not-acceptable', NOT_ACCEPTABLE);

/** Error files the site writer writes for every build (src/site/write-site.ts, ERROR_FILES). */
export const SITE_WRITTEN_ERRORS: readonly string[] = [NOT_FOUND_ERROR.name, INVALID_PAGE_ERROR.name];

/** The refusals of endpoints no copy computes (`/api/v1/infer/…`), each with the path prefix it answers. */
export const UNOFFERED_ERRORS: readonly (HostError & { readonly path: string })[] = UNOFFERED_ENDPOINTS.map((e) => ({
  ...named(e.name, e.error),
  path: `${API_PREFIX}${e.segment}`,
}));

/** A `release` other than the one this site serves (a fixed body: the value cannot be echoed). */
export const releaseError = (served: readonly string[]): HostError =>
  named('release-not-served', releaseNotServedHere(served));

/** A filter this host has no prebuilt selections for. */
export const filterError = (key: string): HostError =>
  refusal(`unavailable-filter-${key.replace(/_/g, '-')}`, { kind: 'filter', key });

/** A JSONP callback other than the default (the runtime's wording, src/runtime/resolve.ts). */
export const CALLBACK_ERROR = named('unavailable-callback', CALLBACK_NOT_PREBUILT);

/** A page a host that matches the page number as written finds no file for (src/api/errors.ts). */
export const PAGE_MISSING_ERROR = named('unavailable-page', PAGE_NOT_PREBUILT);
/** An order or page size not prebuilt: a host matching exact values cannot echo the value, so the body is fixed. */
export const ORDER_ERROR = refusal('unavailable-order', { kind: 'order', order: null, filtered: false });
export const PAGE_SIZE_ERROR = refusal('unavailable-page-size', { kind: 'page-size', text: null });
export const EMPTY_SELECTION_ERROR = refusal('unavailable-empty-selection', { kind: 'empty-selection' });
/** A filter on a list's format-suffix form (`/api/v1/matrix.json?collection=CORE`), where a host keeps no rules for selections. */
export const SUFFIX_FILTER_ERROR = refusal('unavailable-suffix-filter', { kind: 'suffix-filter' });
/** A parameter name with `%` escapes: the host compares names as sent, so it cannot tell which filter it is. */
export const ENCODED_NAME_ERROR = refusal('unavailable-encoded-name', { kind: 'encoded-name' });

/** The site file of an error (relative to the site root). */
export const errorFile = (e: HostError): string => `${FILES_ROOT}/errors/${e.name}.json`;

/** The error files an adapter must write for `errors` (each once; not those the site writer writes). */
export function errorFiles(errors: readonly HostError[]): HostFile[] {
  const out: HostFile[] = [];
  const seen: string[] = [...SITE_WRITTEN_ERRORS];
  for (const e of errors) {
    if (seen.includes(e.name)) continue;
    seen.push(e.name);
    out.push({ path: errorFile(e), content: e.error.body });
  }
  return out;
}
