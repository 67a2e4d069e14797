/**
 * The build's first step: every dump read into a release (each checked unchanged while it was
 * read, its reading timed and summarised), and what the site needs of it kept: its facts, its
 * download area's shape, whether it has binding sites, an estimate of its files. Newest first.
 * The models are set aside on disk as they are surveyed, but the last one read: a site of several
 * releases has each back when its turn to be written comes (issue 46), so it holds one at a time
 * and parses each dump once.
 */
import { withSqliteTables } from '../download/files.js';
import { downloadShape, type DownloadShape } from '../download/write.js';
import { readDump, resolveDump } from '../dump/read-dump.js';
import { EXTRA_FOLDERS, readExtras } from '../dump/extras/read-extras.js';
import { isTableFile } from '../dump/flat/files.js';
import { UserError } from '../errors.js';
import { buildRelease } from '../model/build-release.js';
import type { Release } from '../model/types.js';
import { boundGarbage, collectGarbage } from '../output/memory.js';
import { changedInputs, snapshotInputs, type InputSnapshot } from '../output/input-snapshot.js';
import type { Spill } from '../output/spill.js';
import { factsOf, type ReleaseFacts } from '../plan/release-index.js';
import { basename } from 'node:path';
import { PhaseClock, type BuildEvents, type ReadSummary, type Step } from './progress.js';
import type { ReleaseSeries } from './series.js';

/** What the input snapshot and the fingerprint cover: what the readers read. */
const DUMP_INPUTS = { isTable: isTableFile, extraFolders: EXTRA_FOLDERS };

/** How the dumps are read: the release's year and name when given, and who hears of the reading. */
export interface ReadOptions {
  readonly year?: number | null;
  readonly releaseName?: string | null;
  readonly events?: BuildEvents;
  /** Checked between chunks of the dump; a set signal aborts the read. */
  readonly signal?: AbortSignal;
  /** `--max-read-mib` (src/dump/limits.ts). */
  readonly maxReadMiB?: number;
  /** The files a release would write as a site of its own (estimate.ts), while its model is at hand; none when absent. */
  readonly estimate?: (release: Release, withSites: boolean) => number;
}

/** A dump surveyed: the file read (the dump a folder holds), what reading found, and what the site needs of its release. */
export interface SurveyedRelease {
  readonly dump: string;
  readonly summary: ReadSummary;
  /** Every file the read used, with its metadata: the inputs the fingerprint covers. */
  readonly inputs: InputSnapshot;
  readonly facts: ReleaseFacts;
  /** Whether any of its matrices has binding sites. */
  readonly withSites: boolean;
  readonly downloads: DownloadShape;
  /** The files it would write as a site of its own (ReadOptions.estimate), or null. */
  readonly estimate: number | null;
  /** Its model's key in the spill, where it waits to be written; null for the one kept in memory. */
  readonly spilled: number | null;
}

/** Every dump surveyed, newest first, and the model of the last one read when it is the newest (let go by whoever takes it). */
interface Survey {
  readonly releases: readonly SurveyedRelease[];
  readonly last: Release | null;
}

/** A dump read: its file, its release, what reading found and the inputs it covered. */
interface ReadRelease {
  readonly dump: string;
  readonly release: Release;
  readonly summary: ReadSummary;
  readonly inputs: InputSnapshot;
}

/**
 * Every dump surveyed, and the series the writer has their models from, newest first: the last
 * one read is kept when it is the newest (the first written; a site of one release sets nothing
 * aside), every other is had back from `spill` when its turn comes.
 */
export async function surveySeries(
  dumps: readonly string[],
  options: ReadOptions,
  spill: Spill,
): Promise<{ read: readonly SurveyedRelease[]; series: ReleaseSeries }> {
  const { releases: read, last } = await surveyReleases(dumps, options, spill);
  let first: Release | null = last;
  const series: ReleaseSeries = {
    facts: read.map((r) => r.facts),
    load: async (position) => {
      const key = read[position]!.spilled;
      if (key !== null) return spill.take<Release>(key);
      // The one kept in memory, had once: the series is let go as it is written.
      if (first === null) throw new Error(`release ${read[position]!.facts.info.name} was had already`);
      const release = first;
      first = null;
      return release;
    },
  };
  return { read, series };
}

