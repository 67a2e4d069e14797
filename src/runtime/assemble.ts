/**
 * Bodies assembled from fragments, one entry per format (style pattern 1: a table keyed by
 * format name, never a switch): a list page from its records' fragments and its envelope,
 * and, in a compact build, a detail from its stored body or its matrices' fragments. The build
 * writes prebuilt pages through the same table, so an assembled page equals the prebuilt one.
 * Runtime-safe subset.
 */
import { FORMATS, type FormatName } from '../api/formats.js';
import type { ListDescriptor } from '../api/resources.js';
import { htmlListPage, type HtmlListView } from '../formats/html/list-page.js';
import {
  bedBody,
  jsonList,
  jsonpWrap,
  MEME_HEADER,
  textBody,
  yamlList,
  type Envelope,
} from '../formats/list-frames.js';
import { formatApplies } from '../routes/applies.js';
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

/** The formats that apply to a view's list on its site, in the table's order (the HTML page offers them). */
function applicableFormats(view: ListView): FormatName[] {
  const out: FormatName[] = [];
  for (let i = 0; i < FORMATS.length; i++)
    if (formatApplies(FORMATS[i]!.name, FORMATS[i]!.needs, view.list, view.site)) out.push(FORMATS[i]!.name);
  return out;
}

type ListAssembler = (env: Envelope, fragments: readonly string[], view: ListView) => string | null;

const text =
  (header: string): ListAssembler =>
  (_env, fragments) =>
    textBody(fragments, header);

/** Per format: the body of a list page from its records' fragments. */
export const LIST_ASSEMBLERS: { readonly [F in FormatName]: ListAssembler } = {
  json: (env, fragments) => jsonList(env, fragments),
  // The callback was validated at the door (src/runtime/resolve.ts); the build's pages call the default.
  jsonp: (env, fragments, view) => jsonpWrap(jsonList(env, fragments), jsonpCallback(view.params) ?? DEFAULT_CALLBACK),
  yaml: (env, fragments) => yamlList(env, fragments),
  jaspar: text(''),
  transfac: text(''),
  pfm: text(''),
  meme: text(MEME_HEADER),
  bed: (_env, fragments) => bedBody(fragments),
  api: (env, fragments, view) => htmlListPage(env, fragments, view, applicableFormats(view)),
};

/**
 * The fragment format a format's list pages are made of: JSONP pages wrap the JSON records.
 * Per format, whether its records' fragments exist for lists of `items`.
 */
export const FRAGMENT_FORMAT: { readonly [F in FormatName]: FormatName } = {
  json: 'json',
  jsonp: 'json',
  yaml: 'yaml',
  jaspar: 'jaspar',
  transfac: 'transfac',
  pfm: 'pfm',
  meme: 'meme',
  bed: 'bed',
  api: 'api',
};

/** How a compact build's detail body is made: stored whole, wrapped around another format's, or from its matrices' record fragments. */
export type DetailSource =
  | { readonly stored: FormatName }
  | { readonly wrap: FormatName }
  | { readonly matrices: FormatName };

export const DETAIL_SOURCES: { readonly [F in FormatName]: DetailSource } = {
  json: { stored: 'json' },
  jsonp: { wrap: 'json' },
  yaml: { stored: 'yaml' },
  jaspar: { matrices: 'jaspar' },
  transfac: { matrices: 'transfac' },
  pfm: { matrices: 'pfm' },
  meme: { matrices: 'meme' },
  bed: { matrices: 'bed' },
  api: { stored: 'api' },
};

/** A detail body from the matrices' fragments (text formats), or null when it does not exist (bed without regions). */
export function detailFromMatrices(format: FormatName, fragments: readonly string[]): string | null {
  if (format === 'bed') return bedBody(fragments);
  return textBody(fragments, format === 'meme' ? MEME_HEADER : '');
}

/** The body of a detail whose JSON is `json`, in a wrapping format (JSONP calling `callback`). */
export const wrapDetail = (json: string, callback: string): string => jsonpWrap(json, callback);
