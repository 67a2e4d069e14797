/**
 * The build: read the dump, build the model once, write every response into a staging
 * folder beside the target, and swap it in only when everything succeeded.
 */
import { readDump } from '../dump/read-dump.js';
import { readExtras } from '../dump/extras/read-extras.js';
import type { FormatName } from '../formats/table.js';
import type { HostTarget } from '../hosts/targets.js';
import { buildRelease } from '../model/build-release.js';
import { DiskSink } from '../output/sink.js';
import { stageOutput } from '../output/swap.js';
import { resolve } from 'node:path';
import { defaultRouteOptions, type RouteOptions } from '../routes/generate.js';
import { estimateFiles } from './estimate.js';
import { PhaseClock, type BuildEvents, type ReadSummary } from './progress.js';
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
  /** Told of each phase's start, progress and end, and of what reading found (progress.ts). */
  readonly events?: BuildEvents;
}

/** What a build did: what it read (also sent as the `read` event), what it wrote, how long it took. */
export interface BuildSummary extends ReadSummary {
  readonly files: number;
  readonly bytes: number;
  readonly seconds: number;
}

/**
 * The deploy folder of a site: beside it, named after it (`dist` → `dist.deploy`), so host
 * configuration that must not be served (nginx, Apache, CloudFront) never enters the site.
 */
export const deployDirFor = (out: string): string => `${resolve(out)}.deploy`;

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

export async function build(options: BuildOptions): Promise<BuildSummary> {
  const started = performance.now();
  const events = options.events;
  const reading = new PhaseClock(events, 'read', null);
  let read = { files: 0, bytes: 0 };
  const raw = await readDump(options.dump, (done, total) => reading.progress((read = done), total));
  const { release, warnings, yearFrom } = buildRelease(raw, { year: options.year ?? null, releaseName: options.releaseName ?? null, extras: readExtras(options.dump) });
  const readSeconds = reading.end(read);
  const { info } = release;
  const readSummary: ReadSummary = { shape: raw.shape, release: info.name, year: info.year, yearFrom, matrices: release.matrices.length, tffms: release.tffms.length, warnings, readSeconds };
  events?.({ type: 'read', summary: readSummary });
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
    const writing = new PhaseClock(events, 'write', events ? { files: estimateFiles(release, site), bytes: 0 } : null);
    try {
      await writeSite(release, sink, site, {
        tick: async (files) => {
          writing.progress({ files, bytes: sink.bytes });
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
    const written = { files: sink.files, bytes: sink.bytes };
    writing.end(written);
    const swapping = new PhaseClock(events, 'swap', written);
    staged.commit();
    stagedDeploy.commit();
    swapping.end(written);
    return { ...readSummary, files: sink.files, bytes: sink.bytes, seconds: (performance.now() - started) / 1000 };
  } finally {
    staged.discard();
    stagedDeploy.discard();
  }
}
