/**
 * Writes a release's site into a sink: the runtime's data (site configuration, index, fragment
 * chunks), every prebuilt list page assembled from the same fragments the runtime uses, every
 * detail through the format registry, the error bodies, assets, host configuration and the
 * build manifest. Returns the number of files; the caller owns the sink (disk or memory).
 */
import { INVALID_PAGE, NOT_FOUND } from '../api/errors.js';
import { BROWSABLE_FORMAT, formatSpec } from '../api/formats.js';
import { RESOURCES, resourceSpec, type DetailName } from '../api/resources.js';
import { FragmentCache, type RenderContext } from '../formats/context.js';
import { RENDERERS } from '../formats/registry.js';
import type { Release, ReleaseInfo } from '../model/types.js';
import { boundGarbage, collectGarbage } from '../output/memory.js';
import { IN_FLIGHT_FILES, writeTo, writtenFiles, type Sink } from '../output/sink.js';
import { DETAIL_SOURCES, type RecordContext } from '../plan/builders.js';
import { detailRoutes, listRoutes, listVariants } from '../plan/generate.js';
import { routeParams, type RequestParams } from '../routes/params.js';
import { listPageFiles, releaseRoot, routeFile, suffixAliasFile } from '../routes/paths.js';
import { pageLinks } from '../routes/links.js';
import type { PageRef } from '../routes/route.js';
import { indexRelease, type ReleaseFacts, type ReleaseIndex } from '../plan/release-index.js';
import { pageBody, type MemoPage, type PageMemo } from '../runtime/list-page.js';
import {
  indexFile,
  isPreloadable,
  SITE_FILE,
  type IndexData,
  type ReleaseConfig,
  type SiteConfig,
} from '../routes/site-data.js';
import { assetFiles } from './assets.js';
import { documentFiles } from './openapi/docs-page.js';
import { openApiDocument } from './openapi/document.js';
import { coreApiFiles } from './coreapi/document.js';
import { pageFiles } from './coreapi/pages.js';
import {
  chunkFiles,
  compactFragments,
  recordFragments,
  type FragmentSet,
  type FragmentStream,
  type Pause,
} from './fragments.js';
import { indexData } from '../plan/index-data.js';
import { manifestFile, type SiteManifest } from './manifest.js';
import { DEFAULT_DEPLOY_FROM_SITE, DEFAULT_SITE_FROM_DEPLOY } from '../hosting/adapter.js';
import {
  hostFiles,
  prepareHostFiles,
  NEEDS_SUFFIX_ALIASES,
  wantsPrecompressed,
  wantsRuntimeData,
  type SuffixAlias,
} from '../targets/registry.js';
import { precompressed } from '../hosting/compression.js';
import { gzipSync } from 'node:zlib';
import type { SiteOptions } from './site-options.js';
import { downloadPlaces, type DownloadFile } from '../download/files.js';
import { listedSteps, type ListedFile, type ListedRelease } from '../download/write.js';
import { downloadsPage, folderListings } from '../portal/downloads.js';
import { portalFiles } from './portal-files.js';
import { DOWNLOADS_PATH, pageFile } from '../portal/paths.js';
import { seriesOf, type ReleaseSeries } from './series.js';
import { bundlesMade } from '../hosting/edge/bundle.js';
import { inTurns } from './in-turns.js';

export type { SiteOptions } from './site-options.js';

export interface WriteProgress {
  /** Called every few hundred files; may throw to abort (e.g. on a signal). */
  tick?(files: number): void | Promise<void>;
  /** Looked at each time the sink is settled (every 64 files): set, the write stops with its reason. */
  signal?: AbortSignal;
}

/** Error bodies as files, for hosts that answer an error with a file (Netlify, CloudFront). */
export const ERROR_FILES = {
  'not-found': 'files/errors/not-found.json',
  'invalid-page': 'files/errors/invalid-page.json',
} as const;

/** One release, or several newest first (a multi-release site, docs/release-day.md). */
export type SiteReleases = Release | readonly Release[];

/** What the site configuration names of a release. */
type Named = { readonly info: ReleaseInfo };

const asList = <T extends Named>(releases: T | readonly T[]): readonly T[] =>
  'info' in releases ? [releases as T] : (releases as readonly T[]);

