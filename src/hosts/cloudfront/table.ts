/**
 * The CloudFront function's table (src/hosts/cloudfront/function-table.ts), derived when the
 * function is bundled: from the resource table (src/api/resources.ts) and each list's prebuilt
 * plan (src/routes/prebuilt-plan.ts, serialized as {@link CfPlan}s), the format table, the API's
 * documents (src/api/documents.ts), the error bodies and unoffered endpoints (src/api/errors.ts),
 * the path function's templates and the site's configuration. Nothing here is written by hand: a new filter, format, resource or error
 * wording reaches the function with the next build.
 */
import {
  BAD_REQUEST,
  CALLBACK_NOT_PREBUILT,
  ERROR_MEDIA_TYPE,
  INVALID_CALLBACK,
  INVALID_PAGE,
  methodNotAllowed,
  NOT_ACCEPTABLE,
  NOT_FOUND,
  releaseNotServed,
  unavailableHere,
  UNOFFERED_ENDPOINTS,
  URI_TOO_LONG,
  type ApiError,
} from '../../api/errors.js';
import { API_DOCUMENTS } from '../../api/documents.js';
import { FORMAT_NAMES, FORMATS, negotiatedType, takesCallback } from '../../api/formats.js';
import { MATRIX_FILTERS, RESOURCES } from '../../api/resources.js';
import { FILES_ROOT, LIST_MARKER, IMPLICIT_FORMAT_DIR, routeFile } from '../../routes/paths.js';
import type { Params, TemplateRoute } from '../../routes/route.js';
import { apiHeaders } from '../../runtime/answer.js';
import { formatApplies } from '../../routes/applies.js';
import { planOf, prebuiltPlans, type PrebuiltPlan } from '../../routes/prebuilt-plan.js';
import { asciiLower, DEFAULT_CALLBACK } from '../../routes/request.js';
import { MAX_URL, NOT_SERVED } from '../../runtime/resolve.js';
import type { PrebuiltLists, SiteConfig } from '../../routes/site-data.js';
import type { CfError, CfPair, CfPlan, CfResource, CfTable } from './function-table.js';

/** What stands for a value (a method, a release, the part not prebuilt) in an error's text. */
const MARK = '__V__';

function error(e: ApiError): CfError {
  const detail = (JSON.parse(e.body) as { detail: string }).detail;
  if (JSON.stringify({ detail }) !== e.body) throw new Error(`error body ${e.body} is not {"detail": …}`);
  if (detail.split(MARK).length > 2) throw new Error(`error text holds the marker ${MARK} more than once: ${detail}`);
  return [e.status, detail];
}

/** What a refusal worded by `unavailableHere` says is not available: the text the marker of `errors.unavailable` stands for. */
function unavailable(e: ApiError): string {
  const [head = '', tail = ''] = error(unavailableHere(MARK))[1].split(MARK);
  const text = error(e)[1];
  if (!text.startsWith(head) || !text.endsWith(tail)) throw new Error(`${e.body} is not worded by unavailableHere`);
  return text.slice(head.length, text.length - tail.length);
}

/** The path function's file for a route with placeholders, below its format folder and without its extension (the function adds both). */
function template(route: TemplateRoute): string {
  const file = routeFile(route, true);
  const ext = `.${FORMATS[0].extension}`;
  const head = `${FILES_ROOT}/${FORMATS[0].name}/`;
  if (!file.startsWith(head) || !file.endsWith(ext)) throw new Error(`unexpected file layout ${file}`);
  const body = file.slice(head.length, -ext.length);
  if (route.kind === 'detail') return body;
  if (!body.includes(`/${LIST_MARKER}/`)) throw new Error(`no list marker in ${file}`);
  const tail = body.slice(body.indexOf(`/${LIST_MARKER}/`)).replace(`/${LIST_MARKER}/`, `/${LIST_MARKER}/:f`);
  // Every list's file ends the same way: the table holds that tail once (CfTable.listTail).
  if (tail !== LIST_TAIL) throw new Error(`unexpected list file layout ${file}`);
  return body.slice(0, body.indexOf(`/${LIST_MARKER}/`));
}

/** The end of every list's file template below its resource's path (`/_/:f:s/:o/:p`). */
const LIST_TAIL = `/${LIST_MARKER}/:f:s/:o/:p`;

/** The runtime's API headers as CloudFront takes them (lower-cased names), those of `without` left out. */
function headers(mediaType: string | null, without: readonly (readonly [string, string])[] = []): CfPair<string>[] {
  const all = apiHeaders(mediaType);
  if (JSON.stringify(all.slice(0, without.length)) !== JSON.stringify(without))
    throw new Error(`the headers of ${mediaType} answers do not begin with every answer's`);
  return all.slice(without.length).map(([name, value]) => [name.toLowerCase(), value] as const);
}

/** The one value each filter that has one filters with (`version`: `latest`), from the plans. */
function onlyValues(plans: readonly PrebuiltPlan[]): CfPair<string>[] {
  const out = new Map<string, string>();
  for (const plan of plans)
    for (const f of plan.reads) {
      if (f.only === null) continue;
      if (out.has(f.key) && out.get(f.key) !== f.only) throw new Error(`filter ${f.key} filters with two values`);
      out.set(f.key, f.only);
    }
  return [...out];
}

/** The page sizes every plan prebuilt: the table holds them once, so they must be the same for every list. */
function pageSizes(plans: readonly PrebuiltPlan[]): readonly number[] {
  const sizes = plans[0]?.pageSizes ?? [];
  for (const plan of plans)
    if (JSON.stringify(plan.pageSizes) !== JSON.stringify(sizes))
      throw new Error(
        `${plan.list.name} prebuilds other page sizes than ${plans[0]!.list.name}: the table holds one list`,
      );
  return sizes;
}

