/**
 * The check every compute host must pass: for each request, the same status, Content-Type and
 * body bytes as the dev server (the reference host, src/server/dev-server.ts).
 */
import { sameReply } from '../../../src/check/same-reply.js';
import type { ClientRequest, Reply } from '../../../src/check/types.js';

export type Sender = (req: ClientRequest) => Promise<Reply>;

const show = (r: Reply) =>
  `${r.status} ${r.contentType ?? '(no Content-Type)'} ${r.body.length} B ${JSON.stringify(r.body.subarray(0, 160).toString('utf8'))}`;

const label = (req: ClientRequest) =>
  `${req.method} ${req.target}${req.accept === undefined ? '' : ` [Accept: ${req.accept}]`}`;

export interface Comparison {
  /** Each disagreement as `request: expected … got …`. */
  readonly mismatches: string[];
  /** Requests by the reference's status, so a test can see it compared real answers. */
  readonly statuses: Record<number, number>;
}

/** Send every request to both hosts (a few at a time); `agree` decides (default: {@link sameReply}). */
export async function compareHosts<R extends Reply>(
  requests: readonly ClientRequest[],
  reference: Sender,
  host: (req: ClientRequest) => Promise<R>,
  agree: (expected: Reply, got: R) => boolean = sameReply,
): Promise<Comparison> {
  const out: string[] = [];
  const statuses: Record<number, number> = {};
  let next = 0;
  const worker = async () => {
    while (next < requests.length) {
      const req = requests[next++]!;
      const [expected, got] = await Promise.all([reference(req), host(req)]);
      statuses[expected.status] = (statuses[expected.status] ?? 0) + 1;
      if (!agree(expected, got)) out.push(`${label(req)}:\n  expected ${show(expected)}\n  got      ${show(got)}`);
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  return { mismatches: out, statuses };
}
