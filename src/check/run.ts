/**
 * `jaspar-static check`: every planned request sent to the mirror and to the reference (the
 * built site served by the dev server in process, or `--against` another server), each answer
 * judged by the tier the site was built for, the outcomes tallied into a summary. Stops at once
 * when `signal` aborts or the deadline passes, with the summary of what was judged. Each answer
 * is bounded in time (`timeoutMs`) and size ({@link answerCap}), the whole run by the deadline.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Tier } from '../hosting/adapter.js';
import { manifestFile } from '../site/manifest.js';
import { client, MAX_TIMER_MS, NetworkError, type Sender } from './client.js';
import { downloadRequests } from './downloads.js';
import { askable, traitsOf } from './hosts.js';
import { judge, type RulesTraits } from './judge.js';
import { failed, type Outcome } from './outcome.js';
import { runPool } from './pool.js';
import { startLocalReference } from './reference.js';
import { clientRequests, SITE_REQUESTS } from './requests.js';
import { prebuiltRequests } from './routes.js';
import { sample } from './sample.js';
import { REVALIDATED, revalidated, type Revalidation } from './revalidate.js';
import { chooseTier, largestFile, readBuilt, readManifest, type TierChoice } from './site.js';
import { Tally, type CheckSummary } from './summary.js';
import type { ClientRequest } from './types.js';

/** Which requests: the client table, every prebuilt route, or a seeded sample of both. */
export type Selection =
  | { readonly kind: 'table' }
  | { readonly kind: 'all' }
  | { readonly kind: 'sample'; readonly size: number; readonly seed: number };

export interface CheckOptions {
  readonly url: URL;
  readonly site: string;
  readonly against: URL | null;
  /** `--release`: every API request naming no release asks for this one (to both servers). */
  readonly release?: number;
  readonly tier?: Tier;
  readonly target?: string;
  readonly selection: Selection;
  readonly concurrency: number;
  readonly rate: number | null;
  readonly timeoutMs: number;
  /** Seconds the whole check may take; default {@link defaultDeadline}. */
  readonly deadlineSeconds?: number;
  readonly retries: number;
  readonly signal: AbortSignal;
  /** Called after each judged request. */
  readonly progress?: (done: number, total: number, failing: number) => void;
  /** Called once the requests are planned, before the first is sent. */
  readonly planned?: (total: number, choice: TierChoice) => void;
}

/** The least time the local reference is given to answer. */
const LOCAL_TIMEOUT_MS = 30_000;

const MiB = 1024 * 1024;

/**
 * The most bytes of body one answer may have: `times` the site's largest file,
 * never below `floor` (a list page the runtime assembles may outgrow every file of the site);
 * without a site (`--against` alone), `withoutSite`. Concurrency × cap bounds what a mirror
 * sending endless bodies can make the check hold.
 */
export const ANSWER_CAP = { times: 4, floor: 16 * MiB, withoutSite: 64 * MiB } as const;

export const answerCap = (largest: number | null): number =>
  largest === null ? ANSWER_CAP.withoutSite : Math.max(ANSWER_CAP.floor, ANSWER_CAP.times * largest);

/** Seconds a check may take by default: this, plus what `--rate` needs for the planned requests. */
export const DEFAULT_DEADLINE_SECONDS = 600;

export const defaultDeadline = (planned: number, rate: number | null): number =>
  DEFAULT_DEADLINE_SECONDS + (rate === null ? 0 : Math.ceil(planned / rate));

interface Plan {
  readonly requests: ClientRequest[];
  /** On the rules tier, the targets of the site's prebuilt routes: a host of the tier serves every one. */
  readonly prebuilt: ReadonlySet<string> | null;
}

/**
 * `target` with `release=<year>` appended, for an API request that names no release (docs/check.md,
 * `--release`); other requests as they are.
 */
export function withRelease(req: ClientRequest, year: number): ClientRequest {
  if (!req.target.startsWith('/api/')) return req;
  const q = req.target.indexOf('?');
  const query = q === -1 ? '' : req.target.slice(q + 1);
  if (query.split('&').some((p) => p === 'release' || p.startsWith('release='))) return req;
  const target = `${req.target}${q === -1 ? '?' : query === '' ? '' : '&'}release=${year}`;
  return { ...req, target };
}

async function plan(options: CheckOptions, choice: TierChoice, hasSite: boolean): Promise<Plan> {
  // The rules tier's hosts are asked what they answer (Netlify: GET and HEAD), before any sample is drawn.
  const asked = (requests: ClientRequest[]) =>
    choice.tier === 'rules' ? askable(traitsOf(choice.target), requests) : requests;
  const { selection } = options;
  // The download area: a sample of it with the table, every file of it with --all and --sample.
  const downloads = hasSite ? await downloadRequests(options.site, selection.kind !== 'table') : [];
  // The web site's pages and redirects (contract §10) with the table, where the site is at hand.
  const portal = hasSite && selection.kind === 'table' ? SITE_REQUESTS : [];
  const table = asked([...clientRequests(), ...(selection.kind === 'table' ? downloads : []), ...portal]);
  const built =
    hasSite && (selection.kind !== 'table' || choice.tier === 'rules') ? await readBuilt(options.site) : null;
  const all = built === null ? [] : [...prebuiltRequests(built), ...(selection.kind === 'table' ? [] : downloads)];
  // Every host of the tier serves the prebuilt routes and the download area's files.
  const prebuilt =
    choice.tier === 'rules' && built !== null ? new Set([...all, ...downloads].map((r) => r.target)) : null;
  const chosen =
    selection.kind === 'table' || built === null
      ? table
      : selection.kind === 'all'
        ? all
        : sample([...table, ...all], selection.size, selection.seed);
  const { release } = options;
  return { requests: release === undefined ? chosen : chosen.map((r) => withRelease(r, release)), prebuilt };
}