/** The runtime's view of this build: one release, or several newest first. */
export function siteConfig(releases: Named | readonly Named[], options: SiteOptions): SiteConfig {
  const list = asList(releases);
  return {
    generator: 'jaspar-static',
    baseUrl: options.baseUrl,
    releases: list.map((r) => ({
      name: r.info.name,
      year: r.info.year,
      root: releaseRoot(r.info.name, list.length > 1),
    })),
    formats: [...options.formats],
    withSites: options.withSites,
    prebuilt: options.compact
      ? null
      : {
          pageSizes: [...options.pageSizes],
          orderFields: options.orderFields && [...options.orderFields],
          filterKeys: options.filterKeys && [...options.filterKeys],
          filterOrders: options.filterOrders,
        },
  };
}

/** How much {@link listPages} remembers at once: pages whose bodies come to this many characters (it keeps their items, not the bodies). */
const MEMO_CHARS = 8 * 1024 * 1024;

/** A page the list pages' memo keeps: its items and length, and the file it is written at. */
interface KeptPage extends MemoPage {
  readonly file: string;
}

/**
 * The body of a page of the same bytes as an earlier file: its length, and the body made again
 * for a sink that asks for the bytes (a disk sink links the earlier file and never does).
 */
class SameBody {
  constructor(
    readonly length: number,
    readonly text: () => string,
  ) {}
}

/** A file of the API: its path below the release's root, its body, and the earlier file of the same bytes, if any. */
interface ApiFile {
  readonly path: string;
  readonly body: string | SameBody;
  readonly earlier?: string;
}

/**
 * Every prebuilt list page, assembled from the in-memory fragments; a page whose body is one
 * made for an earlier page (`PageMemo`) names that page's file as its `earlier`.
 */
function* listPages(
  index: IndexData,
  fragments: FragmentSet,
  site: SiteConfig,
  release: ReleaseConfig,
): Generator<ApiFile> {
  if (site.prebuilt === null) return;
  const source = (kind: string, format: string, items: readonly number[]) => {
    const all = fragments.get(kind)?.get(format);
    if (!all) throw new Error(`no ${format} fragments of ${kind}`);
    return items.map((i) => all[i]!);
  };
  // Pages remembered for reuse, forgotten all at once past a bound: the same bytes mostly recur
  // close together (page `last` after page N, the next page size or order of a selection, a
  // filter combination after the one that selected the same matrices).
  // Each remembered page with the file it is written at: the page being made (pageBody calls `set`).
  let memo = new Map<string, KeptPage>();
  let kept = 0;
  let file = '';
  // The links of the pages sharing one parameters' pairs (one variant in one format variant, below).
  const links = new WeakMap<RequestParams['pairs'], { url: string; link: (page: number | null) => string }>();
  const pageMemo: PageMemo = {
    get: (key) => memo.get(key),
    set: (key, items, body) => {
      if (kept + body.length > MEMO_CHARS) (memo = new Map()), (kept = 0);
      memo.set(key, { items, length: body.length, file });
      kept += body.length;
    },
    links: (url, pairs) => {
      let made = links.get(pairs);
      if (made === undefined || made.url !== url) links.set(pairs, (made = { url, link: pageLinks(url, pairs) }));
      return made.link;
    },
  };
  for (const variant of listVariants(index, site.prebuilt)) {
    // A variant's routes in one format variant differ in their page only: their parameters (with
    // the pairs the links keep) and their files' folder are made once.
    const shared = new Map<string, { params: RequestParams; file: (page: PageRef) => string }>();
    for (const route of listRoutes(variant, site)) {
      const formatVariant = `${route.formatInQuery ? '?' : ''}${route.format}`;
      let s = shared.get(formatVariant);
      if (s === undefined) shared.set(formatVariant, (s = { params: routeParams(route), file: listPageFiles(route) }));
      const params: RequestParams = s.params.page === route.page ? s.params : { ...s.params, page: route.page };
      const req = { site, release, list: variant.list, id: variant.id, format: route.format, params, route };
      const path = s.file(route.page);
      file = path;
      const result = pageBody(req, variant.items, source, pageMemo);
      if (result.kind === 'same') {
        // The memo hands back only what it keeps (KeptPage).
        const earlier = (result.page as KeptPage).file;
        // Made again only for a sink that wants the bytes (the same function, without the memo).
        const text = () => {
          const again = pageBody(req, variant.items, source);
          if (again.kind !== 'body') throw new Error(`list page ${path}: made again, it has no body`);
          return again.body;
        };
        yield { path, body: new SameBody(result.page.length, text), earlier };
        continue;
      }
      if (result.kind !== 'body') continue;
      yield { path, body: result.body };
    }
  }
}

