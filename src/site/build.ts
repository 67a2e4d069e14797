/**
 * The build: read the dump, build the model once, write every response into a staging
 * folder beside the target, and swap it in only when everything succeeded. One build at a
 * time per target (a lock beside it); what dead builds left there is cleaned up first.
 */
import { withSqliteTables } from '../download/files.js';
import { readDump, resolveDump } from '../dump/read-dump.js';
import { EXTRA_FOLDERS, readExtras } from '../dump/extras/read-extras.js';
import { isTableFile } from '../dump/flat/files.js';
import { UserError } from '../errors.js';
import type { FormatName } from '../api/formats.js';
import type { HostTarget } from '../targets/registry.js';
import { buildRelease } from '../model/build-release.js';
import type { Release } from '../model/types.js';
import { diskError } from '../output/disk-errors.js';
import { changedInputs, snapshotInputs } from '../output/input-snapshot.js';
import { lockOutput, type OutputLock } from '../output/lock.js';
import { DiskSink } from '../output/sink.js';
import { unchangedSince, writeRecord } from '../output/build-record.js';
import { emptyTrash, removeStale } from '../output/stale.js';
import { stampTree } from '../output/tree-stamp.js';
import { stageOutput } from '../output/swap.js';
import { limitWarnings, type LimitWarning } from '../targets/limits.js';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { basename, relative, resolve, sep } from 'node:path';
import { defaultRouteOptions, type RouteOptions } from '../plan/generate.js';
import { estimateFiles } from './estimate.js';
import { changesAgainst, NO_CHANGES, type Changes } from './changes.js';
import { buildFingerprint } from './fingerprint.js';
import { checkOutputFolders, type Replacement } from './replace-guard.js';
import type { HostSystem } from './system.js';
import { PhaseClock, type BuildEvents, type ReadSummary } from './progress.js';
import { writeSite } from './write-site.js';
import { releaseAbout, type ForRelease } from './release-about.js';

export interface BuildOptions extends Partial<Omit<RouteOptions, 'formats'>> {
  /** One release dump, or several for a site serving each (compute hosts only; docs/release-day.md). */
  readonly dump: string | readonly string[];
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
  /** `--strict-limits`: a platform limit of a chosen target that the site breaks fails the build, before the swap. */
  readonly strictLimits?: boolean;
  /** Replace `out` and the deploy folder even when they are not this tool's (replace-guard.ts); some folders are never replaced. */
  readonly force?: boolean;
  /** `--release-pubmed`: the PubMed id of the newest release, or of a year's (release-about.ts). */
  readonly releasePubmed?: readonly ForRelease<number>[];
  /** `--release-website`: the website of the newest release, or of a year's. */
  readonly releaseWebsite?: readonly ForRelease<string>[];
  /** The machine's root and mount points, for the folder guard; tests give a fake root (system.ts). */
  readonly system?: HostSystem;
  /** Hears what the build did beside the target (stale locks and staging folders removed); the CLI prints it. */
  readonly log?: (line: string) => void;
}

/** What a build did: what it read (also sent as the `read` event), what it wrote, how long it took. */
export interface BuildSummary extends ReadSummary {
  readonly files: number;
  readonly bytes: number;
  readonly seconds: number;
  /** The site and deploy folders against the previous ones (changes.ts). */
  readonly changes: Changes;
  /** False when the previous site was kept as it was (same fingerprint, untouched since). */
  readonly rebuilt: boolean;
  /** The chosen targets' platform limits this site breaks (src/targets/limits.ts); none when it was kept as it was. */
  readonly limits: readonly LimitWarning[];
}

/**
 * The deploy folder of a site: beside it, named after it (`dist` → `dist.deploy`), so host
 * configuration that must not be served (nginx, Apache, CloudFront) never enters the site.
 */
export const deployDirFor = (out: string): string => `${resolve(out)}.deploy`;

/** What the input snapshot and the fingerprint cover: what the readers read. */
const DUMP_INPUTS = { isTable: isTableFile, extraFolders: EXTRA_FOLDERS };

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The folder holding the most files directly. */
function largestFolder(counts: ReadonlyMap<string, number>): { path: string; files: number } {
  let best = { path: '', files: 0 };
  for (const [path, files] of counts) if (files > best.files) best = { path, files };
  return best;
}

