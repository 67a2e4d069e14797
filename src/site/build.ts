/**
 * The build: read the dump, build the model once, write every response into a staging
 * folder beside the target, and swap it in only when everything succeeded. One build at a
 * time per target (a lock beside it); what dead builds left there is cleaned up first.
 */
import { UserError } from '../errors.js';
import type { FormatName } from '../api/formats.js';
import { hostBundles, type HostTarget } from '../targets/registry.js';
import { bundleSoon } from '../hosting/edge/bundle.js';
import { siteScriptSource } from './portal-files.js';
import type { Release } from '../model/types.js';
import { downloadPlaces } from '../download/files.js';
import { downloadFolders } from '../download/write.js';
import { diskError } from '../output/disk-errors.js';
import { lockOutput, type OutputLock } from '../output/lock.js';
import { DiskSink } from '../output/sink.js';
import { unchangedSince, writeRecord, type BuildRecord } from '../output/build-record.js';
import { emptyTrash, removeStale } from '../output/stale.js';
import { Spill } from '../output/spill.js';
import { stampTree, type LargestFolder, type TreeStamp } from '../output/tree-stamp.js';
import { stageOutput, type StagedOutput } from '../output/swap.js';
import { limitWarnings, type LimitWarning } from '../targets/limits.js';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { relative, resolve, sep } from 'node:path';
import { defaultRouteOptions, type RouteOptions } from '../plan/generate.js';
import { estimateFiles } from './estimate.js';
import { changesAgainst, NO_CHANGES, type Changes } from './changes.js';
import { buildFingerprint, codeDigestSoon } from './fingerprint.js';
import { checkOutputFolders, type Replacement } from './replace-guard.js';
import type { HostSystem } from './system.js';
import { PhaseClock, type BuildEvents, type ReadSummary } from './progress.js';
import { surveySeries, type SurveyedRelease } from './read-releases.js';
import type { ReleaseSeries } from './series.js';
import type { SiteOptions } from './site-options.js';
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
  /** Checked between chunks of the dump and batches of files; a set signal aborts the build. */
  readonly signal?: AbortSignal;
  /** `--max-read-mib`: the memory the dump's kept rows may take (default and measure: src/dump/limits.ts). */
  readonly maxReadMiB?: number;
  /** Where host configuration that is not to be served goes (default: {@link deployDirFor}). */
  readonly deployDir?: string;
  /** Opens the sink the site is written through (default: a DiskSink on the staging folder); tests inject write failures here. */
  readonly openSink?: (staging: string) => DiskSink;
  /** Told of each phase's start, progress and end, and of what reading found (progress.ts). */
  readonly events?: BuildEvents;
  /** A compact build, for hosts that run the request runtime (docs/runtime.md). */
  readonly compact?: boolean;
  /** `--precompress` (SiteOptions.precompress). */
  readonly precompress?: boolean;
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

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

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
    const spill = new Spill(options.out);
    try {
      return await buildLocked(options, deployDir, written, replacing, spill);
    } finally {
      await spill.remove();
    }
  } catch (err) {
    // Mapped here, after the staging folder is gone, so the free space reported is real.
    throw diskError(err, options.out, written) ?? err;
  } finally {
    for (const lock of locks) lock.release();
  }
}

/** One dump's fingerprint as before; several dumps: the digest of each one's, newest first. */
async function fingerprintOf(read: readonly SurveyedRelease[], settings: unknown): Promise<string> {
  if (read.length === 1) return buildFingerprint(read[0]!.dump, read[0]!.inputs.keys(), settings);
  const parts = await Promise.all(read.map((r) => buildFingerprint(r.dump, r.inputs.keys(), settings)));
  return createHash('sha256').update(parts.join('\n')).digest('hex');
}

/** What the build wrote so far, for a disk error's message (disk-errors.ts). */
type Written = { files: number; bytes: number; diskBytes: number };

/** The staged site and deploy folders, swapped in together. */
interface Staged {
  readonly site: StagedOutput;
  readonly deploy: StagedOutput;
}

/** The sinks the site and its deploy folder are written through. */
interface Sinks {
  readonly site: DiskSink;
  readonly deploy: DiskSink;
}