/** Every detail of one resource in every format, with DRF suffix copies for hosts that need them. */
function* resourceDetails<D extends DetailName>(
  name: D,
  index: ReleaseIndex,
  records: RecordContext,
  ctx: RenderContext,
  site: SiteConfig,
  aliases: SuffixAlias[] | null,
): Generator<ApiFile> {
  const source = DETAIL_SOURCES[name];
  const resource = resourceSpec(name);
  for (const inst of source.instances(index)) {
    const data = source.data(inst.item, records, index);
    const matrices = source.matrices(inst.item);
    for (const route of detailRoutes(resource, inst.id, site)) {
      const body = RENDERERS[route.format].detail({ route, data, matrices }, ctx);
      if (body === null) continue;
      const path = routeFile(route);
      yield { path, body };
      const alias = aliases === null ? null : suffixAliasFile(route);
      if (alias !== null && aliases !== null) {
        aliases.push({ path: `/${alias}`, mediaType: formatSpec(route.format).mediaType });
        yield { path: alias, body, earlier: path };
      }
    }
  }
}

/** Every detail in every format. */
function* detailFiles(
  index: ReleaseIndex,
  records: RecordContext,
  ctx: RenderContext,
  site: SiteConfig,
  aliases: SuffixAlias[] | null,
): Generator<ApiFile> {
  for (const resource of RESOURCES)
    if (resource.kind === 'detail') yield* resourceDetails(resource.name, index, records, ctx, site, aliases);
}

/** Writes a file; with `earlier`, one of the same bytes written before (a hard link of it, sink.ts `writeSame`). */
type Put = (path: string, body: string | Uint8Array | SameBody, earlier?: string) => Promise<void>;

/** A file of a release's API or web site, written in turns (in-turns.ts); `shared` by the site's releases (assetsDone). */
interface TurnFile {
  readonly path: string;
  readonly content: string | Uint8Array | SameBody;
  readonly shared: boolean;
  /** A file of the same bytes written before. */
  readonly earlier?: string;
}

/** A file after which the writer lets the sink settle, whatever the count (sink.ts MAX_PENDING_BYTES). */
const LARGE_FILE = 1024 * 1024;

/**
 * One release's API under its root (site.releases): index, fragment chunks, prebuilt pages and
 * details. Its assets (landing page, search, logos, TFFM files) go to the site root only when
 * no newer release already wrote a file of that path (`assetsDone`).
 */
