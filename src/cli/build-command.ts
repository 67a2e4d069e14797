/** `jaspar-static build`: checks where it will write, runs the build, shows progress and the summary. */
import { resolve } from 'node:path';
import type { Command } from 'commander';
import type { FormatName } from '../api/formats.js';
import { build, deployDirFor } from '../site/build.js';
import type { BuildEvent } from '../site/progress.js';
import type { ForRelease } from '../site/release-about.js';
import { UserError } from '../errors.js';
import { COMPACT_TARGETS, compactRefusal } from '../targets/registry.js';
import type { HostTarget } from '../targets/registry.js';
import { reporterFor } from './progress/reporter.js';
import { doneLines, jsonSummary, readLines } from './summary.js';
import { packageVersion } from './version.js';
import { tuneForBuild } from './engine.js';

export interface BuildFlags {
  out: string;
  baseUrl: string;
  release?: number;
  releaseName?: string;
  releasePubmed?: ForRelease<number>[];
  releaseWebsite?: ForRelease<string>[];
  formats: FormatName[];
  targets: HostTarget[];
  deployDir?: string;
  pageSizes: number[];
  orders: string[] | null;
  filters: string[] | null;
  filterOrders: boolean;
  compact: boolean;
  /** `--strict-limits`: a broken platform limit fails the build (for CI). */
  strictLimits?: boolean;
  /** `--precompress`: a stored .gz beside each larger answer (nginx). */
  precompress?: boolean;
  force?: boolean;
  /** `--max-read-mib`: the memory the dump's kept rows may take. */
  maxReadMib?: number;
  quiet?: boolean;
  json?: boolean;
  progressInterval: number;
}

/** Why a site of several releases cannot be configured for `targets`, or null when it can. */
export function multiReleaseRefusal(targets: readonly HostTarget[]): string | null {
  const rulesOnly = targets.filter((t) => COMPACT_TARGETS.indexOf(t) === -1);
  if (rulesOnly.length === 0) return null;
  return (
    `a site of several releases selects the release by ?release=, which ${rulesOnly.join(', ')} cannot do (rules-only hosts serve a site of exactly one release): ` +
    `build one site per release for them, or use --targets among ${COMPACT_TARGETS.join(', ')} (the dev server serves either)`
  );
}

/**
 * The hosts to configure: a compact build or a site of several releases without `--targets`
 * configures the compute hosts; either for a host that serves prebuilt pages only is refused
 * before any work.
 */
export function buildTargets(
  flags: Pick<BuildFlags, 'targets' | 'compact'>,
  targetsGiven: boolean,
  releases = 1,
): HostTarget[] {
  if (!flags.compact && releases < 2) return flags.targets;
  if (!targetsGiven) return [...COMPACT_TARGETS];
  const refusal = flags.compact ? compactRefusal(flags.targets) : null;
  if (refusal !== null) throw new UserError(refusal);
  const several = releases > 1 ? multiReleaseRefusal(flags.targets) : null;
  if (several !== null) throw new UserError(several);
  return flags.targets;
}

/** `--release` and `--release-name` name one release: refused with several dumps. */
function checkIdentityFlags(dumps: readonly string[], flags: Pick<BuildFlags, 'release' | 'releaseName'>): void {
  if (dumps.length < 2) return;
  for (const [flag, value] of [
    ['--release', flags.release],
    ['--release-name', flags.releaseName],
  ] as const) {
    if (value !== undefined)
      throw new UserError(
        `${flag} names one release, but ${dumps.length} dumps were given: each release takes its name and year from its dump (docs/api-decisions.md); build each dump alone to rename it`,
      );
  }
}

export async function runBuild(
  dumpArgs: string | readonly string[],
  flags: BuildFlags,
  command?: Command,
): Promise<void> {
  tuneForBuild();
  const dumps = typeof dumpArgs === 'string' ? [dumpArgs] : dumpArgs;
  checkIdentityFlags(dumps, flags);
  const targets = buildTargets(
    flags,
    command?.getOptionValueSource('targets') === 'cli',
    new Set(dumps.map((d) => resolve(d))).size,
  );
  const deployDir = flags.deployDir ?? deployDirFor(flags.out);
  const quiet = flags.quiet === true;
  const text = !quiet && flags.json !== true;
  const reporter = reporterFor(process.stderr, { quiet, interval: flags.progressInterval });
  const events = (e: BuildEvent) => {
    reporter.event(e);
    if (e.type === 'read' && text) process.stdout.write(`${readLines(e.summary).join('\n')}\n`);
  };
  const controller = new AbortController();
  const onSignal = () => controller.abort();
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    const summary = await build({
      dump: dumps.length === 1 ? dumps[0]! : dumps,
      out: flags.out,
      baseUrl: flags.baseUrl,
      year: flags.release ?? null,
      releaseName: flags.releaseName ?? null,
      releasePubmed: flags.releasePubmed ?? [],
      releaseWebsite: flags.releaseWebsite ?? [],
      formats: flags.formats,
      targets,
      ...(flags.deployDir === undefined ? {} : { deployDir: flags.deployDir }),
      force: flags.force === true,
      ...(flags.maxReadMib === undefined ? {} : { maxReadMiB: flags.maxReadMib }),
      pageSizes: flags.pageSizes,
      orderFields: flags.orders,
      filterKeys: flags.filters,
      filterOrders: flags.filterOrders,
      compact: flags.compact,
      strictLimits: flags.strictLimits === true,
      precompress: flags.precompress === true,
      signal: controller.signal,
      // Quiet, nobody hears of progress: no events, so the build does not estimate its files either (about 0.6 s a release).
      ...(quiet ? {} : { events }),
      // What the build cleaned up beside the target (stale locks, dead builds' staging folders).
      log: (line) => (quiet ? undefined : process.stderr.write(`jaspar-static: ${line}\n`)),
    });
    reporter.close();
    if (flags.json) process.stdout.write(`${jsonSummary(summary, flags.out, deployDir, packageVersion())}\n`);
    else if (text) process.stdout.write(`${doneLines(summary, flags.out, deployDir).join('\n')}\n`);
  } finally {
    reporter.close();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}
