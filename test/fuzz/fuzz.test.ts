/**
 * Property-based fuzzing of every host that runs here (hosts.ts): RUNS generated requests
 * (requests.ts) each, the same sequence for every host. For every answer: a status of the
 * contract (200, 400, 404, 405, 406, 414, 431), a JSON body with a string `detail` on an
 * error (none for HEAD), never a byte of a file outside the site (canaries planted beside it,
 * the deploy folder's configuration); after the run the host is still alive and answering.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deployDirFor } from '../../src/site/build.js';
import type { Answer, Request } from '../conformance/hosts/http.js';
import { describeWith } from '../support/requirements.js';
import { SAMPLE, sharedSite, type BuiltSite } from '../support/site.js';
import { GAPS, gapFor, type Gap } from './gaps.js';
import { FUZZ_HOSTS, type RunningHost } from './hosts.js';
import { CANARY_NAMES, requestArb } from './requests.js';

const RUNS = Number(process.env.JASPAR_STATIC_FUZZ_RUNS ?? 5000);
const SEED = Number(process.env.JASPAR_STATIC_FUZZ_SEED ?? 20261123);
const CONTRACT_STATUSES = [200, 400, 404, 405, 406, 414, 431];
const CANARY = 'CANARY-3f9b2e-outside-the-site';
/** Text of the deploy folder's files, none of which may be served. */
const DEPLOY_MARKERS = ['js_import', 'RewriteEngine', 'function handler(event)', 'aws s3 sync'];

/** What is wrong with one answer, or null. */
function problem(req: Request, a: Answer): string | null {
  // A profile page's path without its slash (contract §8.3): a redirect to the slash, nothing else.
  const path = req.target.split('?')[0]!;
  if (a.status === 301 && /^\/matrix\/[^/]+$/.test(path))
    return a.headers.location === `${path}/` ? null : `301 to ${a.headers.location ?? 'nowhere'}`;
  if (!CONTRACT_STATUSES.includes(a.status)) return `status ${a.status}`;
  const body = a.body.toString('latin1');
  if (body.includes(CANARY)) return 'a file from outside the site (canary)';
  const leaked = DEPLOY_MARKERS.find((m) => body.includes(m));
  if (leaked) return `deploy configuration served ("${leaked}")`;
  if (a.status === 200) return null;
  // A request the server could not parse (it closes the connection) was never known to be a HEAD.
  const unparsed = [400, 414, 431].includes(a.status) && /close/i.test(a.headers.connection ?? '');
  if (req.method === 'HEAD' && !unparsed) return a.body.length === 0 ? null : 'a body on HEAD';
  if (req.method === 'HEAD' && a.body.length === 0) return null;
  if (!/^application\/json\b/.test(a.headers['content-type'] ?? ''))
    return `error ${a.status} with Content-Type ${a.headers['content-type'] ?? 'none'}`;
  try {
    const json = JSON.parse(a.body.toString('utf8')) as { detail?: unknown };
    return typeof json.detail === 'string' ? null : `error ${a.status} without a string detail: ${body.slice(0, 120)}`;
  } catch {
    return `error ${a.status} whose body is not JSON: ${body.slice(0, 120)}`;
  }
}

