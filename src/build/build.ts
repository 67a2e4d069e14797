/**
 * The build: read the dump, build the model once, write every response into a staging
 * folder beside the target, and swap it in only when everything succeeded. One build at a
 * time per target (a lock beside it); what dead builds left there is cleaned up first.
 */
import { readDump } from '../dump/read-dump.js';
import { readExtras } from '../dump/extras/read-extras.js';
import { UserError } from '../errors.js';
import type { FormatName } from '../api/formats.js';
import type { HostTarget } from '../hosts/targets.js';
import { buildRelease } from '../model/build-release.js';
import { diskError } from '../output/disk-errors.js';
import { changedInputs, snapshotInputs } from '../output/input-snapshot.js';
import { lockOutput, type OutputLock } from '../output/lock.js';
import { DiskSink } from '../output/sink.js';
import { removeStale } from '../output/stale.js';
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
  /** A compact build, for hosts that run the request runtime (docs/runtime.md). */
  readonly compact?: boolean;
  /** Hears what the build did beside the target (stale locks and staging folders removed); the CLI prints it. */
  readonly log?: (line: string) => void;
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
  const log = options.log ?? (() => {});
  const deployDir = options.deployDir ?? deployDirFor(options.out);
  const written = { files: 0, bytes: 0, diskBytes: 0 };
  const locks: OutputLock[] = [];
  try {
    locks.push(lockOutput(options.out, log));
    locks.push(lockOutput(deployDir, log));
    await removeStale(options.out, log);
    await removeStale(deployDir, log);
    return await buildLocked(options, deployDir, written);
  } catch (err) {
    // Mapped here, after the staging folder is gone, so the free space reported is real.
    throw diskError(err, options.out, written) ?? err;
  } finally {
    for (const lock of locks) lock.release();
  }
}

async function buildLocked(options: BuildOptions, deployDir: string, written: { files: number; bytes: number; diskBytes: number }): Promise<BuildSummary> {
  const started = performance.now();
  const events = options.events;
  const reading = new PhaseClock(events, 'read', null);
  let read = { files: 0, bytes: 0 };
  const before = await snapshotInputs(options.dump);
  const raw = await readDump(options.dump, (done, total) => reading.progress((read = done), total));
  const extras = readExtras(options.dump);
  const changed = changedInputs(before, await snapshotInputs(options.dump));
  if (changed.length > 0) {
    throw new UserError(`the dump changed while it was read (${changed.slice(0, 3).join('; ')}); build again once nothing writes to it`, { file: options.dump });
  }
  const { release, warnings, yearFrom } = buildRelease(raw, { year: options.year ?? null, releaseName: options.releaseName ?? null, extras });
  const readSeconds = reading.end(read);
  const { info } = release;
  const readSummary: ReadSummary = { shape: raw.shape, release: info.name, year: info.year, yearFrom, matrices: release.matrices.length, tffms: release.tffms.length, warnings, readSeconds };
  events?.({ type: 'read', summary: readSummary });
  const staged = stageOutput(options.out);
  const stagedDeploy = stageOutput(deployDir);
  let sink: DiskSink | null = null;
  try {
    const out = options.openSink ? options.openSink(staged.staging) : new DiskSink(staged.staging);
    sink = out;
    const defaults = defaultRouteOptions();
    const site = {
      baseUrl: options.baseUrl.replace(/\/+$/, ''),
      formats: options.formats,
      targets: options.targets,
      pageSizes: options.pageSizes ?? defaults.pageSizes,
      orderFields: options.orderFields === undefined ? defaults.orderFields : options.orderFields,
      filterKeys: options.filterKeys === undefined ? defaults.filterKeys : options.filterKeys,
      filterOrders: options.filterOrders ?? defaults.filterOrders,
      compact: options.compact ?? false,
      withSites: release.matrices.some((m) => m.sites !== null),
    };
    const deploy = new DiskSink(stagedDeploy.staging);
    const writing = new PhaseClock(events, 'write', events ? { files: estimateFiles(release, site), bytes: 0 } : null);
    try {
      await writeSite(release, out, site, {
        tick: async (files) => {
          writing.progress({ files, bytes: out.bytes });
          // Let signal handlers run, then stop if one asked us to.
          await yieldToEventLoop();
          options.signal?.throwIfAborted();
        },
      }, deploy);
    } catch (err) {
      // Let background writes finish before the staging folder is removed, so none lands after.
      await Promise.allSettled([out.settle(0), deploy.settle(0)]);
      throw err;
    }
    options.signal?.throwIfAborted();
    const done = { files: out.files, bytes: out.bytes };
    writing.end(done);
    const swapping = new PhaseClock(events, 'swap', done);
    await staged.commit();
    await stagedDeploy.commit();
    swapping.end(done);
    return { ...readSummary, ...done, seconds: (performance.now() - started) / 1000 };
  } finally {
    if (sink) Object.assign(written, { files: sink.files, bytes: sink.bytes, diskBytes: sink.diskBytes });
    await staged.discard();
    await stagedDeploy.discard();
  }
}