async function writeRelease(
  release: Release,
  position: number,
  served: readonly ReleaseFacts[],
  releaseConfig: ReleaseConfig,
  site: SiteConfig,
  options: SiteOptions,
  put: Put,
  assetsDone: Set<string>,
  aliases: SuffixAlias[],
  pause: Pause,
  writerBusy: () => boolean,
  downloads: Iterable<DownloadFile | null>,
): Promise<void> {
  const newest = position === 0;
  await pause();
  const index = indexRelease(release, served, options.releaseAbout);
  const records: RecordContext = {
    baseUrl: options.baseUrl,
    tffmFiles: { has: (id, file) => release.tffmFiles.get(id)?.has(file) ?? false },
  };
  const ctx: RenderContext = {
    baseUrl: options.baseUrl,
    release: release.info,
    cache: new FragmentCache(),
    index,
    routes: options,
    compact: options.compact ?? false,
    releaseRoot: releaseConfig.root,
  };
  const root = releaseConfig.root;
  await pause();
  const data = indexData(index);
  await pause();
  const fragments = await recordFragments(index, records, ctx, site, pause);
  const stored: FragmentStream = options.compact
    ? [...fragments, ...compactFragments(index, records, ctx, site)]
    : fragments;
  // Each chunk written as it is cut (a compact build's detail bodies made a kind and format at a time).
  const chunks = chunkFiles(stored, releaseConfig);
  let next = chunks.next();
  for (; !next.done; next = chunks.next()) await put(next.value.path, next.value.content);
  const full: IndexData = { ...data, chunks: next.value };
  await put(indexFile(releaseConfig), JSON.stringify(full));
  if (newest) await put(SITE_FILE, JSON.stringify(site));

  const wantAliases = newest && options.targets.some((t) => NEEDS_SUFFIX_ALIASES.has(t));
  // The API's list pages and details, below the release's root.
  function* apiFiles(): Generator<TurnFile> {
    const turnFile = (f: ApiFile): TurnFile =>
      f.earlier === undefined
        ? { path: `${root}${f.path}`, content: f.body, shared: false }
        : { path: `${root}${f.path}`, content: f.body, shared: false, earlier: `${root}${f.earlier}` };
    for (const page of listPages(full, fragments, site, releaseConfig)) yield turnFile(page);
    if (options.compact) return;
    for (const f of detailFiles(index, records, ctx, site, wantAliases ? aliases : null)) yield turnFile(f);
    if (newest) {
      yield { path: ERROR_FILES['not-found'], content: NOT_FOUND.body, shared: false };
      yield { path: ERROR_FILES['invalid-page'], content: INVALID_PAGE.body, shared: false };
    }
  }
  // Several releases live under their own folders: the root's pages link by URL, as a compact site's do.
  const assetCtx = served.length > 1 ? { ...ctx, compact: true } : ctx;
  // The web site (src/portal/), at the root: the newest release's, and the profile pages of ids only older ones
  // have; then the assets. Both are shared by the site's releases: the newest's, then what older ones add (their own logos).
  function* webFiles(): Generator<TurnFile> {
    const portal = portalFiles(
      release,
      { baseUrl: options.baseUrl, formats: options.formats, withSites: options.withSites, compact: ctx.compact },
      index.tffmByMatrix,
      newest,
    );
    for (const f of portal) yield { path: f.path, content: f.content, shared: true };
    for (const asset of assetFiles(index, assetCtx, options, full))
      yield { path: asset.path, content: asset.content, shared: true };
  }
  // The OpenAPI description and its documentation page, served at /api/v1/schema/ and /api/v1/docs/ by every host
  // (the newest release's, at the root); in a site of several releases each release's prebuilt pages link a copy under its folder.
  function* documents(): Generator<TurnFile> {
    const docs =
      newest || (root !== '' && !options.compact)
        ? documentFiles(openApiDocument(site, index), options.formats.includes(BROWSABLE_FORMAT))
        : [];
    if (newest) for (const f of docs) yield { path: f.path, content: f.content, shared: false };
    // The Core API documents and the copy's own pages (contract §8.2), at the root only: clients load them by URL.
    // They link the API root by file where the root holds the browsable pages, else by URL, as the landing page does.
    const pageLinks = { landing: options.formats.includes(BROWSABLE_FORMAT), byUrl: assetCtx.compact };
    if (newest)
      for (const f of [...coreApiFiles(site, index), ...pageFiles(site, pageLinks)])
        yield { path: f.path, content: f.content, shared: false };
    if (root !== '' && !options.compact)
      for (const f of docs) yield { path: `${root}${f.path}`, content: f.content, shared: false };
    // A release's own pages link its landing page, search and logos relatively: give it its own
    // copies under its folder (a prebuilt site of several releases; compact pages link by URL).
    if (root !== '' && !options.compact)
      for (const asset of assetFiles(index, ctx, options, full, root))
        yield { path: `${root}${asset.path}`, content: asset.content, shared: false };
  }
  // Then the release's download area (src/download/), rendered and deflated a record at a time, and the
  // API's documents: few files, much work each.
  function* costlyFiles(): Generator<TurnFile | null> {
    yield* webFiles();
    for (const f of downloads) yield f === null ? null : { path: f.path, content: f.content, shared: false };
    yield* documents();
    // What of the host files the site's configuration alone decides (src/targets/registry.ts).
    if (newest) {
      prepareHostFiles(options.targets, site);
      yield null;
    }
  }
  const mine: string[] = [];
  for (const f of inTurns(apiFiles(), costlyFiles(), writerBusy)) {
    if (f === null) continue;
    if (f.shared) {
      if (assetsDone.has(f.path)) continue;
      mine.push(f.path);
    }
    await put(f.path, f.content, f.earlier);
  }
  for (const path of mine) assetsDone.add(path);
}

/**
 * Write the whole site for `releases` (one, or several newest first, at hand or had one at a
 * time) into `sink`; host configuration that is not to be served (nginx, Apache, CloudFront)
 * into `deploy`, the folder beside the site (docs/deploy.md).
 */
