/**
 * `jaspar-static check` run in process (runMain) against a host, as test/check.test.ts runs
 * it, and what the host tests assert of it: a correct deployment passes; a broken one exits 1
 * with its kind named and its first failing requests listed.
 */
import { expect } from 'vitest';
import type { FailureKind } from '../../../src/check/outcome.js';
import type { CheckSummary } from '../../../src/check/summary.js';
import { runMain, type CliResult } from '../../support/cli.js';

/** `jaspar-static check <url> --site <site> ...args`. */
export const check = (url: string, site: string, ...args: string[]): Promise<CliResult> =>
  runMain(['check', url, '--site', site, ...args]);

/** A request `check` is known to fail on a host, and how (a documented deviation of that host). */
export interface KnownFailure {
  readonly target: string;
  readonly kind: FailureKind;
}

/** Checks `url` with `--json`; expects exit 0 and nothing failing; returns the summary. */
export const passes = (url: string, site: string, ...args: string[]): Promise<CheckSummary> =>
  passesBut(url, site, [], ...args);

/**
 * As {@link passes}, but `known` fail, each exactly so (then exit 1): a host's documented
 * deviation, and nothing else.
 */
export async function passesBut(
  url: string,
  site: string,
  known: readonly KnownFailure[],
  ...args: string[]
): Promise<CheckSummary> {
  const r = await check(url, site, '--json', ...args);
  let summary: CheckSummary;
  try {
    summary = JSON.parse(r.stdout) as CheckSummary;
  } catch {
    throw new Error(`check printed no JSON (exit ${r.code}): ${r.stderr}`);
  }
  const failed = JSON.stringify(summary.failed.slice(0, 5), null, 1);
  expect(
    summary.failed.map((f) => ({ target: f.target, kind: f.kind })),
    failed,
  ).toEqual(known);
  expect(r.code, failed).toBe(known.length === 0 ? 0 : 1);
  expect(summary.failing).toBe(known.length);
  expect(summary.requests).toBe(summary.planned);
  return summary;
}

/** A failing request as the summary text lists it: `  GET /api/v1/…[ Accept: …]: <kind>: <detail>`. */
const LISTED = /^ {2}([A-Z]+) (\/\S*)(?: \[Accept: [^\]]*\])?: ([a-z ]+): /gm;

/**
 * Checks `url` (summary text); expects exit 1, `kind` counted on the failing line, and among the
 * first failing requests listed one of that kind whose target matches `target`. Returns the
 * listed failing requests.
 */
export async function caught(
  url: string,
  site: string,
  kind: FailureKind,
  target: RegExp,
  ...args: string[]
): Promise<{ method: string; target: string; kind: string }[]> {
  const r = await check(url, site, ...args);
  expect(r.code, r.stdout + r.stderr).toBe(1);
  expect(r.stdout).toMatch(new RegExp(`^ {2}failing +\\d+ \\(.*\\b${kind} \\d+`, 'm'));
  expect(r.stdout).toMatch(/^first \d+ failing requests:$/m);
  const listed = [...r.stdout.matchAll(LISTED)].map((m) => ({ method: m[1]!, target: m[2]!, kind: m[3]! }));
  expect(listed.length).toBeGreaterThan(0);
  expect(
    listed.some((l) => l.kind === kind && target.test(l.target)),
    `no ${kind} at ${target} among\n${r.stdout}`,
  ).toBe(true);
  return listed;
}
