/**
 * `jaspar-static check <url>`: whether a deployed mirror answers as its build does
 * (docs/check.md). The summary goes to stdout (or one JSON object with `--json`), progress to
 * stderr on a terminal; exit 0 only when nothing fails, 1 when something does, 130 on Ctrl-C
 * (after the partial summary).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { runCheck, type Selection } from '../check/run.js';
import { summaryText } from '../check/summary.js';
import { UserError } from '../errors.js';
import type { Tier } from '../hosting/adapter.js';
import { manifestFile } from '../site/manifest.js';
import { checkBar, type CheckBar } from './progress/check-bar.js';

export interface CheckFlags {
  site: string;
  all?: boolean;
  sample?: number;
  seed: number;
  tier?: Tier;
  target?: string;
  against?: string;
  release?: number;
  concurrency: number;
  rate?: number;
  timeout: number;
  deadline?: number;
  json?: boolean;
}

/** Connection-error retries of every request. */
const RETRIES = 2;

function selection(flags: CheckFlags): Selection {
  if (flags.all === true && flags.sample !== undefined) throw new UserError('give --all or --sample, not both');
  if (flags.all === true) return { kind: 'all' };
  return flags.sample === undefined ? { kind: 'table' } : { kind: 'sample', size: flags.sample, seed: flags.seed };
}

/** Runs the check; resolves to the exit code. */
export async function runCheckCommand(url: string, flags: CheckFlags): Promise<number> {
  const chosen = selection(flags);
  if (flags.against === undefined && !existsSync(join(flags.site, manifestFile)))
    throw new UserError(`no built site here (no ${manifestFile}); run "jaspar-static build" first, or give --site`, {
      file: flags.site,
    });
  const abort = new AbortController();
  const interrupt = () => abort.abort();
  process.once('SIGINT', interrupt);
  let bar: CheckBar | null = null;
  try {
    const summary = await runCheck({
      url: new URL(url),
      site: flags.site,
      against: flags.against === undefined ? null : new URL(flags.against),
      ...(flags.release === undefined ? {} : { release: flags.release }),
      ...(flags.tier === undefined ? {} : { tier: flags.tier }),
      ...(flags.target === undefined ? {} : { target: flags.target }),
      selection: chosen,
      concurrency: flags.concurrency,
      rate: flags.rate ?? null,
      timeoutMs: flags.timeout,
      ...(flags.deadline === undefined ? {} : { deadlineSeconds: flags.deadline }),
      retries: RETRIES,
      signal: abort.signal,
      planned: (total) => {
        if (process.stderr.isTTY) bar = checkBar(process.stderr, total);
      },
      progress: (done, total, failing) => bar?.update(done, total, failing),
    });
    (bar as CheckBar | null)?.stop();
    bar = null;
    process.stdout.write(
      flags.json === true ? `${JSON.stringify(summary, null, 2)}\n` : summaryText(summary, flags.against !== undefined),
    );
    if (summary.interrupted) return 130;
    // A check stopped at its deadline has not proven the mirror.
    return summary.failing === 0 && !summary.deadlineReached ? 0 : 1;
  } finally {
    (bar as CheckBar | null)?.stop();
    process.removeListener('SIGINT', interrupt);
  }
}
