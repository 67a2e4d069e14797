/**
 * Progress for logs and CI (stderr not a terminal): one plain line per phase event worth telling,
 * and while a phase runs at most one line every `interval` seconds, e.g.
 * `write: 12,500/~286,000 files, 48.2 MB (4%), 21 s, ETA 8m 10s`; in a build of several
 * releases, which one the phase is at: `write JASPAR2018 (2/5): 412,500/~1,634,000 files, …`
 * (the write phase and its ETA run over every release).
 */
import type { BuildEvent, BuildPhase, Step } from '../../site/progress.js';
import { amounts, count, duration, eta, fraction, mb, PHASE_LABEL, phaseTitle } from './format.js';
import type { Reporter, TextOut } from './types.js';

export interface LinesOptions {
  /** Seconds between two progress lines of one phase. */
  readonly interval: number;
  /** Milliseconds now (tests pass a fake clock). */
  readonly now?: () => number;
}

export function linesReporter(out: TextOut, options: LinesOptions): Reporter {
  const now = options.now ?? (() => performance.now());
  let phase: BuildPhase | null = null;
  let step: Step | null = null;
  let started = 0;
  let lastLine = 0;
  const line = (text: string) => out.write(`${text}\n`);
  return {
    event(e: BuildEvent) {
      switch (e.type) {
        case 'phase-start':
          phase = e.phase;
          step = e.step ?? null;
          started = lastLine = now();
          if (e.phase === 'swap')
            line(
              `swap: replacing the site with the ${amounts('swap', e.total ?? { files: 0, bytes: 0 }, e.total)} just written`,
            );
          return;
        case 'progress': {
          const t = now();
          if (e.phase !== phase) return;
          // A new release reached is told at once.
          const next = e.step ?? step;
          const moved = next?.position !== step?.position;
          step = next;
          if (!moved && t - lastLine < options.interval * 1000) return;
          lastLine = t;
          const part = fraction(e.phase, e.done, e.total);
          const elapsed = (t - started) / 1000;
          const left = eta(part, elapsed);
          const percent = part === null ? '' : ` (${Math.floor(part * 100)}%)`;
          line(
            `${phaseTitle(e.phase, step)}: ${amounts(e.phase, e.done, e.total)}${percent}, ${duration(elapsed)}${left === null ? '' : `, ETA ${duration(left)}`}`,
          );
          return;
        }
        case 'phase-end':
          phase = null;
          line(
            `${e.phase === 'read' ? phaseTitle(e.phase, step) : PHASE_LABEL[e.phase]}: done, ${count(e.done.files)} files, ${mb(e.done.bytes)} in ${duration(e.seconds)}`,
          );
          step = null;
          return;
        case 'read':
          return;
      }
    },
    close() {},
  };
}
