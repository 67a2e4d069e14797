/** What `check` concludes about one request, and the kinds of failure it names. */
import type { ClientRequest } from './types.js';

export const FAILURE_KINDS = ['unreachable', 'wrong status', 'wrong type', 'wrong bytes', 'missing header'] as const;
export type FailureKind = (typeof FAILURE_KINDS)[number];

/** A reply as a summary shows it. */
export interface ReplyShape {
  readonly status: number;
  readonly type: string | null;
  readonly length: number;
}

export interface Failure {
  readonly kind: FailureKind;
  /** One line: what differed (the first differing header, byte, the network error). */
  readonly detail: string;
  readonly expected: ReplyShape | null;
  readonly got: ReplyShape | null;
}

/**
 * `identical`: the reference's very answer; `allowed`: a difference the tier documents (a
 * rules-tier page's links, another error of the same kind); `refused`: a refusal where the tier
 * refuses; else a failure.
 */
export type Outcome =
  | { readonly verdict: 'identical' | 'allowed' | 'refused' }
  | { readonly verdict: 'failed'; readonly failure: Failure };

export const failed = (failure: Failure): Outcome => ({ verdict: 'failed', failure });

/** A request as one line: method, target and Accept. */
export const requestLabel = (req: ClientRequest): string =>
  `${req.method} ${req.target}${req.accept === undefined ? '' : ` [Accept: ${req.accept}]`}`;
