/**
 * Bodies assembled from fragments, one entry per frame of the format table (style pattern 1: a
 * table, never a switch on a format name): a list page from its records' fragments and its envelope,
 * and, in a compact build, a detail from its stored body or its matrices' fragments. The build
 * writes prebuilt pages through the same table, so an assembled page equals the prebuilt one.
 * Runtime-safe subset.
 */
import { formatSpec, takesCallback, type Frame, type FormatName } from '../api/formats.js';
import type { ListDescriptor } from '../api/resources.js';
import { htmlListPage, type HtmlListView } from '../formats/html/runtime-safe/list-page.js';
import { bedBody, jsonList, jsonpWrap, textBody, yamlList, type Envelope } from '../formats/list-frames.js';
import { resourceFormats } from '../routes/applies.js';
import { jsonpCallback, type RequestParams } from '../routes/params.js';
import { DEFAULT_CALLBACK } from '../routes/request.js';
import type { ReleaseConfig, SiteConfig } from '../routes/site-data.js';

/** What a list page's body may show besides its records (the HTML page's navigation). */
export interface ListView extends HtmlListView {
  readonly site: SiteConfig;
  readonly release: ReleaseConfig;
  readonly list: ListDescriptor;
  readonly id: string;
  readonly format: FormatName;
  /** The request's parameters, with the pairs links keep (the suffix form counting as `format`). */
  readonly params: RequestParams;
}

type ListAssembler = (env: Envelope, fragments: readonly string[], view: ListView) => string | null;

/** Per frame of the format table: the body of a list page from its records' fragments. */
const FRAMES: { readonly [K in Frame]: ListAssembler } = {
  json: (env, fragments) => jsonList(env, fragments),
  yaml: (env, fragments) => yamlList(env, fragments),
  text: (_env, fragments, view) => textBody(fragments, formatSpec(view.format).header),
  bed: (_env, fragments) => bedBody(fragments),
  html: (env, fragments, view) => htmlListPage(env, fragments, view, resourceFormats(view.list, view.site)),
};

/**
 * The body of a list page in the view's format: its frame around the fragments, wrapped in the
 * callback for a wrapping format (validated at the door, src/runtime/resolve.ts; the build's
 * pages call the default).
 */
export function assembleList(env: Envelope, fragments: readonly string[], view: ListView): string | null {
  const body = FRAMES[formatSpec(view.format).frame](env, fragments, view);
  if (body === null || !takesCallback(view.format)) return body;
  return jsonpWrap(body, jsonpCallback(view.params) ?? DEFAULT_CALLBACK);
}

/** A detail body from the matrices' fragments (text formats), or null when it does not exist (bed without regions). */
export function detailFromMatrices(format: FormatName, fragments: readonly string[]): string | null {
  const spec = formatSpec(format);
  return spec.frame === 'bed' ? bedBody(fragments) : textBody(fragments, spec.header);
}

/** The body of a detail whose JSON is `json`, in a wrapping format (JSONP calling `callback`). */
export const wrapDetail = (json: string, callback: string): string => jsonpWrap(json, callback);
