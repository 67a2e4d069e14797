/** `jaspar-static build`: runs the build and prints its summary. */
import { build, deployDirFor, type BuildSummary } from '../site/build.js';
import type { FormatName } from '../api/formats.js';
import type { Command } from 'commander';
import { COMPACT_TARGETS, compactRefusal } from '../hosts/compute-targets.js';
import type { HostTarget } from '../hosts/targets.js';
import { UserError } from '../errors.js';

interface BuildFlags {
  out: string;
  baseUrl: string;
  release?: number;
  formats: FormatName[];
  targets: HostTarget[];
  deployDir?: string;
  pageSizes: number[];
  orders: string[] | null;
  filters: string[] | null;
  filterOrders: boolean;
  compact: boolean;
}

export function formatSummary(s: BuildSummary, out: string): string {
  const mb = s.bytes / 1e6;
  const lines = [
    `read ${s.shape}: ${s.release}${s.year === null ? '' : ` (${s.year})`}, ${s.matrices} matrices, ${s.tffms} TFFMs in ${s.readSeconds.toFixed(2)} s`,
    `wrote ${s.files} files, ${mb.toFixed(1)} MB to ${out} in ${s.seconds.toFixed(2)} s (${Math.round(s.files / s.seconds)} files/s, ${(mb / s.seconds).toFixed(1)} MB/s)`,
  ];
  if (s.warnings.length) {
    lines.push(`${s.warnings.length} warning(s):`);
    for (const w of s.warnings.slice(0, 50)) {
      const where = [w.place.file, w.place.line].filter((x) => x !== undefined).join(':');
      lines.push(`  warning: ${where ? `${where}: ` : ''}${w.message}`);
    }
    if (s.warnings.length > 50) lines.push(`  … and ${s.warnings.length - 50} more`);
  }
  return lines.join('\n');
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
      formats: flags.formats,
      targets,
      ...(flags.deployDir === undefined ? {} : { deployDir: flags.deployDir }),
      pageSizes: flags.pageSizes,
      orderFields: flags.orders,
      filterKeys: flags.filters,
      filterOrders: flags.filterOrders,
      compact: flags.compact,
      signal: controller.signal,
      log: (line) => process.stderr.write(`jaspar-static: ${line}\n`),
    });
    process.stdout.write(`${formatSummary(summary, flags.out)}\n`);
    process.stdout.write(`host configuration not to be served: ${flags.deployDir ?? deployDirFor(flags.out)} (see docs/deploy.md)\n`);
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}
