/**
 * Revalidation (issue 35): a client that cached an answer asks again with its ETag and must get
 * 304, or the same answer. `check` does so for a sample of the API answers it judged identical
 * that carry an ETag (the first {@link REVALIDATED}), so a host that answers If-None-Match wrongly
 * (another status, or a 200 with other bytes) fails, and a 304 counts as the same answer.
 */
import type { Sender } from './client.js';
import { failed, type Outcome } from './outcome.js';
import type { ClientRequest, Reply } from './types.js';

/** How many answers a run revalidates. */
export const REVALIDATED = 20;

/** A run's budget of revalidations. */
export interface Revalidation {
  left: number;
}

/** The outcome of asking `req` again with `got`'s ETag: null when it is the same answer (304, or the same 200). */
export async function revalidated(
  req: ClientRequest,
  got: Reply,
  mirror: Sender,
  budget: Revalidation,
): Promise<Outcome | null> {
  const etag = got.headers?.etag;
  if (etag === undefined || got.status !== 200 || req.method !== 'GET' || !req.target.startsWith('/api')) return null;
  if (budget.left <= 0) return null;
  budget.left--;
  const again = await mirror({ ...req, headers: { ...(req.headers ?? {}), 'If-None-Match': etag } });
  if (again.status === 304 && again.body.length === 0) return null;
  if (again.status === 200 && again.body.equals(got.body)) return null;
  return failed({
    kind: again.status === 200 ? 'wrong bytes' : 'wrong status',
    detail: `asked again with If-None-Match: ${etag}, answers ${again.status}${again.status === 304 ? ' with a body' : ''}, not 304 or the same answer`,
    expected: { status: 304, type: null, length: 0 },
    got: { status: again.status, type: again.contentType, length: again.body.length },
  });
}