/** The steps, in order: read, settle the site's options, keep an unchanged site, or write, check, record and swap. */
async function buildLocked(
  options: BuildOptions,
  deployDir: string,
  written: Written,
  replacing: { site: Replacement; deploy: Replacement },
  spill: Spill,
): Promise<BuildSummary> {
  const started = performance.now();
  const seconds = () => (performance.now() - started) / 1000;
  // The hosts' and the web site's bundles, made by esbuild's own process while the dumps are read.
  bundleSoon([...hostBundles(options.targets), siteScriptSource()]);
  // The generator's digest (the fingerprint's), its files read while the dumps are.
  if (!options.openSink) void codeDigestSoon();
  const { read, series } = await survey(options, deployDir, spill);
  const readSummary = read[0]!.summary;
  const site = siteOptions(options, deployDir, read);
  // A site built from the same bytes, options and generator, untouched since: nothing to write.
  // (Not with an injected sink: tests that inject write failures must reach the writer.)
  const fingerprint = options.openSink ? null : await fingerprintOf(read, settings(options, deployDir, site, read));
  const kept = fingerprint === null ? null : await unchangedSince(options.out, deployDir, fingerprint);
  options.signal?.throwIfAborted();
  if (kept !== null) return keptSummary(readSummary, kept, seconds());
  // What --force replaces (not a site of ours) is kept in a trash folder until the next build.
  const staged: Staged = {
    site: stageOutput(options.out, replacing.site === 'forced'),
    deploy: stageOutput(deployDir, replacing.deploy === 'forced'),
  };
  let sinks: Sinks | null = null;
  try {
    sinks = openSinks(options, deployDir, staged);
    const done = await writeStaged(options, read, series, site, sinks);
    // The staged site as its writer stamped it (no walk of millions of files), and its largest folder, for the limits and the record.
    const limits = platformLimits(options, sinks.site, await sinks.site.largestFolder(options.signal));
    const changes = await changesAgainst(
      [
        [sinks.site, options.out],
        [sinks.deploy, deployDir],
      ],
      options.signal,
    );
    if (fingerprint !== null) await recordBuild(fingerprint, staged, sinks.site.stamp(), options.signal);
    // The last moment a signal stops the build: past it, the swap runs to its end (a few renames).
    options.signal?.throwIfAborted();
    await swapIn(options, deployDir, staged, done);
    return { ...readSummary, ...done, seconds: seconds(), changes, rebuilt: true, limits };
  } finally {
    if (sinks)
      Object.assign(written, { files: sinks.site.files, bytes: sinks.site.bytes, diskBytes: sinks.site.diskBytes });
    await staged.site.discard();
    await staged.deploy.discard();
  }
}

/** Every dump surveyed (read-releases.ts), each estimated as a site of its own when someone hears of progress. */
function survey(
  options: BuildOptions,
  deployDir: string,
  spill: Spill,
): Promise<{ read: readonly SurveyedRelease[]; series: ReleaseSeries }> {
  const dumps = typeof options.dump === 'string' ? [options.dump] : options.dump;
  const estimate = (release: Release, withSites: boolean) =>
    estimateFiles(release, { ...routeOptions(options, deployDir), withSites, releaseAbout: {} });
  return surveySeries(dumps, { ...options, ...(options.events ? { estimate } : {}) }, spill);
}

/** The site's options: the build's, each defaulted, and what the releases and folders decide. */
function siteOptions(options: BuildOptions, deployDir: string, releases: readonly SurveyedRelease[]): SiteOptions {
  return {
    ...routeOptions(options, deployDir),
    withSites: releases.some((r) => r.withSites),
    releaseAbout: releaseAbout(
      releases.map((r) => r.facts),
      options.releasePubmed ?? [],
      options.releaseWebsite ?? [],
    ),
  };
}

/** The site's options that do not depend on the releases. */
function routeOptions(options: BuildOptions, deployDir: string): Omit<SiteOptions, 'withSites' | 'releaseAbout'> {
  const defaults = defaultRouteOptions();
  return {
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    formats: options.formats,
    targets: options.targets,
    pageSizes: options.pageSizes ?? defaults.pageSizes,
    orderFields: options.orderFields === undefined ? defaults.orderFields : options.orderFields,
    filterKeys: options.filterKeys === undefined ? defaults.filterKeys : options.filterKeys,
    filterOrders: options.filterOrders ?? defaults.filterOrders,
    compact: options.compact ?? false,
    precompress: options.precompress ?? false,
    // Configuration that points at the site (Cloudflare's wrangler.toml) does so from the deploy
    // folder; Netlify's netlify.toml names both folders from their common parent.
    siteFromDeploy: relative(resolve(deployDir), resolve(options.out)).split(sep).join('/'),
    deployFromSite: relative(resolve(options.out), resolve(deployDir)).split(sep).join('/'),
  };
}

/** What the fingerprint covers besides the dumps: the site's options, the releases and both folders. */
function settings(
  options: BuildOptions,
  deployDir: string,
  site: SiteOptions,
  releases: readonly SurveyedRelease[],
): unknown {
  return {
    ...site,
    ...(releases.length === 1 ? { release: releases[0]!.facts.info } : { releases: releases.map((r) => r.facts.info) }),
    out: resolve(options.out),
    deployDir: resolve(deployDir),
  };
}

/** The summary of a build that kept the site as it was. */
function keptSummary(read: ReadSummary, kept: BuildRecord, seconds: number): BuildSummary {
  const unchanged = kept.site.files + kept.deploy.files;
  return {
    ...read,
    files: kept.site.files,
    bytes: kept.site.bytes,
    seconds,
    changes: { ...NO_CHANGES, unchanged },
    rebuilt: false,
    limits: [],
  };
}

