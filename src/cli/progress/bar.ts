/**
 * Progress on a terminal: one cli-progress bar per phase (read, write, swap), redrawn in place
 * and left on screen when the phase ends, e.g.
 * `write ████████░░░░░░░░ 48% | 137,000/~286,000 files, 520.1 MB | 31 s | ETA 33 s`.
 */
import { SingleBar } from 'cli-progress';
import type { BuildEvent, BuildPhase, Step } from '../../site/progress.js';
import type { Amount } from '../../dump/progress.js';
import { amounts, duration, eta, fraction, measuredIn, phaseTitle } from './format.js';
import type { Reporter } from './types.js';

const FORMAT = '{phase} {bar} {percentage}% | {amounts} | {elapsed}{remaining}';

/** A bar in the build's style (also `check`'s, check-bar.ts): phase, bar, percentage, amounts, time. */
export const progressBar = (out: NodeJS.WritableStream): SingleBar =>
  new SingleBar({
    stream: out,
    format: FORMAT,
    barsize: 24,
    hideCursor: false,
    barCompleteChar: '\u2588',
    barIncompleteChar: '\u2591',
  });

/** The tokens of {@link FORMAT} that cli-progress does not compute itself (the ETA is ours: the rate over the whole phase). */
function payload(
  phase: BuildPhase,
  done: Amount,
  total: Amount | null,
  seconds: number,
  finished: boolean,
  step: Step | null,
) {
  const left = finished ? null : eta(fraction(phase, done, total), seconds);
  return {
    phase: phaseTitle(phase, step).padEnd(5),
    amounts: amounts(phase, done, total),
    elapsed: duration(seconds),
    remaining: left === null ? '' : ` | ETA ${duration(left)}`,
  };
}

export function barReporter(out: NodeJS.WritableStream): Reporter {
  let bar: SingleBar | null = null;
  let step: Step | null = null;
  let started = 0;
  const elapsed = () => (performance.now() - started) / 1000;
  const stop = () => {
    bar?.stop();
    bar = null;
  };
  return {
    event(e: BuildEvent) {
      switch (e.type) {
        case 'phase-start': {
          stop();
          started = performance.now();
          step = e.step ?? null;
          bar = progressBar(out);
          const total = e.total ? e.total[measuredIn(e.phase)] : 0;
          bar.start(Math.max(1, total), 0, payload(e.phase, { files: 0, bytes: 0 }, e.total, 0, false, step));
          return;
        }
        case 'progress': {
          const key = measuredIn(e.phase);
          step = e.step ?? step;
          if (e.total) bar?.setTotal(Math.max(1, e.total[key]));
          bar?.update(e.done[key], payload(e.phase, e.done, e.total, elapsed(), false, step));
          return;
        }
        case 'phase-end': {
          if (!bar) return;
          // The write estimate may be off by a few files: the finished bar shows what was done.
          const done = Math.max(1, e.done[measuredIn(e.phase)]);
          bar.setTotal(done);
          // The write phase ran over every release: its finished bar names none.
          const last = e.phase === 'read' ? step : null;
          bar.update(done, payload(e.phase, e.done, e.phase === 'write' ? null : e.done, e.seconds, true, last));
          stop();
          return;
        }
        case 'read':
          return;
      }
    },
    close: stop,
  };
}