export async function build(options: BuildOptions): Promise<BuildSummary> {
  const log = options.log ?? (() => {});
  const deployDir = options.deployDir ?? deployDirFor(options.out);
  const written = { files: 0, bytes: 0, diskBytes: 0 };
  const locks: OutputLock[] = [];
  // Before any work (the dump is not read yet): refuse to replace folders that are not ours.
  const replacing = checkOutputFolders(
    options.out,
    deployDir,
    options.deployDir !== undefined,
    typeof options.dump === 'string' ? [options.dump] : options.dump,
    options.force === true,
    options.system,
  );
  try {
    locks.push(lockOutput(options.out, log));
    locks.push(lockOutput(deployDir, log));
    await removeStale(options.out, log);
    await removeStale(deployDir, log);
    return await buildLocked(options, deployDir, written, replacing);
  } catch (err) {
    // Mapped here, after the staging folder is gone, so the free space reported is real.
    throw diskError(err, options.out, written) ?? err;
  } finally {
    for (const lock of locks) lock.release();
  }
}

/** Read one dump into a release, checking nothing wrote to it meanwhile. */
async function readRelease(given: string, options: BuildOptions) {
  // A folder holding one dump file and no tables (what `fetch` writes) is that file.
  const { path: dump, note } = resolveDump(given);
  const reading = new PhaseClock(options.events, 'read', null);
  let read = { files: 0, bytes: 0 };
  const before = await snapshotInputs(dump, DUMP_INPUTS);
  const raw = await readDump(dump, (done, total) => reading.progress((read = done), total));
  const extras = readExtras(dump);
  const changed = changedInputs(before, await snapshotInputs(dump, DUMP_INPUTS));
  if (changed.length > 0) {
    throw new UserError(
      `the dump changed while it was read (${changed.slice(0, 3).join('; ')}); build again once nothing writes to it`,
      { file: dump },
    );
  }
  const built = buildRelease(raw, {
    year: options.year ?? null,
    releaseName: options.releaseName ?? null,
    extras,
  });
  const { warnings, yearFrom } = built;
  // The download area's JASPAR<year>.sqlite (contract §9).
  const release = withSqliteTables(built.release, raw);
  const readSeconds = reading.end(read);
  const { info } = release;
  const summary: ReadSummary = {
    shape: note === null ? raw.shape : `${raw.shape} ${basename(dump)} (${note})`,
    release: info.name,
    year: info.year,
    yearFrom,
    matrices: release.matrices.length,
    tffms: release.tffms.length,
    warnings,
    readSeconds,
    notServed: raw.notServed ?? [],
  };
  options.events?.({ type: 'read', summary });
  return { dump, release, summary, inputs: before.keys() };
}

/** Newest first (by year, then name); two dumps of one release name are refused. */
function newestFirst<T extends { dump: string; release: Release }>(read: T[]): T[] {
  const sorted = [...read].sort(
    (a, b) =>
      (b.release.info.year ?? -1) - (a.release.info.year ?? -1) || (a.release.info.name < b.release.info.name ? 1 : -1),
  );
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i]!.release.info.name === sorted[i - 1]!.release.info.name) {
      throw new UserError(
        `${sorted[i - 1]!.dump} and ${sorted[i]!.dump} are both release ${sorted[i]!.release.info.name}: a site serves each release once`,
      );
    }
  }
  return sorted;
}

/** One dump's fingerprint as before; several dumps: the digest of each one's, newest first. */
async function fingerprintOf(
  read: readonly { dump: string; inputs: Iterable<string> }[],
  settings: unknown,
): Promise<string> {
  if (read.length === 1) return buildFingerprint(read[0]!.dump, read[0]!.inputs, settings);
  const parts = await Promise.all(read.map((r) => buildFingerprint(r.dump, r.inputs, settings)));
  return createHash('sha256').update(parts.join('\n')).digest('hex');
}

