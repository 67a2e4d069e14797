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
import { DEFAULT_PAGE_SIZE } from '../routes/route.js';
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

function render(route: Route, response: PageResponse, ctx: RenderContext): string {
  const spec = formatSpec(route.format);
  if (!spec) throw new Error(`no format ${route.format}`);
  return spec.render({ route, data: response.data, matrices: response.matrices }, ctx);
}

/** Write the whole site for `release` into `sink`. */
export async function writeSite(release: Release, sink: Sink, options: SiteOptions, progress: WriteProgress = {}): Promise<number> {
  const index = indexRelease(release);
  const recordCtx: RecordContext = { baseUrl: options.baseUrl, tffmFiles: { has: () => false } };
  const ctx: RenderContext = { baseUrl: options.baseUrl, release: release.info, cache: new FragmentCache() };
  const records = new RecordCache(recordCtx);
  let files = 0;
  const put = async (path: string, body: string | Uint8Array) => {
    sink.write(path, body);
    if (++files % 500 === 0) await progress.tick?.(files);
  };

  for (const variant of listVariants(index)) {
    const pages = pageCount(variant.items.length, variant.pageSize ?? DEFAULT_PAGE_SIZE);
    for (const route of listRoutes(variant, options)) {
      const page = route.page === 'last' ? pages : route.page;
      await put(routeFile(route), render(route, listPage(variant, route, page, options.baseUrl, records), ctx));
    }
  }
  const aliases: SuffixAlias[] = [];
  const writeAliases = options.targets.some((t) => NEEDS_SUFFIX_ALIASES.has(t));
  for (const { resource, params, item } of detailInstances(index)) {
    const response = detailResponse(resource, item, recordCtx, index);
    for (const route of detailRoutes(resource, params, options)) {
      const body = render(route, response, ctx);
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
  for (const file of hostFiles(options.targets, rules, options, { aliases })) await put(file.path, file.content);
  const manifest: SiteManifest = {
    generator: 'jaspar-static',
    release: release.info,
    baseUrl: options.baseUrl,
    formats: [...options.formats],
    targets: [...options.targets],
    counts: { matrices: release.matrices.length, tffms: release.tffms.length },
  };
  await put(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`);
  return files;
}
