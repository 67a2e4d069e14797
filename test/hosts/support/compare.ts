/**
 * The check every compute host must pass: for each request, the same status, Content-Type and
 * body bytes as the dev server (the reference host, src/server/dev-server.ts).
 */
import { redirectTarget, sameReply } from '../../../src/check/same-reply.js';
import { isSiteNotFoundPage } from './downloads.js';
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

/** Whether a host's redirect target `got` is a deviation its suite documents from the dev server's `expected`. */
export type RedirectDeviation = (expected: string, got: string) => boolean;

/**
 * Netlify's `_redirects` cannot upper-case a value (docs/portal.md, "Hosts"): JASPAR's old search
 * address `db=core` arrives as `collection=core`, which the search compares in upper case.
 */
export const collectionAsWritten: RedirectDeviation = (expected, got) =>
  expected !== got &&
  expected.startsWith('/search/?') &&
  expected === got.replace(/collection=([^&]*)/, (_, c: string) => `collection=${c.toUpperCase()}`);

/**
 * The web site's redirects (contract §10: a page folder without its slash, JASPAR's old
 * addresses; src/check/requests.ts PAGE_REDIRECTS): the host answers each as the dev server
 * does, a 301 to the same path and query. Each disagreement as a line.
 */
export async function redirectProblems(
  requests: readonly ClientRequest[],
  reference: Sender,
  host: Sender,
  deviations: readonly RedirectDeviation[] = [],
): Promise<string[]> {
  const out: string[] = [];
  for (const req of requests) {
    const [expected, got] = await Promise.all([reference(req), host(req)]);
    const want = redirectTarget(expected) ?? '';
    const have = redirectTarget(got) ?? '';
    const same = expected.status === got.status && (want === have || deviations.some((d) => d(want, have)));
    if (expected.status !== 301) out.push(`${label(req)}: the dev server answered ${expected.status}, not 301`);
    else if (!same) out.push(`${label(req)}: expected ${expected.status} ${want}, got ${got.status} ${have}`);
  }
  return out;
}

/**
 * Hosts whose static files a CDN serves (Netlify's behind the Edge Function, S3's behind
 * Lambda@Edge) answer a page that does not exist (`/matrix/MA9999.1/`) with the site's 404 page
 * (NOT_PREBUILT), where the dev server answers the API's `Not found.`: both 404 JSON.
 */
export const siteNotFoundPage = (expected: Reply, got: Reply): boolean =>
  sameReply(expected, got) || isSiteNotFoundPage(expected, got);
