/**
 * S3 + CloudFront with Lambda@Edge (`--targets lambda-edge`) answers client-shaped requests
 * exactly as the dev server — status, Content-Type, bytes and the API headers — on a full and a
 * compact build: the emitted handler invoked with CloudFront's origin-request event over the
 * objects the emitted upload.sh uploads, in a real S3 API on loopback (s3rver), reading them with
 * SigV4-signed GETs (their signatures are checked against botocore in s3-object.test.ts). Also: the zipped package against Lambda@Edge's limit,
 * and answers over the 1 MB generated-response limit (gzip, the S3 object, or a refusal).
 */
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { API_HEADERS, INTERNAL_ERROR } from '../../src/api/errors.js';
import type { CfResponse } from '../../src/hosts/lambda-edge/entry.js';
import { LAMBDA_ZIP_LIMIT as PACKAGE_LIMIT } from '../../src/hosting/aws/limits.js';
import { LAMBDA_DIR } from '../../src/hosts/lambda-edge/adapter.js';
import { runOk } from '../support/process.js';
import { command } from '../support/requirements.js';
import { tempDir } from '../support/scratch.js';
import { siteNotFoundPage } from './support/compare.js';
import type { Reply } from '../../src/check/types.js';
import { sameReply } from '../../src/check/same-reply.js';
import { replyOf, startLambdaEdge, type LambdaEdgeHost } from './support/lambda-edge.js';
import { startReference } from './support/dev-server.js';
import { staticNotFound } from './support/downloads.js';
import { LOGO_REQUESTS, PROFILE_REQUESTS } from '../../src/check/requests.js';
import { computeHostSuite, type BuildKind } from './support/suite.js';

/** Headers every API answer carries, compared too (lowercase). */
/** The generated-response limit of the over-the-limit test: below the sample's 100-matrix page. */
const LIMIT = 6000;

/** The hosts the suite started, by build: the checks below vary their function over the same bucket. */
const hosts = new Map<BuildKind, LambdaEdgeHost>();

const COMPARED = [...API_HEADERS.map((h) => h[0].toLowerCase()), 'allow'];

/** A header as compared: `Vary: Accept-Encoding` is the transport's (the dev server compresses; CloudFront does here). */
const compared = (r: Reply, h: string) => {
  const v = r.headers?.[h];
  if (h !== 'vary' || v === undefined) return v;
  const kept = v
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t.toLowerCase() !== 'accept-encoding');
  return kept.length === 0 ? undefined : kept.join(', ');
};

const agree = (expected: Reply, got: Reply) =>
  (sameReply(expected, got) &&
    expected.headers !== undefined &&
    got.headers !== undefined &&
    COMPARED.every((h) => compared(expected, h) === compared(got, h))) ||
  // A page that does not exist is S3's, turned into the site's 404 page by the distribution.
  (siteNotFoundPage(expected, got) && !sameReply(expected, got));

computeHostSuite({
  title: 'S3 + CloudFront with Lambda@Edge (s3rver) answers as the dev server',
  requirements: [command('zip', ['-v'], 'zip (Debian zip)')],
  compresses: 'platform',
  target: 'lambda-edge',
  start: async (built, kind) => {
    const host = await startLambdaEdge(built);
    hosts.set(kind, host);
    return { send: (req) => host.send(req), close: () => host.close(), log: () => '' };
  },
  // A fresh container: the same bucket, a new handler (nothing kept from the first).
  restart: async (_built, kind) => {
    const fresh = hosts.get(kind)!.variant({});
    return { send: (req) => fresh.send(req), close: async () => undefined, log: () => '' };
  },
  agree,
  // The download area is S3's: a missing key is the distribution's 404 page.
  downloadDeviations: [staticNotFound],
  // Logos are the function's only in a compact build; otherwise the bucket serves them as files.
  extraRequests: (kind) => [...(kind === 'compact' ? LOGO_REQUESTS : []), ...PROFILE_REQUESTS],
  more: (built) => {
    it(`the zipped handler is within Lambda@Edge's ${PACKAGE_LIMIT}-byte origin-request limit`, async () => {
      const dir = await tempDir('lambda-zip');
      for (const kind of ['full', 'compact'] as const) {
        const zip = join(dir, `${kind}.zip`);
        await runOk('zip', ['-q', '-X', '-j', zip, join(built(kind).deploy, LAMBDA_DIR, 'index.mjs')]);
        const size = Number((await runOk('wc', ['-c', zip])).stdout.trim().split(/\s+/)[0]);
        console.log(`Lambda@Edge handler, ${kind} build: ${size} bytes zipped`);
        expect(size).toBeGreaterThan(1000);
        // Far inside: even the 1 MB of a viewer trigger.
        expect(size).toBeLessThanOrEqual(Math.min(PACKAGE_LIMIT, 1024 * 1024));
      }
    });

    it('answers over the generated-response limit gzipped, from the S3 object, or refused with a detail', async () => {
      const host = hosts.get('full')!.variant({ maxResponse: LIMIT });
      const reference = await startReference(built('full').site);
      try {
        // page_size=100 is prebuilt in the sample; 99 is assembled. Both are over LIMIT.
        for (const target of ['/api/v1/matrix/?page_size=100', '/api/v1/matrix/?page_size=99']) {
          const req = { method: 'GET', target };
          const expected = await reference.send(req);
          expect(expected.body.length, target).toBeGreaterThan(LIMIT);
          const zipped = await host.invoke(req, { 'Accept-Encoding': 'gzip' });
          expect('status' in zipped && zipped.headers['content-encoding']?.[0]?.value, target).toBe('gzip');
          expect(agree(expected, replyOf(zipped as CfResponse, 'GET')), target).toBe(true);
        }
        // Without gzip, the prebuilt page is the S3 object as upload.sh typed it…
        const plain = await host.invoke({ method: 'GET', target: '/api/v1/matrix/?page_size=100' });
        expect(plain).toMatchObject({ uri: expect.stringMatching(/^\/files\//), querystring: '' });
        const object = await host.send({ method: 'GET', target: '/api/v1/matrix/?page_size=100' });
        const expected = await reference.send({ method: 'GET', target: '/api/v1/matrix/?page_size=100' });
        expect(sameReply(expected, object)).toBe(true);
        // …and an assembled one is refused with the API's error body, naming the remedies.
        const refused = await host.send({ method: 'GET', target: '/api/v1/matrix/?page_size=99' });
        expect(refused.status).toBe(500);
        expect(refused.contentType).toBe('application/json');
        expect(JSON.parse(refused.body.toString('utf8')).detail).toMatch(/Accept-Encoding: gzip.*page_size/);
      } finally {
        await reference.close();
      }
    });

    it('signs its S3 requests: with an access key s3rver does not know, it refuses them and the answer is a 500', async () => {
      const host = hosts.get('compact')!.variant({ accessKeyId: 'AKIDUNKNOWN' });
      const r = await host.send({ method: 'GET', target: '/api/v1/matrix/MA0101.2/' });
      expect(r.status).toBe(500);
      expect(r.body.toString('utf8')).toBe(INTERNAL_ERROR.body);
    });
  },
});
