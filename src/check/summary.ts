/** The summary of a check: counts by verdict and failure kind, the failing requests in request order. */
import type { Tier } from '../hosting/adapter.js';
import { FAILURE_KINDS, requestLabel, type Failure, type FailureKind, type Outcome } from './outcome.js';
import type { ClientRequest } from './types.js';

export interface FailingRequest extends Failure {
  readonly method: string;
  readonly target: string;
  readonly accept?: string;
}

export interface CheckSummary {
  readonly url: string;
  /** What the mirror is compared with: the built site's folder, or the `--against` address. */
  readonly reference: string;
  readonly tier: Tier;
  readonly target: string | null;
  /** Requests planned, and those answered and judged (fewer when interrupted). */
  readonly planned: number;
  readonly requests: number;
  readonly interrupted: boolean;
  /** Seconds the check was allowed (`--deadline`), and whether it was stopped there. */
  readonly deadline: number;
  readonly deadlineReached: boolean;
  readonly seconds: number;
  readonly identical: number;
  readonly allowed: number;
  readonly refused: number;
  readonly failing: number;
  readonly failures: Readonly<Record<FailureKind, number>>;
  /** Every failing request, in the order of the requests. */
  readonly failed: readonly FailingRequest[];
}

/** Collects outcomes as they come (in any order). */
export class Tally {
  private readonly outcomes: (Outcome | undefined)[];
  done = 0;
  failing = 0;

  constructor(private readonly requests: readonly ClientRequest[]) {
    this.outcomes = new Array<Outcome | undefined>(requests.length);
  }

  add(index: number, outcome: Outcome): void {
    this.outcomes[index] = outcome;
    this.done++;
    if (outcome.verdict === 'failed') this.failing++;
  }

  summary(head: Omit<CheckSummary, keyof Counts | 'planned' | 'requests'>): CheckSummary {
    const counts: Counts = {
      identical: 0,
      allowed: 0,
      refused: 0,
      failing: 0,
      failures: Object.fromEntries(FAILURE_KINDS.map((k) => [k, 0])) as Record<FailureKind, number>,
      failed: [],
    };
    const failures = counts.failures as Record<FailureKind, number>;
    const failed = counts.failed as FailingRequest[];
    this.outcomes.forEach((o, i) => {
      if (o === undefined) return;
      if (o.verdict !== 'failed') {
        counts[o.verdict]++;
        return;
      }
      counts.failing++;
      failures[o.failure.kind]++;
      const r = this.requests[i]!;
      failed.push({
        method: r.method,
        target: r.target,
        ...(r.accept === undefined ? {} : { accept: r.accept }),
        ...o.failure,
      });
    });
    return { ...head, planned: this.requests.length, requests: this.done, ...counts };
  }
}

type Counts = {
  -readonly [K in 'identical' | 'allowed' | 'refused' | 'failing' | 'failures' | 'failed']: CheckSummary[K];
};

const shown = (s: { status: number; type: string | null; length: number } | null) =>
  s === null ? 'no answer' : `${s.status} ${s.type ?? '(no Content-Type)'} ${s.length} B`;

/** The summary for people; `all`: every failing request, else the first 10. */
export function summaryText(s: CheckSummary, all: boolean): string {
  const stopped = s.interrupted
    ? 'interrupted: '
    : s.deadlineReached
      ? `stopped at the deadline of ${s.deadline} s (--deadline): `
      : '';
  const lines = [
    `${stopped}${s.requests} of ${s.planned} requests to ${s.url} against ${s.reference} (${s.tier} tier${s.target === null ? '' : `, ${s.target}`}) in ${s.seconds.toFixed(1)} s`,
    `  identical             ${s.identical}`,
    `  allowed differences   ${s.allowed}`,
    `  refused (tier allows) ${s.refused}`,
    `  failing               ${s.failing}${
      s.failing === 0
        ? ''
        : ` (${FAILURE_KINDS.filter((k) => s.failures[k] > 0)
            .map((k) => `${k} ${s.failures[k]}`)
            .join(', ')})`
    }`,
  ];
  const list = all ? s.failed : s.failed.slice(0, 10);
  if (list.length > 0) lines.push(all ? 'failing requests:' : `first ${list.length} failing requests:`);
  for (const f of list) {
    lines.push(`  ${requestLabel(f)}: ${f.kind}: ${f.detail}`);
    // An unreachable mirror has no answers to show.
    if (f.expected !== null || f.got !== null)
      lines.push(`    expected ${shown(f.expected)}`, `    got      ${shown(f.got)}`);
  }
  return `${lines.join('\n')}\n`;
}