async function buildLocked(
  options: BuildOptions,
  deployDir: string,
  written: { files: number; bytes: number; diskBytes: number },
  replacing: { site: Replacement; deploy: Replacement },
): Promise<BuildSummary> {
  const log = options.log ?? (() => {});
  const started = performance.now();
  const events = options.events;
  const dumps = typeof options.dump === 'string' ? [options.dump] : options.dump;
  const read = [];
  for (const dump of dumps) read.push(await readRelease(dump, options));
  const ordered = newestFirst(read);
  const releases = ordered.map((r) => r.release);
  const release = releases[0]!;
  const readSummary = ordered[0]!.summary;
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
    // Configuration that points at the site (Cloudflare's wrangler.toml) does so from the deploy
    // folder; Netlify's netlify.toml names both folders from their common parent.
    siteFromDeploy: relative(resolve(deployDir), resolve(options.out)).split(sep).join('/'),
    deployFromSite: relative(resolve(options.out), resolve(deployDir)).split(sep).join('/'),
    withSites: releases.some((r) => r.matrices.some((m) => m.sites !== null)),
    releaseAbout: releaseAbout(releases, options.releasePubmed ?? [], options.releaseWebsite ?? []),
  };
  // A site built from the same bytes, options and generator, untouched since: nothing to write.
  // (Not with an injected sink: tests that inject write failures must reach the writer.)
  const settings = {
    ...site,
    ...(releases.length === 1 ? { release: release.info } : { releases: releases.map((r) => r.info) }),
    out: resolve(options.out),
    deployDir: resolve(deployDir),
  };
  const fingerprint = options.openSink ? null : await fingerprintOf(ordered, settings);
  const kept = fingerprint === null ? null : await unchangedSince(options.out, deployDir, fingerprint);
  options.signal?.throwIfAborted();
  if (kept !== null) {
    const unchanged = kept.site.files + kept.deploy.files;
    return {
      ...readSummary,
      files: kept.site.files,
      bytes: kept.site.bytes,
      seconds: (performance.now() - started) / 1000,
      changes: { ...NO_CHANGES, unchanged },
      rebuilt: false,
      limits: [],
    };
  }
  // What --force replaces (not a site of ours) is kept in a trash folder until the next build.
  const staged = stageOutput(options.out, replacing.site === 'forced');
  const stagedDeploy = stageOutput(deployDir, replacing.deploy === 'forced');
  let sink: DiskSink | null = null;
  try {
    // Files equal to the live site's are hard-linked from it (sink.ts): unchanged inode and mtime.
    const live = (dir: string) => (existsSync(dir) ? resolve(dir) : null);
    const out = options.openSink ? options.openSink(staged.staging) : new DiskSink(staged.staging, live(options.out));
    sink = out;
    const deploy = new DiskSink(stagedDeploy.staging, live(deployDir));
    const writing = new PhaseClock(
      events,
      'write',
      events ? { files: releases.reduce((sum, r) => sum + estimateFiles(r, site, releases), 0), bytes: 0 } : null,
    );
    try {
      await writeSite(
        releases.length === 1 ? release : releases,
        out,
        site,
        {
          tick: async (files) => {
            writing.progress({ files, bytes: out.bytes });
            // Let signal handlers run, then stop if one asked us to.
            await yieldToEventLoop();
            options.signal?.throwIfAborted();
          },
        },
        deploy,
      );
    } catch (err) {
      // Let background writes finish before the staging folder is removed, so none lands after.
      await Promise.allSettled([out.settle(0), deploy.settle(0)]);
      throw err;
    }
    options.signal?.throwIfAborted();
    const done = { files: out.files, bytes: out.bytes };
    writing.end(done);
    // The chosen targets' platform limits, measured on what was written (docs/hosting.md).
    const limits = limitWarnings(options.targets, { files: out.files, largestFolder: largestFolder(out.folderFiles) });
    if (options.strictLimits && limits.length > 0)
      throw new UserError(
        `the site breaks ${limits.length} platform limit${limits.length === 1 ? '' : 's'} (--strict-limits): ${limits.map((l) => l.message).join('; ')}`,
        { file: options.out },
      );
    const changes = await changesAgainst([
      [out, options.out],
      [deploy, deployDir],
    ]);
    const [siteStamp, deployStamp] =
      fingerprint === null
        ? [null, null]
        : await Promise.all([stampTree(staged.staging), stampTree(stagedDeploy.staging)]);
    // The record goes into the staged deploy folder (stamped without it), so it is swapped in with what it describes.
    if (fingerprint !== null && siteStamp && deployStamp)
      await writeRecord(stagedDeploy.staging, { fingerprint, site: siteStamp, deploy: deployStamp });
    const swapping = new PhaseClock(events, 'swap', done);
    // Both renames first, then the old trees are removed (discard, below): a kill between
    // leaves the new site with its new configuration, never the new site with the old one.
    await staged.commit();
    await stagedDeploy.commit();
    for (const [stage, dir] of [
      [staged, options.out],
      [stagedDeploy, deployDir],
    ] as const) {
      const kept = stage.kept();
      await emptyTrash(dir, kept, log);
      if (kept !== null) log(`replaced ${dir} (--force): what it held is kept in ${kept} until the next build`);
    }
    swapping.end(done);
    return { ...readSummary, ...done, seconds: (performance.now() - started) / 1000, changes, rebuilt: true, limits };
  } finally {
    if (sink) Object.assign(written, { files: sink.files, bytes: sink.bytes, diskBytes: sink.diskBytes });
    await staged.discard();
    await stagedDeploy.discard();
  }
}
