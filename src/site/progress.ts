/**
 * What a build tells its caller while it works: a small typed event stream passed in the build
 * options. The build never prints; the CLI turns these events into progress bars or log lines.
 */
import type { Amount } from '../dump/progress.js';
import type { Warning } from '../errors.js';
import type { ReleaseSource } from '../model/release-identity.js';

/** The phases of a build, in order: read the dump, render and write the site, swap it in. */
export type BuildPhase = 'read' | 'write' | 'swap';

/** What reading found; sent as soon as reading ends, before anything is written. */
export interface ReadSummary {
  readonly shape: string;
  readonly release: string;
  readonly year: number | null;
  /** Where the year came from (null: no year found). */
  readonly yearFrom: ReleaseSource | null;
  readonly matrices: number;
  readonly tffms: number;
  readonly warnings: readonly Warning[];
  readonly readSeconds: number;
  /** The dump's tables the API does not serve, as the dump names them (RawDump.notServed). */
  readonly notServed: readonly string[];
}

/** Which release a phase is at, in a build of several: the `position`th (from 1) of `count`, and its name (the dump's while it is read). */
export interface Step {
  readonly release: string;
  readonly position: number;
  readonly count: number;
}

export type BuildEvent =
  /**
   * A phase starts. `total` is what it expects to do: for `read`, the dump's table files and
   * bytes; for `write`, an estimate of the files (docs/progress.md says how exact) with bytes
   * unknown (0); for `swap`, the files just written. Null when nothing is known.
   */
  | { readonly type: 'phase-start'; readonly phase: BuildPhase; readonly total: Amount | null; readonly step?: Step }
  /**
   * Work done so far in the phase (cumulative), sent every few hundred files or chunks, with the
   * total as now known (the read phase learns it once the reader has looked at the dump; the
   * write phase of several releases refines it as each release's model is had). The write phase
   * of a build of several releases is one phase over all of them: `step` says which one it is at.
   */
  | {
      readonly type: 'progress';
      readonly phase: BuildPhase;
      readonly done: Amount;
      readonly total: Amount | null;
      readonly step?: Step;
    }
  /** Reading ended: what the dump holds. Sent between the `read` and `write` phases. */
  | { readonly type: 'read'; readonly summary: ReadSummary }
  /** A phase ended successfully, with what it did and how long it took. */
  | { readonly type: 'phase-end'; readonly phase: BuildPhase; readonly done: Amount; readonly seconds: number };

/** Receives the events of one build, in order. Must not throw (a throw fails the build). */
export type BuildEvents = (event: BuildEvent) => void;

/** Times one phase and sends its start, progress and end events. */
export class PhaseClock {
  private readonly started = performance.now();
  constructor(
    private readonly events: BuildEvents | undefined,
    readonly phase: BuildPhase,
    private total: Amount | null,
    private step: Step | null = null,
  ) {
    events?.({ type: 'phase-start', phase, total, ...(step === null ? {} : { step }) });
  }

  /** The total as now known. */
  get expected(): Amount | null {
    return this.total;
  }

  /** The work done so far; a new total and the step reached when they change. */
  progress(done: Amount, total: Amount | null = this.total, step: Step | null = this.step): void {
    this.total = total;
    this.step = step;
    this.events?.({ type: 'progress', phase: this.phase, done, total, ...(step === null ? {} : { step }) });
  }

  /** Ends the phase; returns its duration in seconds. */
  end(done: Amount): number {
    const seconds = (performance.now() - this.started) / 1000;
    this.events?.({ type: 'phase-end', phase: this.phase, done, seconds });
    return seconds;
  }
}
