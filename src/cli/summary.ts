/** What `jaspar-static build` prints about a build: as text for people, or as JSON for scripts. */
import type { BuildSummary } from '../site/build.js';
import { changedFiles } from '../site/changes.js';
import type { ReadSummary } from '../site/progress.js';
import type { Warning } from '../errors.js';
import type { ReleaseSource } from '../model/release-identity.js';
import { count, mb } from './progress/format.js';

const MAX_WARNINGS_SHOWN = 50;

const YEAR_FROM: Readonly<Record<ReleaseSource, string>> = {
  option: 'from --release',
  'release table': "from the dump's RELEASE table",
  'dump name': "from the dump's name",
};

export function warningLine(w: Warning): string {
  const where = [w.place.file, w.place.line].filter((x) => x !== undefined).join(':');
  return `warning: ${where ? `${where}: ` : ''}${w.message}`;
}

/**
 * The dump's tables the API does not serve, in one line (contract §8.3): JASPAR 2026's
 * deep-learning collection first, with the reason, then the others (the web site's own tables).
 */
export function notServedLine(names: readonly string[]): string | null {
  if (names.length === 0) return null;
  const dl = names.filter((n) => /^DL_/i.test(n));
  const others = names.filter((n) => !/^DL_/i.test(n));
  const parts = [
    ...(dl.length > 0 ? [`${dl.join(', ')} (JASPAR's API does not list the deep-learning collection)`] : []),
    ...(others.length > 0 ? [others.join(', ')] : []),
  ];
  return `not served: ${parts.join('; ')}`;
}

/** The lines printed as soon as reading ends: shape, release, counts, tables not served, warnings. */
export function readLines(s: ReadSummary): string[] {
  const year =
    s.year === null || s.yearFrom === null
      ? "year unknown: no JASPAR<year> in the dump's name and no RELEASE table; --release sets it"
      : `${s.year}, ${YEAR_FROM[s.yearFrom]}`;
  const lines = [
    `read ${s.shape}: ${s.release} (${year}), ${count(s.matrices)} matrices, ${count(s.tffms)} TFFMs in ${s.readSeconds.toFixed(2)} s`,
  ];
  const notServed = notServedLine(s.notServed);
  if (notServed !== null) lines.push(notServed);
  if (s.warnings.length) {
    lines.push(`${s.warnings.length} warning(s):`);
    for (const w of s.warnings.slice(0, MAX_WARNINGS_SHOWN)) lines.push(`  ${warningLine(w)}`);
    if (s.warnings.length > MAX_WARNINGS_SHOWN) lines.push(`  … and ${s.warnings.length - MAX_WARNINGS_SHOWN} more`);
  }
  return lines;
}

/** `3 files changed (1 added, 2 modified, 0 removed), 286,080 unchanged` — site and deploy folder together. */
export function changesLine(s: BuildSummary): string {
  const c = s.changes;
  const n = changedFiles(c);
  return `${count(n)} file${n === 1 ? '' : 's'} changed (${count(c.added)} added, ${count(c.modified)} modified, ${count(c.removed)} removed), ${count(c.unchanged)} unchanged`;
}

/** The lines printed when the build is done. */
export function doneLines(s: BuildSummary, out: string, deployDir: string): string[] {
  const megabytes = s.bytes / 1e6;
  const what = s.rebuilt
    ? `wrote ${count(s.files)} files, ${mb(s.bytes)} to ${out} in ${s.seconds.toFixed(2)} s (${count(s.files / s.seconds)} files/s, ${(megabytes / s.seconds).toFixed(1)} MB/s)`
    : `kept ${out} as it is (${count(s.files)} files, ${mb(s.bytes)}): built from the same dump, options and generator, and untouched since; checked in ${s.seconds.toFixed(2)} s`;
  return [
    what,
    changesLine(s),
    ...s.limits.map((l) => `warning: ${l.message}`),
    `host configuration not to be served: ${deployDir} (see docs/deploy.md)`,
  ];
}

/** The `--json` summary: one object, keys stable (docs/progress.md lists them). */
export function jsonSummary(s: BuildSummary, out: string, deployDir: string, version: string): string {
  return JSON.stringify({
    generator: 'jaspar-static',
    version,
    out,
    deployDir,
    shape: s.shape,
    release: s.release,
    year: s.year,
    yearFrom: s.yearFrom,
    matrices: s.matrices,
    tffms: s.tffms,
    notServed: s.notServed,
    files: s.files,
    bytes: s.bytes,
    seconds: s.seconds,
    readSeconds: s.readSeconds,
    rebuilt: s.rebuilt,
    changed: changedFiles(s.changes),
    changes: s.changes,
    warnings: s.warnings.map((w) => ({ message: w.message, ...w.place })),
    limits: s.limits,
  });
}
