/**
 * The suite every rules-tier host runs (docs/hosting.md): the sample built full from its SQL
 * dump with a trimmed prebuilt set (so many client requests have no file), the dev server in
 * compute mode as the reference, and every client-shaped request judged by tier.ts: the same
 * answer wherever the host answers 200, otherwise an error with a JSON detail — never a
 * different list. The download area is the dev server's answers exactly (downloads.ts).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { FORMATS } from '../../../src/api/formats.js';
import { askable, rulesHostSettings } from '../../../src/check/hosts.js';
import { referenceRequest } from '../../../src/check/reference-request.js';
import type { HostTarget } from '../../../src/targets/registry.js';
import { describeWith, type Requirement } from '../../support/requirements.js';
import { notingNosniff } from './client.js';
import type { ClientRequest, Reply } from '../../../src/check/types.js';
import { startReference, type Reference } from './dev-server.js';
import { compareHosts, redirectProblems, type RedirectDeviation } from './compare.js';
import {
  clientRequests,
  DOCUMENT_REQUESTS,
  PAGE_REDIRECTS,
  releaseAndInferRequests,
} from '../../../src/check/requests.js';
import { coreapiFlow, PYTHON_COREAPI } from './coreapi-flow.js';
import { downloadProblems, type DownloadDeviation } from './downloads.js';
import { buildSample, sampleOracle, sampleSqlDump, type BuiltSample } from './sites.js';
import { judgeRulesTier, asPrebuilt, type TierVerdict } from '../../../src/check/tier.js';
import type { HostUnderTest } from './suite.js';

export interface RulesHostSuite {
  readonly title: string;
  readonly requirements: Requirement[];
  /** A rules-tier target: whether its host reads `Accept` and which methods it is asked come from src/check/hosts.ts. */
  readonly target: HostTarget;
  start(built: BuiltSample): Promise<HostUnderTest>;
  /** At least this many requests must get the dev server's very answer (the host serves, not only refuses). */
  readonly minSame: number;
  /** Requests asked besides the client table (files of the site this host's test engine serves, e.g. profile pages). */
  extraRequests?(): ClientRequest[];
  more?(built: () => BuiltSample, reference: () => Reference): void;
  /** The documented ways the host's download area differs from the dev server's (downloads.ts; default none). */
  readonly downloadDeviations?: readonly DownloadDeviation[];
  /** The documented ways the host's redirects differ from the dev server's (compare.ts `RedirectDeviation`; default none). */
  readonly redirectDeviations?: readonly RedirectDeviation[];
}

const label = (req: ClientRequest) =>
  `${req.method} ${req.target}${req.accept === undefined ? '' : ` [Accept: ${req.accept}]`}`;
const show = (r: Reply) =>
  `${r.status} ${r.contentType ?? '(no Content-Type)'} ${r.body.length} B ${JSON.stringify(r.body.subarray(0, 200).toString('utf8'))}`;