/** The documents part of the table: each file and Accept list once, referenced by index; files below their common folder. */
function documentTable(): Pick<CfTable, 'documents' | 'documentFiles' | 'documentFolder' | 'documentAccepts'> {
  const folder = 'static/';
  const files: string[] = [];
  const accepts: string[] = [];
  const index = (list: string[], value: string): number => {
    if (!list.includes(value)) list.push(value);
    return list.indexOf(value);
  };
  const documents = API_DOCUMENTS.map((d) => {
    const variants = d.variants.map((v) => {
      if (!v.file.startsWith(folder)) throw new Error(`document file ${v.file} is not under ${folder}`);
      const file = index(files, v.file.slice(folder.length));
      return v.accept.length === 0
        ? ([v.format, file] as const)
        : ([v.format, file, index(accepts, v.accept.join('|'))] as const);
    });
    return [d.segment, variants] as const;
  });
  return { documents, documentFiles: files, documentFolder: folder, documentAccepts: accepts };
}

/** The table of a site (a full build: CloudFront serves prebuilt files only). */
export function cloudfrontTable(site: SiteConfig): CfTable {
  const prebuilt: PrebuiltLists = site.prebuilt ?? {
    pageSizes: [],
    orderFields: [],
    filterKeys: [],
    filterOrders: false,
  };
  const plans = prebuiltPlans(prebuilt);
  const formats = FORMATS.filter((f) => site.formats.includes(f.name));
  const sets: string[] = [];
  const orders: string[] = [];
  const planRows: string[] = [];
  /** The index of a value in a list of distinct values (JSON), added when new. */
  const intern = (list: string[], value: unknown): number => {
    const json = JSON.stringify(value);
    if (!list.includes(json)) list.push(json);
    return list.indexOf(json);
  };
  const resources = RESOURCES.map((r): CfResource => {
    const params: Params = r.segments.includes(':id') ? { id: ':id' } : {};
    const formatSet = intern(
      sets,
      formats.flatMap((f, i) => (formatApplies(f.name, r, site) ? [i] : [])),
    );
    // The file template, unless it is the segments joined (the function's fileTemplate).
    const file = (path: string) => (path === r.segments.join('/') ? {} : { file: path });
    if (r.kind === 'detail')
      return {
        segments: r.segments,
        formats: formatSet,
        ...file(template({ kind: 'detail', resource: r.name, params, format: FORMATS[0].name })),
      };
    const route: TemplateRoute = {
      kind: 'list',
      resource: r.name,
      params,
      filters: {},
      order: ':o',
      page: ':p',
      pageSize: ':s',
      format: FORMATS[0].name,
      formatInQuery: true,
    };
    const plan = planOf(plans, r);
    const row: CfPlan = [
      intern(orders, r.orders),
      // Its filters in MATRIX_FILTERS order (the order the runtime reads and refuses them in).
      intern(
        orders,
        MATRIX_FILTERS.filter((k) => plan.reads.some((f) => f.key === k)),
      ),
      intern(orders, plan.orderFields),
      intern(orders, plan.filteredOrderFields),
      plan.filters.map((f) => [f.key, f.fold === 'upper' ? 'u' : f.fold === 'lower' ? 'l' : ''] as const),
    ];
    return { segments: r.segments, formats: formatSet, ...file(template(route)), plan: intern(planRows, row) };
  });
  return {
    formatNames: FORMAT_NAMES,
    formats: formats.map((f) => [f.name, f.extension, f.role === 'default' ? 1 : 0, negotiatedType(f.name)] as const),
    formatSets: sets.map((s) => JSON.parse(s) as number[]),
    nameSets: orders.map((s) => JSON.parse(s) as string[]),
    resources,
    plans: planRows.map((s) => JSON.parse(s) as CfPlan),
    onlyValues: onlyValues(plans),
    jsonpFormat: FORMATS.find((f) => takesCallback(f.name))!.name,
    defaultCallback: DEFAULT_CALLBACK,
    callbackRefusal: unavailable(CALLBACK_NOT_PREBUILT),
    pageSizes: pageSizes(plans),
    releases: site.releases.map((r) => [asciiLower(r.name), r.year === null ? null : String(r.year), r.root] as const),
    apiHeaders: headers(null),
    errorHeaders: headers(ERROR_MEDIA_TYPE, apiHeaders(null)),
    filesRoot: FILES_ROOT,
    listTail: LIST_TAIL,
    maxTarget: MAX_URL,
    notServed: NOT_SERVED,
    implicitFormatDir: IMPLICIT_FORMAT_DIR,
    unoffered: UNOFFERED_ENDPOINTS.map((e) => [e.segment, error(e.error)] as const),
    ...documentTable(),
    errors: {
      marker: MARK,
      notFound: error(NOT_FOUND),
      invalidPage: error(INVALID_PAGE),
      notAcceptable: error(NOT_ACCEPTABLE),
      badRequest: error(BAD_REQUEST),
      uriTooLong: error(URI_TOO_LONG),
      methodNotAllowed: error(methodNotAllowed(MARK)),
      releaseNotServed: error(
        releaseNotServed(
          MARK,
          site.releases.map((r) => r.name),
        ),
      ),
      unavailable: error(unavailableHere(MARK)),
      invalidCallback: error(INVALID_CALLBACK),
    },
  };
}
