/**
 * Progress of `jaspar-static check` on a terminal: one cli-progress bar in the style of the
 * build's (bar.ts), e.g. `check ████████░░░░ 48% | 480/1,000 requests, 2 failing | 3 s | ETA 3 s`.
 */
import { progressBar } from './bar.js';
import { duration, eta } from './format.js';

export interface CheckBar {
  update(done: number, total: number, failing: number): void;
  stop(): void;
}

export function checkBar(out: NodeJS.WritableStream, total: number): CheckBar {
  const started = performance.now();
  const bar = progressBar(out);
  const payload = (done: number, failing: number) => {
    const seconds = (performance.now() - started) / 1000;
    const left = done >= total ? null : eta(total === 0 ? 1 : done / total, seconds);
    return {
      phase: 'check',
      amounts: `${done.toLocaleString('en-US')}/${total.toLocaleString('en-US')} requests, ${failing} failing`,
      elapsed: duration(seconds),
      remaining: left === null ? '' : ` | ETA ${duration(left)}`,
    };
  };
  bar.start(Math.max(1, total), 0, payload(0, 0));
  return {
    update: (done, _total, failing) => bar.update(done, payload(done, failing)),
    stop: () => bar.stop(),
  };
}