/** Judge every request; returns the problems and how many got each verdict. */
export async function judgeAll(
  requests: readonly ClientRequest[],
  reference: (req: ClientRequest) => Promise<Reply>,
  host: (req: ClientRequest) => Promise<Reply>,
  negotiates: boolean,
): Promise<{ problems: string[]; verdicts: Record<TierVerdict, number> }> {
  const problems: string[] = [];
  const verdicts: Record<TierVerdict, number> = { same: 0, links: 0, refused: 0, error: 0 };
  let next = 0;
  const worker = async () => {
    while (next < requests.length) {
      const req = requests[next++]!;
      const asked = referenceRequest(req, negotiates);
      const [expected, got] = await Promise.all([reference(asked), host(req)]);
      const both = got.status === 200 && expected.status === 200;
      // The format Accept picked, named by the Content-Type the host answered with.
      const negotiated =
        both && asked.accept !== undefined
          ? (FORMATS.find((f) => f.mediaType === got.contentType)?.name ?? null)
          : null;
      const plain = both ? asPrebuilt(asked, negotiated) : null;
      const v = judgeRulesTier(req, expected, got, plain === null ? null : await reference(plain));
      if (v in verdicts) verdicts[v as TierVerdict]++;
      else problems.push(`${label(req)}: ${v}\n  dev server ${show(expected)}\n  this host  ${show(got)}`);
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  return { problems, verdicts };
}

export function rulesHostSuite(suite: RulesHostSuite): void {
  // Whether the host reads Accept (if not, it is judged against the dev server's answer without
  // one) and which methods it is asked (Netlify serves every method as GET: GET and HEAD only).
  const traits = rulesHostSettings(suite.target);
  describeWith(suite.title, suite.requirements, () => {
    let built: BuiltSample;
    let reference: Reference;
    let host: HostUnderTest;

    beforeAll(async () => {
      // From the SQL dump: the download area has every ending, the `.sql.gz` included.
      built = await buildSample([suite.target], false, { dump: await sampleSqlDump() });
      reference = await startReference(built.site);
      host = await suite.start(built);
    });

    afterAll(async () => {
      await Promise.all([reference?.close(), host?.close()]);
      await built?.cleanup();
    });

    it("every client request: the dev server's answer where it answers 200, else an error with a detail (a refusal naming the hosts that can)", async () => {
      const requests = [...askable(traits, clientRequests()), ...(suite.extraRequests?.() ?? [])];
      const noNosniff: string[] = [];
      const { problems, verdicts } = await judgeAll(
        requests,
        reference.send,
        notingNosniff(host.send, suite.target, noNosniff),
        traits.negotiates,
      );
      console.log(
        `${suite.title}: ${requests.length} requests: ${verdicts.same} as the dev server, ${verdicts.links} as the dev server to the request its prebuilt page was made for, ${verdicts.refused} refused, ${verdicts.error} other errors`,
      );
      expect(
        problems.slice(0, 30),
        `${problems.length} of ${requests.length} wrong\n${host.log().slice(-3000)}`,
      ).toEqual([]);
      expect(verdicts.same).toBeGreaterThanOrEqual(suite.minSame);
      // Hosts whose replies report headers (not the CloudFront model): every API answer carries nosniff.
      expect(noNosniff.slice(0, 20), 'API answers without X-Content-Type-Options: nosniff').toEqual([]);
      expect(verdicts.refused).toBeGreaterThan(0);
    });

    it('serves the prebuilt release records and refuses profile inference exactly as the dev server does (contract §8.1)', async () => {
      const requests = askable(traits, releaseAndInferRequests()).filter(
        (r) => traits.negotiates || r.accept === undefined,
      );
      const { mismatches, statuses } = await compareHosts(requests, reference.send, host.send);
      expect(mismatches, host.log().slice(-3000)).toEqual([]);
      expect(statuses[200]).toBeGreaterThanOrEqual(4);
    });

    it("serves the API's own documents as the dev server does (by Accept where the host reads it)", async () => {
      for (const req of DOCUMENT_REQUESTS) {
        const [expected, got] = await Promise.all([
          reference.send(referenceRequest(req, traits.negotiates)),
          host.send(req),
        ]);
        expect([req.target, got.status, got.contentType], show(got)).toEqual([req.target, 200, expected.contentType]);
        expect(got.body.equals(expected.body), req.target).toBe(true);
      }
    });

    it("answers the web site's redirects as the dev server does: a page folder without its slash, JASPAR's old addresses (contract §10)", async () => {
      expect(await redirectProblems(PAGE_REDIRECTS, reference.send, host.send, suite.redirectDeviations)).toEqual([]);
    });

    it('serves the download area as the dev server does, an unknown path a 404 (contract §9)', async () => {
      const problems = await downloadProblems(built.site, reference.send, host.send, suite.downloadDeviations);
      expect(problems, host.log().slice(-2000)).toEqual([]);
    });

    describeWith(`${suite.title}: the Core API client (contract §8.2)`, [PYTHON_COREAPI], () => {
      it('Python coreapi loads /api/v1/docs and runs matrix read, the prebuilt matrix lists, tffm, versions and infer', async () => {
        const problems = await coreapiFlow(host.send, reference.send, await sampleOracle(), 'rules');
        expect(problems, host.log().slice(-2000)).toEqual([]);
      });
    });

    suite.more?.(
      () => built,
      () => reference,
    );
  });
}
