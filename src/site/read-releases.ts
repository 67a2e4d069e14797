/**
 * The build's first step: every dump read into a release (each checked unchanged while it was
 * read, its reading timed and summarised), newest release first.
 */
import { withSqliteTables } from '../download/files.js';
import { readDump, resolveDump } from '../dump/read-dump.js';
import { EXTRA_FOLDERS, readExtras } from '../dump/extras/read-extras.js';
import { isTableFile } from '../dump/flat/files.js';
import { UserError } from '../errors.js';
import { buildRelease } from '../model/build-release.js';
import type { Release } from '../model/types.js';
import { changedInputs, snapshotInputs } from '../output/input-snapshot.js';
import { basename } from 'node:path';
import { PhaseClock, type BuildEvents, type ReadSummary } from './progress.js';

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
}

/** A dump read: the file read (the dump a folder holds), its release, what reading found and the inputs it covered. */
export interface ReadRelease {
  readonly dump: string;
  readonly release: Release;
  readonly summary: ReadSummary;
  readonly inputs: Iterable<string>;
}

/** Every dump, one after the other, read into a release; newest first. */
export async function readReleases(dumps: readonly string[], options: ReadOptions): Promise<ReadRelease[]> {
  const read: ReadRelease[] = [];
  for (const dump of dumps) read.push(await readRelease(dump, options));
  return newestFirst(read);
}

/** Read one dump into a release, checking nothing wrote to it meanwhile. */
async function readRelease(given: string, options: ReadOptions): Promise<ReadRelease> {
  // A folder holding one dump file and no tables (what `fetch` writes) is that file.
  const { path: dump, note } = resolveDump(given);
  const reading = new PhaseClock(options.events, 'read', null);
  let read = { files: 0, bytes: 0 };
  const before = await snapshotInputs(dump, DUMP_INPUTS);
  const raw = await readDump(dump, (done, total) => reading.progress((read = done), total), {
    ...(options.maxReadMiB === undefined ? {} : { maxMiB: options.maxReadMiB }),
    ...(options.signal === undefined ? {} : { signal: options.signal }),
  });
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
