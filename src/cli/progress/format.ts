/** Number and time formatting shared by the progress bar, the progress lines and the summaries. */
import type { BuildPhase, Step } from '../../site/progress.js';
import type { Amount } from '../../dump/progress.js';

/** `12,500` */
export const count = (n: number): string => Math.round(n).toLocaleString('en-US');

/** `48.2 MB` */
export const mb = (bytes: number): string => `${(bytes / 1e6).toFixed(1)} MB`;

/** `0.4 s`, `42 s`, `3m 05s`, `1h 02m` */
export function duration(seconds: number): string {
  if (seconds < 10) return `${seconds.toFixed(1)} s`;
  const s = Math.round(seconds);
  if (s < 60) return `${s} s`;
  const pad = (n: number) => String(n).padStart(2, '0');
  if (s < 3600) return `${Math.floor(s / 60)}m ${pad(s % 60)}s`;
  return `${Math.floor(s / 3600)}h ${pad(Math.floor((s % 3600) / 60))}m`;
}

/** What each phase is called on screen and what its bar counts. */
export const PHASE_LABEL: Readonly<Record<BuildPhase, string>> = { read: 'read', write: 'write', swap: 'swap' };

/** A phase's name on screen, with the release it is at in a build of several: `write JASPAR2018 (2/5)`. */
export const phaseTitle = (phase: BuildPhase, step: Step | null | undefined): string =>
  step ? `${PHASE_LABEL[phase]} ${step.release} (${step.position}/${step.count})` : PHASE_LABEL[phase];

/** Whether a phase's progress is measured in bytes (reading a dump) or in files (writing, swapping). */
export const measuredIn = (phase: BuildPhase): keyof Amount => (phase === 'read' ? 'bytes' : 'files');

/** The fraction done, 0–1, or null without a total. */
export function fraction(phase: BuildPhase, done: Amount, total: Amount | null): number | null {
  const key = measuredIn(phase);
  if (!total || total[key] <= 0) return null;
  return Math.min(1, done[key] / total[key]);
}

/** Seconds left at the rate so far, or null when nothing is known yet. */
export function eta(part: number | null, elapsedSeconds: number): number | null {
  if (part === null || part <= 0) return null;
  return (elapsedSeconds * (1 - part)) / part;
}

/**
 * `12,500/~286,000 files, 48.2 MB` for writing (the total is an estimate: `~`), `3/7 files,
 * 1.1/2.2 MB` for reading (both totals are exact).
 */
export function amounts(phase: BuildPhase, done: Amount, total: Amount | null): string {
  if (phase === 'write')
    return `${count(done.files)}${total ? `/~${count(total.files)}` : ''} files, ${mb(done.bytes)}`;
  if (phase === 'swap') return `${count(total?.files ?? done.files)} files, ${mb(total?.bytes ?? done.bytes)}`;
  const files = total && total.files > 0 ? `${count(done.files)}/${count(total.files)} files, ` : '';
  return `${files}${(done.bytes / 1e6).toFixed(1)}${total ? `/${mb(total.bytes)}` : ' MB'}`;
}