/** Every dump, one after the other, read and surveyed; newest first. */
async function surveyReleases(dumps: readonly string[], options: ReadOptions, spill: Spill): Promise<Survey> {
  const surveyed: SurveyedRelease[] = [];
  let last: ReadRelease | null = null;
  for (const [i, dump] of dumps.entries()) {
    // The previous model is set aside (serialized, a few MB on disk) and let go before the next dump is read.
    if (last !== null) spill.put(i - 1, last.release);
    last = null;
    if (i > 0) collectGarbage();
    const step = dumps.length > 1 ? { release: basename(dump), position: i + 1, count: dumps.length } : null;
    last = await readRelease(dump, options, step);
    const { release } = last;
    const withSites = release.matrices.some((m) => m.sites !== null);
    surveyed.push({
      dump: last.dump,
      summary: last.summary,
      inputs: last.inputs,
      facts: factsOf(release),
      withSites,
      downloads: downloadShape(release, release.info.name),
      estimate: options.estimate?.(release, withSites) ?? null,
      spilled: i === dumps.length - 1 ? null : i,
    });
    options.events?.({ type: 'read', summary: last.summary });
  }
  if (last === null) throw new UserError('no dump to build');
  const releases = newestFirst(surveyed);
  // Not the newest (the first written): the last one read waits on disk as the others do.
  if (releases[0]!.spilled !== null) {
    const at = releases.findIndex((r) => r.spilled === null);
    spill.put(dumps.length - 1, last.release);
    releases[at] = { ...releases[at]!, spilled: dumps.length - 1 };
    return { releases, last: null };
  }
  return { releases, last: last.release };
}

function refuseChanged(dump: string, changed: readonly string[]): void {
  if (changed.length === 0) return;
  throw new UserError(
    `the dump changed while it was read (${changed.slice(0, 3).join('; ')}); build again once nothing writes to it`,
    { file: dump },
  );
}

/** Read one dump into a release, checking nothing wrote to it meanwhile. */
async function readRelease(given: string, options: ReadOptions, step: Step | null): Promise<ReadRelease> {
  // A folder holding one dump file and no tables (what `fetch` writes) is that file.
  const { path: dump, note } = resolveDump(given);
  const reading = new PhaseClock(options.events, 'read', null, step);
  let read = { files: 0, bytes: 0 };
  const before = await snapshotInputs(dump, DUMP_INPUTS);
  // A dump's parse makes several times its rows in garbage: kept near what is alive (src/output/memory.ts).
  const raw = await readDump(
    dump,
    (done, total) => {
      reading.progress((read = done), total);
      boundGarbage();
    },
    {
      ...(options.maxReadMiB === undefined ? {} : { maxMiB: options.maxReadMiB }),
      ...(options.signal === undefined ? {} : { signal: options.signal }),
    },
  );
  const extras = readExtras(dump);
  refuseChanged(dump, changedInputs(before, await snapshotInputs(dump, DUMP_INPUTS)));
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
  return { dump, release, summary, inputs: before };
}

/** Newest first (by year, then name); two dumps of one release name are refused. */
function newestFirst(read: SurveyedRelease[]): SurveyedRelease[] {
  const sorted = [...read].sort(
    (a, b) => (b.facts.info.year ?? -1) - (a.facts.info.year ?? -1) || (a.facts.info.name < b.facts.info.name ? 1 : -1),
  );
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i]!.facts.info.name === sorted[i - 1]!.facts.info.name) {
      throw new UserError(
        `${sorted[i - 1]!.dump} and ${sorted[i]!.dump} are both release ${sorted[i]!.facts.info.name}: a site serves each release once`,
      );
    }
  }
  return sorted;
}