export async function writeSite(
  releases: SiteReleases | ReleaseSeries,
  sink: Sink,
  options: SiteOptions,
  progress: WriteProgress = {},
  deploy?: Sink,
): Promise<number> {
  const series = 'load' in releases ? releases : seriesOf(asList<Release>(releases));
  const served = series.facts;
  const newest = served[0]!;
  const site = siteConfig(served, options);
  let files = 0;
  // The runtime data's paths only: its text is read back at the end (an nginx site preloads every release's).
  const runtimePaths = new Set<string>();
  const collect = wantsRuntimeData(options.targets);
  const gzip = options.precompress === true && wantsPrecompressed(options.targets);
  const put: Put = async (path, body, earlier) => {
    // A list page of the same bytes as an earlier one is made again only for a sink that asks for them.
    // Made once for a sink that wants the bytes of the page and of its .gz.
    let made: string | undefined;
    const bytes = body instanceof SameBody ? () => (made ??= body.text()) : () => body;
    if (collect && typeof body === 'string' && isPreloadable(path)) runtimePaths.add(path);
    writeTo(sink, path, bytes, earlier);
    // A stored .gz beside a larger answer, for hosts that serve one (deterministic: gzip's time field is 0);
    // the earlier file of the same bytes has the same one.
    if (gzip && precompressed(path, body.length)) {
      if (earlier !== undefined && sink.writeSame !== undefined && precompressed(earlier, body.length))
        sink.writeSame(`${path}.gz`, `${earlier}.gz`, () => gzipSync(bytes()));
      else sink.write(`${path}.gz`, gzipSync(bytes()));
      ++files;
    }
    // Every 64 files, and after a large one (a download bundle): the sink's backlog stays bounded in bytes too.
    if (++files % 64 === 0 || body.length >= LARGE_FILE) {
      await sink.settle?.(IN_FLIGHT_FILES);
      progress.signal?.throwIfAborted();
    }
    if (files % 500 === 0) await progress.tick?.(files);
    // Garbage kept near the release's own needs, not the whole run's high-water mark (src/output/memory.ts).
    if (files % 64 === 0 || body.length >= LARGE_FILE) boundGarbage();
  };
  const aliases: SuffixAlias[] = [];
  const assetsDone = new Set<string>();
  // The writer thread has files enough to go on with while the main thread renders costlier ones (in-turns.ts).
  const writerBusy = () => (sink.backlog?.() ?? 0) > IN_FLIGHT_FILES / 2;
  // Between batches of records rendered (no file written for seconds on a big release): signals run, and stop the write.
  const pause: Pause = async () => {
    boundGarbage();
    await new Promise<void>((done) => setImmediate(done));
    progress.signal?.throwIfAborted();
  };
  const places = downloadPlaces(served);
  const listed: ListedRelease[] = [];
  // One release at a time: its model is let go before the next one's is had (issue 46).
  // The model lives only in this function's frame, so nothing holds it once its files are written.
  const writeOne = async (i: number): Promise<ListedRelease> => {
    const release = await series.load(i);
    // JASPAR's download files (contract §9), full and compact builds alike, in turns with the API's:
    // only their paths and sizes outlive the model.
    const files: ListedFile[] = [];
    await writeRelease(
      release,
      i,
      served,
      site.releases[i]!,
      site,
      options,
      put,
      assetsDone,
      aliases,
      pause,
      writerBusy,
      listedSteps(release, places[i]!, options.baseUrl, files),
    );
    return { name: release.info.name, files };
  };
  // Bundles made ahead (build.ts) are had as made: the web site's script, then the hosts'.
  await bundlesMade();
  for (let i = 0; i < served.length; i++) {
    // The previous release collected before the next dump is read (src/output/memory.ts).
    if (i > 0) collectGarbage();
    listed.push(await writeOne(i));
  }
  // The web site's download pages: /downloads/ and a listing of every folder of /download/ (src/portal/downloads.ts).
  await put(pageFile(DOWNLOADS_PATH), downloadsPage(listed));
  for (const f of folderListings(listed, newest.info.name)) await put(f.path, f.content);

  const siteFromDeploy = options.siteFromDeploy ?? DEFAULT_SITE_FROM_DEPLOY;
  const deployFromSite = options.deployFromSite ?? DEFAULT_DEPLOY_FROM_SITE;
  await sink.settle?.(0);
  const runtimeData = collect ? writtenFiles(sink, runtimePaths) : new Map<string, string>();
  for (const file of hostFiles(options.targets, site, { aliases, siteFromDeploy, deployFromSite, runtimeData })) {
    if (file.place !== 'deploy')
      await put(file.path, typeof file.content === 'string' ? file.content : [...file.content].join(''));
    else if (deploy) deploy.write(file.path, file.content, file.mode);
    else throw new Error(`no deploy folder to write ${file.path} into`);
  }
  const manifest: SiteManifest = {
    generator: 'jaspar-static',
    release: newest.info,
    ...(served.length > 1 ? { releases: served.map((r) => r.info) } : {}),
    baseUrl: options.baseUrl,
    formats: [...options.formats],
    pageSizes: [...options.pageSizes],
    orderFields: options.orderFields === null ? null : [...options.orderFields],
    filterKeys: options.filterKeys === null ? null : [...options.filterKeys],
    filterOrders: options.filterOrders,
    withSites: options.withSites,
    compact: options.compact ?? false,
    targets: [...options.targets],
    counts: { matrices: newest.matrices, tffms: newest.tffms },
  };
  await put(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`);
  await sink.settle?.(0);
  await deploy?.settle?.(0);
  return files;
}