describe(`fuzzing every host with ${RUNS} generated requests`, () => {
  let site: BuiltSite;
  beforeAll(async () => {
    site = await sharedSite(SAMPLE);
    for (const name of CANARY_NAMES) writeFileSync(join(dirname(site.dir), name), `{"detail":"${CANARY}"}`);
  });

  it('the generator makes varied requests (a sample)', () => {
    const sample = fc.sample(requestArb, { numRuns: 2000, seed: SEED });
    const targets = sample.map((r) => r.target);
    expect(new Set(targets).size).toBeGreaterThan(1500);
    expect(sample.filter((r) => r.method !== 'GET').length).toBeGreaterThan(200);
    expect(targets.filter((t) => t.startsWith('/api/v1/')).length).toBeGreaterThan(600);
    expect(targets.filter((t) => /[?&](\w+)=.*&\1=/.test(t)).length).toBeGreaterThan(5);
    expect(targets.filter((t) => t.length > 8192).length).toBeGreaterThan(5);
    expect(targets.filter((t) => /%[0-9a-f]{2}/i.test(t)).length).toBeGreaterThan(300);
    expect(sample.filter((r) => r.headers?.Accept !== undefined).length).toBeGreaterThan(1000);
  });

  for (const host of FUZZ_HOSTS) {
    describeWith(host.name, host.requirements(), () => {
      let running: RunningHost | undefined;
      beforeAll(async () => {
        running = await host.start(site.dir, deployDirFor(site.dir));
      });
      afterAll(async () => running?.close());

      // JASPAR_STATIC_FUZZ_SURVEY=1: send the same requests without stopping at the first problem, and print every kind found.
      if (process.env.JASPAR_STATIC_FUZZ_SURVEY === '1')
        it('survey', { timeout: 900_000 }, async () => {
          const kinds = new Map<string, { n: number; example: string }>();
          for (const req of fc.sample(requestArb, { numRuns: RUNS, seed: SEED })) {
            const answer = await (running as RunningHost).ask(req);
            const wrong = problem(req, answer);
            if (!wrong || gapFor(host.id, req, answer)) continue;
            const kind = `${req.method.replace(/^(?!GET|HEAD|OPTIONS|POST|PUT|DELETE|PATCH).*/, '<other method>')} ${wrong.replace(/:.*$/s, '')}`;
            const k = kinds.get(kind) ?? {
              n: 0,
              example: `${req.method} ${req.target.slice(0, 160)} ${JSON.stringify(req.headers ?? {}).slice(0, 80)} → ${wrong.slice(0, 160)}`,
            };
            k.n++;
            kinds.set(kind, k);
          }
          console.log(
            `survey ${host.name}:\n${[...kinds].map(([k, v]) => `  ${v.n}× ${k}\n     e.g. ${v.example}`).join('\n')}`,
          );
        });

      // workerd through miniflare takes about 25 ms a request: 5,000 of them outlast the default timeout on a busy machine.
      it(`answers ${RUNS} generated requests within the contract, serves nothing from outside the site, stays up`, {
        timeout: 900_000,
      }, async () => {
        const statuses = new Map<number, number>();
        const gaps = new Map<Gap, number>();
        let asked = 0;
        await fc.assert(
          fc.asyncProperty(requestArb, async (req) => {
            const answer = await (running as RunningHost).ask(req);
            asked++;
            statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
            const wrong = problem(req, answer);
            const gap = wrong ? gapFor(host.id, req, answer) : undefined;
            if (gap) gaps.set(gap, (gaps.get(gap) ?? 0) + 1);
            else if (wrong)
              throw new Error(
                `${req.method} ${req.target.slice(0, 300)}${req.headers ? ` ${JSON.stringify(req.headers).slice(0, 200)}` : ''}: ${wrong}`,
              );
          }),
          { numRuns: RUNS, seed: SEED, endOnFailure: false },
        );
        console.log(
          `fuzz ${host.name}: ${asked} requests, statuses ${[...statuses]
            .sort(([x], [y]) => x - y)
            .map(([s, n]) => `${s}×${n}`)
            .join(' ')}${[...gaps].map(([g, n]) => `\n  known gap (${n}×): ${g.what}`).join('')}`,
        );
        // A gap that no longer occurs has been fixed: its entry in gaps.ts must go.
        expect(GAPS.filter((g) => g.host === host.id && !gaps.has(g)).map((g) => g.what)).toEqual([]);
        expect(asked).toBeGreaterThanOrEqual(RUNS);
        expect(await (running as RunningHost).dead()).toBeNull();
        // The canaries really are there to be found by a host that leaks.
        expect(readFileSync(join(dirname(site.dir), CANARY_NAMES[0]), 'utf8')).toContain(CANARY);
      });
    });
  }
});
