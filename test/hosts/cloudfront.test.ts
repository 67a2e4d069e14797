/**
 * The CloudFront function (`--targets cloudfront`, rules mode) over a model of S3: on the
 * client-shaped requests it answers as the dev server in rules mode does, except where S3
 * cannot tell which error a missing key is (its one 404 page, NOT_PREBUILT, says so); judged
 * as a rules-tier host against the dev server in compute mode (tier.ts); and the size of the
 * function against CloudFront's limit.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FUNCTION_LIMIT } from '../../src/hosts/cloudfront/adapter.js';
import { NOT_PREBUILT } from '../../src/api/errors.js';
import type { Reply } from '../../src/check/types.js';
import { compareHosts } from './support/compare.js';
import { sameReply } from '../../src/check/same-reply.js';
import { cloudfrontHost, type CloudFrontReply } from './support/cloudfront-vm.js';
import { startReference, type Reference } from './support/dev-server.js';
import { clientRequests, PROFILE_REQUESTS } from '../../src/check/requests.js';
import { downloadProblems, staticNotFound } from './support/downloads.js';
import { buildSample, sampleOracle, sampleSqlDump, type BuiltSample } from './support/sites.js';
import { coreapiFlow, PYTHON_COREAPI } from './support/coreapi-flow.js';
import { describeWith } from '../support/requirements.js';
import { judgeAll } from './support/rules-suite.js';
import { rulesHostSettings } from '../../src/check/hosts.js';

/** Equal, or the one divergence S3 forces: for a key it lacks, its 404 page instead of the exact error body. */
const agree = (expected: Reply, got: CloudFrontReply) =>
  sameReply(expected, got) ||
  (got.viaS3 &&
    expected.status === 404 &&
    got.status === 404 &&
    got.contentType === 'application/json' &&
    got.body.toString('utf8') === NOT_PREBUILT.body);

describe('CloudFront function over S3 answers as the dev server in rules mode', () => {
  let built: BuiltSample;
  let reference: Reference;
  let compute: Reference;

  beforeAll(async () => {
    // From the SQL dump: the download area has every ending, the `.sql.gz` included.
    built = await buildSample(['cloudfront'], false, { dump: await sampleSqlDump() });
    reference = await startReference(built.site, 'rules');
    compute = await startReference(built.site);
  });

  afterAll(async () => {
    await Promise.all([reference?.close(), compute?.close()]);
    await built?.cleanup();
  });

  it('status, Content-Type and bytes of every client request (S3 404 page aside) and of the download area', async () => {
    const host = cloudfrontHost(built.site, built.deploy);
    // The profile pages too: the stack's profile function names each page's index.html in S3.
    const requests = [...clientRequests(), ...PROFILE_REQUESTS];
    const { mismatches, statuses } = await compareHosts(requests, reference.send, async (req) => host(req), agree);
    expect(mismatches, `${mismatches.length} of ${requests.length} differ`).toEqual([]);
    // Rules mode answers prebuilt pages only; the rest are 404s naming the hosts that compute.
    expect(statuses[200]).toBeGreaterThan(100);
    // The download area: S3's objects as upload.sh typed them, an unknown path the 404 page (contract §9).
    const downloads = await downloadProblems(built.site, reference.send, async (req) => host(req), [staticNotFound]);
    expect(downloads).toEqual([]);
  });

  it("as a rules-tier host: the dev server's answer (compute mode) where it answers 200, else an error with a detail", async () => {
    const host = cloudfrontHost(built.site, built.deploy);
    const requests = clientRequests();
    const { problems, verdicts } = await judgeAll(
      requests,
      compute.send,
      async (req) => host(req),
      rulesHostSettings('cloudfront').negotiates,
    );
    console.log(`CloudFront: ${requests.length} requests: ${JSON.stringify(verdicts)}`);
    expect(problems.slice(0, 30), `${problems.length} of ${requests.length} wrong`).toEqual([]);
    expect(verdicts.same).toBeGreaterThan(150);
  });

  describeWith('the Core API client through the CloudFront function (contract §8.2)', [PYTHON_COREAPI], () => {
    it('Python coreapi loads /api/v1/docs and runs matrix read, the prebuilt matrix lists, tffm, versions and infer', async () => {
      const host = cloudfrontHost(built.site, built.deploy);
      const problems = await coreapiFlow(async (req) => host(req), compute.send, await sampleOracle(), 'rules');
      expect(problems).toEqual([]);
    });
  });

  it(`the function fits CloudFront's ${FUNCTION_LIMIT}-byte limit`, () => {
    const size = readFileSync(join(built.deploy, 'cloudfront/functions/api.js')).length;
    console.log(`CloudFront function: ${size} bytes, limit ${FUNCTION_LIMIT}`);
    expect(size).toBeLessThanOrEqual(FUNCTION_LIMIT);
  });
});
