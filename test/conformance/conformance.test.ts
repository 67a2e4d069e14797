/**
 * One URL table, five hosts. Every request (generated from the route generator and the path
 * function, plus hand-written edge cases) goes to: Netlify's own engine over the emitted
 * _redirects/_headers, the dev server over HTTP, the emitted CloudFront function over a model
 * of S3, a real nginx with the emitted include and njs module, and a real Apache with the
 * emitted include. Each must give the contract's answer (status, Content-Type, body), with the
 * documented limits of each host applied (expect.ts); a difference fails with the request and
 * the hosts that disagree. nginx and Apache are skipped, visibly, when not installed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deployDirFor } from '../../src/build/build.js';
import { manifestRouteOptions, readManifest } from '../../src/build/manifest.js';
import { readDump } from '../../src/dump/read-dump.js';
import { ruleTable } from '../../src/hosts/rules.js';
import { buildRelease } from '../../src/model/build-release.js';
import { allRoutes } from '../../src/routes/generate.js';
import { indexRelease } from '../../src/routes/release-index.js';
import { netlifyHost } from '../support/netlify-host.js';
import { SAMPLE, serve, sharedSite, type BuiltSite, type Served } from '../support/site.js';
import { generatedCases, HOSTS, type Case, type HostName } from './cases.js';
import { edgeCases } from './edge-cases.js';
import { describeSummary, expected, outcomeFor, summarise } from './expect.js';
import { cloudfrontHost } from './hosts/cloudfront.js';
import { send, type Answer, type Request } from './hosts/http.js';
import { describeEachServer } from './hosts/servers.js';

type Ask = (req: Request) => Promise<Answer> | Answer;

describe('URL conformance across hosts', () => {
  let site: BuiltSite;
  let cases: Case[] = [];
  let dev: Served;
  const answers = new Map<HostName, (string | null)[]>();

  /** Ask `host` every case; returns the differences from the contract. */
  async function check(host: HostName, ask: Ask): Promise<string[]> {
    const out: (string | null)[] = [];
    const failures: string[] = [];
    for (const c of cases) {
      const outcome = outcomeFor(host, c);
      if (outcome === 'skip') {
        out.push(null);
        continue;
      }
      const want = expected(site.dir, outcome, c.req.method);
      // In-process hosts answer synchronously: yield so this loop never blocks the worker (its RPC times out after 60 s).
      await new Promise<void>((resolve) => setImmediate(resolve));
      const answer = await ask(c.req);
      const got = summarise(answer, want);
      out.push(describeSummary(got));
      const where = `${c.req.method} ${c.req.target}${c.req.headers ? ` ${JSON.stringify(c.req.headers)}` : ''}`;
      if (describeSummary(got) !== describeSummary(want)) failures.push(`${where}: expected ${describeSummary(want)}, got ${describeSummary(got)}`);
      else if (c.req.target.startsWith('/api') && outcome.kind !== 'options' && !/accept/i.test(answer.headers.vary ?? '')) failures.push(`${where}: no Vary: Accept`);
    }
    answers.set(host, out);
    return failures;
  }
  const report = (failures: string[]) => expect(failures.slice(0, 40), `${failures.length} difference(s)`).toEqual([]);

  beforeAll(async () => {
    site = await sharedSite(SAMPLE);
    const options = manifestRouteOptions(readManifest(site.dir));
    const { release } = buildRelease(await readDump(SAMPLE));
    const routes = [...allRoutes(indexRelease(release), options)];
    cases = [...generatedCases(routes, options.formats, site.dir, ruleTable(options)), ...edgeCases(options.formats.includes('api'))];
    dev = await serve(site.dir);
  });
  afterAll(async () => {
    await dev?.close();
  });

  it('has at least 150 requests', () => {
    expect(cases.length).toBeGreaterThanOrEqual(150);
  });

  it('Netlify (its own engine over _redirects and _headers)', async () => {
    const netlify = await netlifyHost(site.dir);
    report(
      await check('netlify', (req) => {
        const r = netlify(req.target);
        return { status: r.status, headers: r.headers, body: req.method === 'HEAD' ? Buffer.alloc(0) : r.body };
      }),
    );
  });

  it('dev server (HTTP)', async () => {
    const port = Number(new URL(dev.origin).port);
    report(await check('dev', (req) => send(port, req)));
  });

  it('S3 + CloudFront (the emitted function on viewer-request events)', async () => {
    report(await check('cloudfront', cloudfrontHost(site.dir, deployDirFor(site.dir))));
  });

  describeEachServer(
    () => site.dir,
    ({ host, name }, running) => {
      it('answers every request as the contract says', async () => {
        const failures = await check(host, (req) => send(running().port, req));
        if (failures.length) console.error(`${name} error log:\n${running().log().slice(-3000)}`);
        report(failures);
      });
    },
  );

  it('all hosts agree', () => {
    const ran = HOSTS.filter((h) => answers.has(h));
    let asked = 0;
    let agreeing = 0;
    const differences: string[] = [];
    cases.forEach((c, i) => {
      const groups = new Map<string, HostName[]>();
      for (const h of ran) {
        const got = answers.get(h)?.[i] ?? null;
        const outcome = outcomeFor(h, c);
        if (got === null || outcome === 'skip') continue;
        asked++;
        const want = describeSummary(expected(site.dir, outcome, c.req.method));
        if (got === want) agreeing++;
        const key = got === want ? 'as documented' : got;
        groups.set(key, [...(groups.get(key) ?? []), h]);
      }
      if (groups.size > 1) differences.push(`${c.req.method} ${c.req.target}: ${[...groups].map(([k, hs]) => `${hs.join(',')} → ${k}`).join(' | ')}`);
    });
    console.log(`conformance: ${cases.length} requests × ${ran.length} hosts (${ran.join(', ')}) = ${asked} answers, ${agreeing} agree with the contract (documented limits applied)`);
    expect(differences.slice(0, 40), `${differences.length} request(s) where hosts disagree`).toEqual([]);
  });
});
