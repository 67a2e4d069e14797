/** `jaspar-static build`: checks where it will write, runs the build, shows progress and the summary. */
import { resolve, sep } from 'node:path';
import type { Command } from 'commander';
import type { FormatName } from '../api/formats.js';
import { build, deployDirFor } from '../site/build.js';
import type { BuildEvent } from '../site/progress.js';
import { UserError } from '../errors.js';
import { COMPACT_TARGETS, compactRefusal } from '../hosts/compute-targets.js';
import type { HostTarget } from '../hosts/targets.js';
import { reporterFor } from './progress/reporter.js';
import { doneLines, jsonSummary, readLines } from './summary.js';
import { packageVersion } from './version.js';

interface BuildFlags {
  out: string;
  baseUrl: string;
  release?: number;
  releaseName?: string;
  formats: FormatName[];
  targets: HostTarget[];
  deployDir?: string;
  pageSizes: number[];
  orders: string[] | null;
  filters: string[] | null;
  filterOrders: boolean;
  compact: boolean;
  quiet?: boolean;
  json?: boolean;
  progressInterval: number;
}

const within = (inner: string, outer: string) => inner === outer || inner.startsWith(outer + sep);

/**
 * The site and deploy folders are replaced whole when the build succeeds: refuse, before any
 * work, folders that would take the dump (or each other) with them.
 */
export function checkPlaces(dump: string, out: string, deployDir: string): void {
  const d = resolve(dump);
  for (const [flag, dir] of [['--out', out], ['--deploy-dir', deployDir]] as const) {
    if (within(d, resolve(dir))) throw new UserError(`${flag} "${dir}": the dump ${dump} is inside it and would be replaced by the site; choose another folder`);
  }
  if (within(resolve(deployDir), resolve(out)) || within(resolve(out), resolve(deployDir))) {
    throw new UserError(`--deploy-dir "${deployDir}": must be beside the site ${out}, not inside it or around it (configuration there would be served or replaced)`);
  }
}

/**
 * The hosts to configure: a compact build without `--targets` configures the compute hosts;
 * a compact build for a host that serves prebuilt pages only is refused before any work.
 */
export function buildTargets(flags: Pick<BuildFlags, 'targets' | 'compact'>, targetsGiven: boolean): HostTarget[] {
  if (!flags.compact) return flags.targets;
  if (!targetsGiven) return [...COMPACT_TARGETS];
  const refusal = compactRefusal(flags.targets);
  if (refusal !== null) throw new UserError(refusal);
  return flags.targets;
}

export async function runBuild(dump: string, flags: BuildFlags, command?: Command): Promise<void> {
  const targets = buildTargets(flags, command?.getOptionValueSource('targets') === 'cli');
  const deployDir = flags.deployDir ?? deployDirFor(flags.out);
  checkPlaces(dump, flags.out, deployDir);
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
      dump,
      out: flags.out,
      baseUrl: flags.baseUrl,
      year: flags.release ?? null,
      releaseName: flags.releaseName ?? null,
      formats: flags.formats,
      targets,
      ...(flags.deployDir === undefined ? {} : { deployDir: flags.deployDir }),
      pageSizes: flags.pageSizes,
      orderFields: flags.orders,
      filterKeys: flags.filters,
      filterOrders: flags.filterOrders,
      compact: flags.compact,
      signal: controller.signal,
      events,
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