export async function runCheck(options: CheckOptions): Promise<CheckSummary> {
  const started = performance.now();
  // The site is the reference unless --against names one; then it only says the tier, if present.
  const hasSite = options.against === null || existsSync(join(options.site, manifestFile));
  const choice: TierChoice = hasSite
    ? chooseTier(await readManifest(options.site), options.tier, options.target)
    : { tier: options.tier ?? 'compute', target: null };
  const { requests, prebuilt } = await plan(options, choice, hasSite);
  // Stopped by the caller's signal or by the deadline, counted from the start.
  const deadline = options.deadlineSeconds ?? defaultDeadline(requests.length, options.rate);
  const stop = new AbortController();
  const interrupt = () => stop.abort();
  options.signal.addEventListener('abort', interrupt, { once: true });
  if (options.signal.aborted) stop.abort();
  let deadlineReached = false;
  const timer = setTimeout(
    () => {
      deadlineReached = !stop.signal.aborted;
      stop.abort();
    },
    Math.min(MAX_TIMER_MS, Math.max(0, deadline * 1000 - (performance.now() - started))),
  );
  const { signal } = stop;
  const maxBytes = answerCap(hasSite ? await largestFile(options.site) : null);
  const traits = { ...traitsOf(choice.target), ...(prebuilt === null ? {} : { prebuilt }) };
  const net = { timeoutMs: options.timeoutMs, maxBytes, retries: options.retries, signal };
  const mirror = client(options.url, { ...net, sockets: options.concurrency });
  const local = options.against === null ? await startLocalReference(options.site) : null;
  // The reference is asked twice for some rules-tier answers (the page as it was made for).
  // The dev server in this process is not held to --timeout (a short one is for the mirror; on a
  // busy machine the local reference may be slower, and its failure ends the check).
  const referenceNet = local === null ? net : { ...net, timeoutMs: Math.max(net.timeoutMs, LOCAL_TIMEOUT_MS) };
  const reference = client(local?.url ?? options.against!, { ...referenceNet, sockets: options.concurrency * 2 });
  const tally = new Tally(requests);
  const budget: Revalidation = { left: REVALIDATED };
  try {
    options.planned?.(requests.length, choice);
    const down = requests.length > 0 ? await cannotReach(mirror.send, requests[0]!) : null;
    if (down !== null) {
      // Not reached at all (name, refusal, TLS): said once for every request, not asked again.
      for (let i = 0; i < requests.length; i++)
        tally.add(i, failed({ kind: 'unreachable', detail: down, expected: null, got: null }));
    } else {
      await runPool(requests, { ...options, signal }, async (req, i) => {
        const outcome = await judged(req, mirror.send, reference.send, local === null, choice.tier, traits, budget);
        if (outcome === null || signal.aborted) return;
        tally.add(i, outcome);
        options.progress?.(tally.done, requests.length, tally.failing);
      });
    }
  } finally {
    clearTimeout(timer);
    options.signal.removeEventListener('abort', interrupt);
    mirror.close();
    reference.close();
    await local?.close();
  }
  return tally.summary({
    url: options.url.href,
    reference: options.against?.href ?? options.site,
    tier: choice.tier,
    target: choice.target,
    interrupted: options.signal.aborted,
    deadline,
    deadlineReached: deadlineReached && !options.signal.aborted,
    seconds: (performance.now() - started) / 1000,
  });
}

/** Why the mirror cannot be reached at all (its name, a refused connection, TLS), from one request; null when it answers or only timed out. */
async function cannotReach(mirror: Sender, req: ClientRequest): Promise<string | null> {
  try {
    await mirror(req);
    return null;
  } catch (err) {
    if (!(err instanceof NetworkError)) return null;
    return /^(DNS name|connection refused|TLS error)/.test(err.message) ? err.message : null;
  }
}

/** One request judged; null when interrupted. A reference that does not answer is the mirror's fault only with --against. */
async function judged(
  req: ClientRequest,
  mirror: Sender,
  reference: Sender,
  remoteReference: boolean,
  tier: Tier,
  traits: RulesTraits,
  budget: Revalidation,
): Promise<Outcome | null> {
  const [expected, got] = await Promise.allSettled([reference(req), mirror(req)]);
  for (const [r, who] of [
    [expected, 'reference'],
    [got, 'mirror'],
  ] as const) {
    if (r.status === 'fulfilled') continue;
    if (!(r.reason instanceof NetworkError)) return null;
    if (who === 'reference' && !remoteReference) throw r.reason;
    return failed({
      kind: 'unreachable',
      detail: who === 'reference' ? `the reference: ${r.reason.message}` : r.reason.message,
      expected: null,
      got: null,
    });
  }
  if (expected.status !== 'fulfilled' || got.status !== 'fulfilled') return null;
  try {
    const outcome = await judge(tier, req, expected.value, got.value, reference, traits);
    if (outcome.verdict !== 'identical') return outcome;
    return (await revalidated(req, got.value, mirror, budget)) ?? outcome;
  } catch (err) {
    if (err instanceof NetworkError)
      return failed({ kind: 'unreachable', detail: `the reference: ${err.message}`, expected: null, got: null });
    return null;
  }
}