/** The sinks of the staged folders; files equal to the live site's are hard-linked from it (sink.ts): unchanged inode and mtime. */
function openSinks(options: BuildOptions, deployDir: string, staged: Staged): Sinks {
  const live = (dir: string) => (existsSync(dir) ? resolve(dir) : null);
  return {
    site: options.openSink
      ? options.openSink(staged.site.staging)
      : new DiskSink(staged.site.staging, live(options.out)),
    deploy: new DiskSink(staged.deploy.staging, live(deployDir)),
  };
}

/**
 * Every file of the site and its deploy folder written into the staged folders (the `write`
 * phase, one over every release); what was written. The total starts as the sum of each
 * release's estimate as a site of its own and is made exact for each release as its model is
 * had, so the ETA holds across releases.
 */
async function writeStaged(
  options: BuildOptions,
  read: readonly SurveyedRelease[],
  series: ReleaseSeries,
  site: SiteOptions,
  sinks: Sinks,
): Promise<{ files: number; bytes: number }> {
  const events = options.events;
  const out = sinks.site;
  const estimates = read.map((r) => r.estimate ?? 0);
  const writing = new PhaseClock(
    events,
    'write',
    events ? { files: estimates.reduce((a, b) => a + b, 0), bytes: 0 } : null,
  );
  const places = downloadPlaces(series.facts);
  const folders = downloadFolders(read.map((r, i) => ({ place: places[i]!, shape: r.downloads }))).size;
  const counted: ReleaseSeries = {
    facts: series.facts,
    load: async (position) => {
      const release = await series.load(position);
      // A site of one release: its estimate as a site of its own is already exact.
      if (events && read.length > 1) {
        const served = { served: series.facts, position, place: places[position]!, downloadFolders: folders };
        const exact = estimateFiles(release, site, served);
        const total = (writing.expected?.files ?? 0) + exact - estimates[position]!;
        estimates[position] = exact;
        const step = { release: release.info.name, position: position + 1, count: read.length };
        writing.progress({ files: out.files, bytes: out.bytes }, { files: total, bytes: 0 }, step);
      }
      return release;
    },
  };
  try {
    await writeSite(
      counted,
      out,
      site,
      {
        tick: async (files) => {
          writing.progress({ files, bytes: out.bytes });
          // Let signal handlers run, then stop if one asked us to.
          await yieldToEventLoop();
          options.signal?.throwIfAborted();
        },
        ...(options.signal === undefined ? {} : { signal: options.signal }),
      },
      sinks.deploy,
    );
  } catch (err) {
    // Let background writes finish before the staging folder is removed, so none lands after.
    await Promise.allSettled([out.settle(0), sinks.deploy.settle(0)]);
    throw err;
  }
  options.signal?.throwIfAborted();
  const done = { files: out.files, bytes: out.bytes };
  writing.end(done);
  return done;
}

/** The chosen targets' platform limits, measured on what was written (docs/hosting.md); with --strict-limits, one broken fails the build. */
function platformLimits(options: BuildOptions, out: DiskSink, largestFolder: LargestFolder): LimitWarning[] {
  const limits = limitWarnings(options.targets, { files: out.files, largestFolder });
  if (options.strictLimits && limits.length > 0)
    throw new UserError(
      `the site breaks ${limits.length} platform limit${limits.length === 1 ? '' : 's'} (--strict-limits): ${limits.map((l) => l.message).join('; ')}`,
      { file: options.out },
    );
  return limits;
}

/** The build record, into the staged deploy folder (stamped without it), so it is swapped in with what it describes. */
async function recordBuild(
  fingerprint: string,
  staged: Staged,
  site: TreeStamp,
  signal: AbortSignal | undefined,
): Promise<void> {
  const deploy = await stampTree(staged.deploy.staging, [], signal);
  await writeRecord(staged.deploy.staging, { fingerprint, site, deploy });
}

/** The staged folders made live (the `swap` phase), what --force replaced kept in a trash folder. */
async function swapIn(
  options: BuildOptions,
  deployDir: string,
  staged: Staged,
  done: { files: number; bytes: number },
): Promise<void> {
  const log = options.log ?? (() => {});
  const swapping = new PhaseClock(options.events, 'swap', done);
  // Both renames first, then the old trees are removed (discard, in buildLocked): a kill between
  // leaves the new site with its new configuration, never the new site with the old one.
  await staged.site.commit();
  await staged.deploy.commit();
  for (const [stage, dir] of [
    [staged.site, options.out],
    [staged.deploy, deployDir],
  ] as const) {
    const kept = stage.kept();
    await emptyTrash(dir, kept, log);
    if (kept !== null) log(`replaced ${dir} (--force): what it held is kept in ${kept} until the next build`);
  }
  swapping.end(done);
}
