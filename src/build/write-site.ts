/**
 * Renders every route of a release through the format table and writes it to a sink, with
 * the error bodies, host configuration and build manifest. Returns counts; the caller owns
 * the sink (disk or memory).
 */
import { FragmentCache, type RenderContext } from '../formats/context.js';
import { formatSpec } from '../formats/table.js';
import { hostFiles, NEEDS_SUFFIX_ALIASES, type HostTarget, type SuffixAlias } from '../hosts/targets.js';
import { ruleTable } from '../hosts/rules.js';
import type { Release } from '../model/types.js';
import type { Sink } from '../output/sink.js';
import { detailInstances, detailRoutes, listRoutes, listVariants, pageCount, type RouteOptions } from '../routes/generate.js';
import { ERROR_BODIES, ERROR_FILES, routeFile, suffixAliasFile, type ErrorName } from '../routes/paths.js';
import { indexRelease } from '../routes/release-index.js';
import type { RecordContext } from '../routes/resources.js';
import type { Route } from '../routes/route.js';
import { effectivePageSize } from '../routes/route.js';
import { detailResponse, listPage, RecordCache, type PageResponse } from './responses.js';
import { manifestFile, type SiteManifest } from './manifest.js';
import { assetFiles } from './assets.js';

export interface SiteOptions extends RouteOptions {
  readonly baseUrl: string;
  readonly targets: readonly HostTarget[];
}

export interface WriteProgress {
  /** Called every few hundred files; may throw to abort (e.g. on a signal). */
  tick?(files: number): void | Promise<void>;
}

function render(route: Route, response: PageResponse, ctx: RenderContext): string | null {
  const spec = formatSpec(route.format);
  if (!spec) throw new Error(`no format ${route.format}`);
  return spec.render({ route, data: response.data, matrices: response.matrices }, ctx);
}

/**
 * Write the whole site for `release` into `sink`; host configuration that is not to be served
 * (nginx, Apache, CloudFront) into `deploy`, the folder beside the site (docs/deploy.md).
 */
export async function writeSite(release: Release, sink: Sink, options: SiteOptions, progress: WriteProgress = {}, deploy?: Sink): Promise<number> {
  const index = indexRelease(release);
  const recordCtx: RecordContext = {
    baseUrl: options.baseUrl,
    tffmFiles: { has: (id, file) => release.tffmFiles.get(id)?.has(file) ?? false },
    releaseRecord: { name: release.info.name, year: release.info.year, matrices: release.matrices.length, tffms: release.tffms.length },
  };
  const ctx: RenderContext = { baseUrl: options.baseUrl, release: release.info, cache: new FragmentCache(), index, routes: options };
  const records = new RecordCache(recordCtx);
  let files = 0;
  const put = async (path: string, body: string | Uint8Array) => {
    sink.write(path, body);
    if (++files % 64 === 0) await sink.settle?.(64);
    if (files % 500 === 0) await progress.tick?.(files);
  };

  for (const variant of listVariants(index, options)) {
    const pages = pageCount(variant.items.length, effectivePageSize(variant.pageSize));
    for (const route of listRoutes(variant, options)) {
      const page = route.page === 'last' ? pages : route.page;
      const body = render(route, listPage(variant, route, page, options.baseUrl, records), ctx);
      if (body !== null) await put(routeFile(route), body);
    }
  }
  const aliases: SuffixAlias[] = [];
  const writeAliases = options.targets.some((t) => NEEDS_SUFFIX_ALIASES.has(t));
  for (const { resource, params, item } of detailInstances(index)) {
    const response = detailResponse(resource, item, recordCtx, index);
    for (const route of detailRoutes(resource, params, options)) {
      const body = render(route, response, ctx);
      if (body === null) continue;
      await put(routeFile(route), body);
      const alias = writeAliases ? suffixAliasFile(route) : null;
      if (alias) {
        await put(alias, body);
        aliases.push({ path: `/${alias}`, mediaType: formatSpec(route.format)?.mediaType ?? '' });
      }
    }
  }
  for (const [name, path] of Object.entries(ERROR_FILES)) await put(path, ERROR_BODIES[name as ErrorName]);
  for (const asset of assetFiles(index, ctx, options)) await put(asset.path, asset.content);

  const rules = ruleTable(options);
  for (const file of hostFiles(options.targets, rules, options, { aliases })) {
    if (file.place !== 'deploy') await put(file.path, file.content);
    else if (deploy) deploy.write(file.path, file.content, file.mode);
    else throw new Error(`no deploy folder to write ${file.path} into`);
  }
  const manifest: SiteManifest = {
    generator: 'jaspar-static',
    release: release.info,
    baseUrl: options.baseUrl,
    formats: [...options.formats],
    pageSizes: [...options.pageSizes],
    orderFields: options.orderFields === null ? null : [...options.orderFields],
    filterKeys: options.filterKeys === null ? null : [...options.filterKeys],
    filterOrders: options.filterOrders,
    withSites: options.withSites,
    targets: [...options.targets],
    counts: { matrices: release.matrices.length, tffms: release.tffms.length },
  };
  await put(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`);
  await sink.settle?.(0);
  await deploy?.settle?.(0);
  return files;
}
