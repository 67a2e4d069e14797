/**
 * Chooses how build progress is shown: bars on a terminal, plain lines in logs and CI, nothing
 * with `--quiet`. Progress always goes to stderr, so stdout holds only summaries (or `--json`).
 */
import type { Reporter } from './types.js';
import { barReporter } from './bar.js';
import { linesReporter } from './lines.js';

/** Seconds between progress lines when stderr is not a terminal. */
export const DEFAULT_PROGRESS_INTERVAL = 5;

export interface ReporterOptions {
  readonly quiet: boolean;
  /** Seconds between progress lines (not a terminal). */
  readonly interval: number;
}

const SILENT: Reporter = { event() {}, close() {} };

/** The reporter for `stream`: bars when it is a terminal, lines otherwise, none when quiet. */
export function reporterFor(stream: NodeJS.WriteStream, options: ReporterOptions): Reporter {
  if (options.quiet) return SILENT;
  return stream.isTTY ? barReporter(stream) : linesReporter(stream, { interval: options.interval });
}
