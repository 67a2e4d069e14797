/**
 * `jaspar-static check` against hostile mirrors on loopback (issue 37 item 2), as a user runs it
 * (runMain, in process): a mirror whose answers never end is cut off at the size cap, each
 * request one line, in bounded memory; a tarpit that accepts and then trickles or stays silent
 * is stopped at `--deadline` with the summary of what was judged and exit 1, in bounded memory
 * too. Each mirror stops on its own after a ceiling, so a check without its guard fails here
 * rather than exhausting the machine.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANSWER_CAP, answerCap, defaultDeadline, DEFAULT_DEADLINE_SECONDS } from '../src/check/run.js';
import type { CheckSummary } from '../src/check/summary.js';
import { runMain } from './support/cli.js';
import { endlessBody, type HostileMirror, silent, trickle } from './support/hostile-mirror.js';
import { SAMPLE, sharedSite, type BuiltSite } from './support/site.js';

const MiB = 1024 * 1024;

/** The most the heap and buffers grow while `run` runs, sampled as it goes. */
async function peakGrowth<T>(run: () => Promise<T>): Promise<{ value: T; peak: number }> {
  const used = () => {
    const m = process.memoryUsage();
    return m.heapUsed + m.arrayBuffers;
  };
  const base = used();
  let peak = 0;
  const timer = setInterval(() => {
    peak = Math.max(peak, used() - base);
  }, 10);
  try {
    const value = await run();
    peak = Math.max(peak, used() - base);
    return { value, peak };
  } finally {
    clearInterval(timer);
  }
}

describe('check against hostile mirrors', () => {
  let site: BuiltSite;
  const mirrors: HostileMirror[] = [];

  beforeAll(async () => {
    site = await sharedSite(SAMPLE);
  });

  afterAll(async () => {
    await Promise.all(mirrors.map((m) => m.close()));
  });

  const check = async (m: HostileMirror, ...args: string[]) => {
    mirrors.push(m);
    const started = performance.now();
    const { value, peak } = await peakGrowth(() =>
      runMain(['check', m.url, '--site', site.dir, '--tier', 'compute', '--json', ...args]),
    );
    return {
      ...value,
      summary: JSON.parse(value.stdout) as CheckSummary,
      peak,
      seconds: (performance.now() - started) / 1000,
    };
  };

  it('an answer is capped at a few times the largest file of the site, never below a floor; a run has a deadline', () => {
    expect(answerCap(MiB)).toBe(ANSWER_CAP.floor);
    expect(answerCap(100 * MiB)).toBe(ANSWER_CAP.times * 100 * MiB);
    expect(answerCap(null)).toBe(ANSWER_CAP.withoutSite);
    expect(defaultDeadline(425, null)).toBe(DEFAULT_DEADLINE_SECONDS);
    // --rate 2 needs 213 s for 425 requests: they are given on top.
    expect(defaultDeadline(425, 2)).toBe(DEFAULT_DEADLINE_SECONDS + 213);
  });

  // Without the cap, the check holds what the mirror sends until the timeout: 2 GiB.
  it('an endless body: every answer cut off at the cap, one line each, in bounded memory', async () => {
    const r = await check(await endlessBody(2 * 1024 * MiB), '--sample', '8', '--deadline', '100');
    expect(r.code, r.stderr).toBe(1);
    const s = r.summary;
    expect(s.deadlineReached).toBe(false);
    // HEAD and OPTIONS requests of the sample get their headers and no body.
    const cut = s.failed.filter((f) => f.detail.startsWith('answer too large'));
    expect(cut.length).toBeGreaterThan(0);
    expect(cut.length).toBe(s.failures.unreachable);
    expect(cut[0]!.detail).toBe(
      `answer too large: ${new URL(r.summary.url).host} sent more than the ${ANSWER_CAP.floor} bytes of body accepted; stopped reading`,
    );
    console.log(`check against an endless body: ${(r.peak / MiB).toFixed(0)} MiB at most, ${r.seconds.toFixed(1)} s`);
    // At most the eight requests at once, each up to its cap (and what is in flight on loopback).
    expect(r.peak).toBeLessThan(8 * ANSWER_CAP.floor + 256 * MiB);
  }, 90_000);

  const DEADLINE = 10;
  // A tarpit that trickles a byte every 50 ms (never idle) and one that stays silent: at the
  // defaults (30 s for each answer), without the deadline each would go on for half an hour.
  it.each([
    ['trickles', () => trickle(50, 100_000)],
    ['stays silent', silent],
  ])(
    'a tarpit that %s: stopped at --deadline, the summary of what was judged, exit 1',
    async (_how, start) => {
      const m = await start();
      // Ten seconds: the deadline counts from the child's start, and on a loaded machine a
      // node start and the check's modules took over 3 s once, before any connection was made.
      const r = await check(m, '--deadline', String(DEADLINE));
      expect(r.code, r.stderr).toBe(1);
      expect(r.summary.deadlineReached).toBe(true);
      expect(r.summary.deadline).toBe(DEADLINE);
      expect(r.summary.interrupted).toBe(false);
      expect(r.summary.requests).toBeLessThan(r.summary.planned);
      expect(m.connections()).toBeGreaterThan(0);
      // The deadline counts from the start; what is left is the summary and closing the servers.
      expect(r.seconds).toBeLessThan(DEADLINE + 20);
      expect(r.peak).toBeLessThan(256 * MiB);
    },
    90_000,
  );

  it('for people: the deadline said on the first line', async () => {
    mirrors.push(await silent());
    const m = mirrors.at(-1)!;
    const r = await runMain(['check', m.url, '--site', site.dir, '--deadline', '1']);
    expect(r.code).toBe(1);
    expect(r.stdout.split('\n')[0]).toMatch(
      new RegExp(`^stopped at the deadline of 1 s \\(--deadline\\): 0 of \\d+ requests to ${m.url}/ against `),
    );
  }, 90_000);
});
