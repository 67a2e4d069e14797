/**
 * The build: read the dump, build the model once, write every response into a staging
 * folder beside the target, and swap it in only when everything succeeded.
 */
import { readDump } from '../dump/read-dump.js';
import { readExtras } from '../dump/extras/read-extras.js';
import type { Warning } from '../errors.js';
import type { FormatName } from '../formats/table.js';
import type { HostTarget } from '../hosts/targets.js';
import { buildRelease } from '../model/build-release.js';
import { DiskSink } from '../output/sink.js';
import { stageOutput } from '../output/swap.js';
import { resolve } from 'node:path';
import { defaultRouteOptions, type RouteOptions } from '../routes/generate.js';
import type { ReleaseSource } from '../model/release-identity.js';
import { writeSite } from './write-site.js';

export interface BuildOptions extends Partial<Omit<RouteOptions, 'formats'>> {
  readonly dump: string;
  readonly out: string;
  readonly baseUrl: string;
  readonly year?: number | null;
  /** The name the release is published under (default: `JASPAR<year>`, see release-identity.ts). */
  readonly releaseName?: string | null;
  readonly formats: readonly FormatName[];
  readonly targets: readonly HostTarget[];
  /** Checked between batches of files; a set signal aborts the build. */
  readonly signal?: AbortSignal;
  /** Where host configuration that is not to be served goes (default: {@link deployDirFor}). */
  readonly deployDir?: string;
  /** Opens the sink the site is written through (default: a DiskSink on the staging folder); tests inject write failures here. */
  readonly openSink?: (staging: string) => DiskSink;
}

export interface BuildSummary {
  readonly shape: string;
  readonly release: string;
  readonly year: number | null;
  /** Where the year came from; null when none was found. */
  readonly yearFrom: ReleaseSource | null;
  readonly matrices: number;
  readonly tffms: number;
  readonly files: number;
  readonly bytes: number;
  readonly seconds: number;
  readonly readSeconds: number;
  readonly warnings: readonly Warning[];
}

/**
 * The deploy folder of a site: beside it, named after it (`dist` → `dist.deploy`), so host
 * configuration that must not be served (nginx, Apache, CloudFront) never enters the site.
 */
export const deployDirFor = (out: string): string => `${resolve(out)}.deploy`;

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

export async function build(options: BuildOptions): Promise<BuildSummary> {
  const started = performance.now();
  const raw = await readDump(options.dump);
  const { release, warnings, yearFrom } = buildRelease(raw, { year: options.year ?? null, releaseName: options.releaseName ?? null, extras: readExtras(options.dump) });
  const readSeconds = (performance.now() - started) / 1000;
  const staged = stageOutput(options.out);
  const stagedDeploy = stageOutput(options.deployDir ?? deployDirFor(options.out));
  try {
    const sink = options.openSink ? options.openSink(staged.staging) : new DiskSink(staged.staging);
    const defaults = defaultRouteOptions();
    const site = {
      baseUrl: options.baseUrl.replace(/\/+$/, ''),
      formats: options.formats,
      targets: options.targets,
      pageSizes: options.pageSizes ?? defaults.pageSizes,
      orderFields: options.orderFields === undefined ? defaults.orderFields : options.orderFields,
      filterKeys: options.filterKeys === undefined ? defaults.filterKeys : options.filterKeys,
      filterOrders: options.filterOrders ?? defaults.filterOrders,
      withSites: release.matrices.some((m) => m.sites !== null),
    };
    const deploy = new DiskSink(stagedDeploy.staging);
    try {
      await writeSite(release, sink, site, {
        tick: async () => {
          // Let signal handlers run, then stop if one asked us to.
          await yieldToEventLoop();
          options.signal?.throwIfAborted();
        },
      }, deploy);
    } catch (err) {
      // Let background writes finish before the staging folder is removed, so none lands after.
      await Promise.allSettled([sink.settle?.(0), deploy.settle(0)]);
      throw err;
    }
    options.signal?.throwIfAborted();
    staged.commit();
    stagedDeploy.commit();
    return {
      shape: raw.shape,
      release: release.info.name,
      year: release.info.year,
      yearFrom,
      matrices: release.matrices.length,
      tffms: release.tffms.length,
      files: sink.files,
      bytes: sink.bytes,
      seconds: (performance.now() - started) / 1000,
      readSeconds,
      warnings,
    };
  } finally {
    staged.discard();
    stagedDeploy.discard();
  }
}
