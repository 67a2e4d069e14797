/**
 * The suite every compute host runs: the sample built full and compact from its SQL dump (once
 * each per test file), the dev server and the host started on each, and every client-shaped
 * request and the download area's (downloads.ts) answered by both with the same status,
 * Content-Type and bytes.
 */
import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CACHE_CONTROL } from '../../../src/api/errors.js';
import { MIN_COMPRESSED } from '../../../src/hosting/compression.js';
import type { HostTarget } from '../../../src/targets/registry.js';
import { describeWith, type Requirement } from '../../support/requirements.js';
import { notingNosniff } from './client.js';
import type { ClientRequest, Reply } from '../../../src/check/types.js';
import { passesBut, type KnownFailure } from './check-run.js';
import { compareHosts, redirectProblems } from './compare.js';
import { loopback } from './loopback.js';
import { startReference, type Reference } from './dev-server.js';
import { clientRequests, PAGE_REDIRECTS } from '../../../src/check/requests.js';
import { coreapiFlow, PYTHON_COREAPI } from './coreapi-flow.js';
import { downloadProblems, type DownloadDeviation } from './downloads.js';
import { buildSample, sampleOracle, sampleSqlDump, type BuiltSample } from './sites.js';

export type BuildKind = 'full' | 'compact';

/** A host serving a built sample. */
export interface HostUnderTest {
  send(req: ClientRequest): Promise<Reply>;
  close(): Promise<void>;
  /** What the host logged, shown when requests differ and checked for runtime errors. */
  log(): string;
}

export interface ComputeHostSuite {
  readonly title: string;
  readonly requirements: Requirement[];
  readonly target: HostTarget;
  start(built: BuiltSample, kind: BuildKind): Promise<HostUnderTest>;
  /** A fresh instance of the host over the same deployment (default: `start` again). */
  restart?(built: BuiltSample, kind: BuildKind): Promise<HostUnderTest>;
  /** Requests beyond the common table (e.g. the logos where the host answers them). */
  extraRequests?(kind: BuildKind): ClientRequest[];
  /** Whether the host's reply agrees with the dev server's (default: status, Content-Type and bytes). */
  agree?(expected: Reply, got: Reply): boolean;
  /** Further checks on the builds. */
  more?(built: (kind: BuildKind) => BuiltSample): void;
  /** The documented ways the host's download area differs from the dev server's (downloads.ts; default none). */
  readonly downloadDeviations?: readonly DownloadDeviation[];
  /** What `jaspar-static check` fails on this host, by the same deviations (default nothing). */
  readonly checkFailures?: readonly KnownFailure[];
  /**
   * Who compresses (docs/hosting.md "Compression"): the host's own configuration (`host`: asked
   * with Accept-Encoding gzip, a large answer comes compressed), or the platform in front of the
   * code, which this engine is not (`platform`: the code sends it whole, uncompressed, with
   * nothing that forbids compressing it).
   */
  readonly compresses: 'host' | 'platform';
}

const KINDS: readonly BuildKind[] = ['full', 'compact'];

export function computeHostSuite(suite: ComputeHostSuite): void {
  describeWith(suite.title, suite.requirements, () => {
    const runs = new Map<BuildKind, { built: BuiltSample; reference: Reference; host: HostUnderTest }>();

    beforeAll(async () => {
      for (const kind of KINDS) {
        // From the SQL dump: the download area has every ending, the `.sql.gz` included.
        const built = await buildSample([suite.target], kind === 'compact', { dump: await sampleSqlDump() });
        runs.set(kind, { built, reference: await startReference(built.site), host: await suite.start(built, kind) });
      }
    });

    afterAll(async () => {
      for (const run of runs.values()) {
        await Promise.all([run.reference.close(), run.host.close()]);
        await run.built.cleanup();
      }
    });

    for (const kind of KINDS) {
      it(`${kind} build: status, Content-Type and bytes of every client request`, async () => {
        const run = runs.get(kind)!;
        const requests = [...clientRequests(), ...(suite.extraRequests?.(kind) ?? [])];
        const noNosniff: string[] = [];
        const { mismatches, statuses } = await compareHosts(
          requests,
          notingNosniff(run.reference.send, 'dev server', noNosniff),
          notingNosniff(run.host.send, suite.target, noNosniff),
          suite.agree,
        );
        expect(mismatches, `${mismatches.length} of ${requests.length} differ\n${run.host.log()}`).toEqual([]);
        expect(noNosniff.slice(0, 20), 'API answers without X-Content-Type-Options: nosniff').toEqual([]);
        // The table is mostly answers, not errors: the comparison saw real bodies.
        expect(statuses[200]).toBeGreaterThan(200);
        // The download area (contract §9): headers as §9 on both, the same answers, an unknown path 404.
        const downloads = await downloadProblems(
          run.built.site,
          run.reference.send,
          run.host.send,
          suite.downloadDeviations,
        );
        expect(downloads, run.host.log().slice(-2000)).toEqual([]);
        // The web site's redirects (contract §10).
        expect(await redirectProblems(PAGE_REDIRECTS, run.reference.send, run.host.send)).toEqual([]);
        expect(run.host.log()).not.toMatch(/js exception|jaspar:/);
      });
    }

    // The operator's proof (issue 28): `jaspar-static check` against this host, on the builds and
    // hosts started above (status, type, bytes and the contract's headers of the client table).
    for (const kind of KINDS) {
      it(`${kind} build: jaspar-static check passes against it`, async () => {
        const run = runs.get(kind)!;
        const server = await loopback((req) => run.host.send(req));
        try {
          const known = suite.checkFailures ?? [];
          const s = await passesBut(server.url, run.built.site, known);
          console.log(`check against ${suite.target}, ${kind} build: ${s.requests} requests, ${s.identical} identical`);
          expect(s.tier).toBe('compute');
          expect(s.identical).toBe(s.requests - known.length);
          expect(s.requests).toBeGreaterThan(400);
        } finally {
          await server.close();
        }
      });
    }

    // Issue 35: compression, validators and the cache policy, on the engine itself.
    for (const kind of KINDS) {
      it(`${kind} build: large answers compressed (${suite.compresses}), a computed ETag stable across a restart and its 304, Cache-Control`, async () => {
        const run = runs.get(kind)!;
        const send = run.host.send;
        for (const target of ['/api/v1/matrix/?page_size=100&search=a', '/api/v1/matrix/?page_size=100']) {
          const plain = await send({ method: 'GET', target });
          const asked = await send({ method: 'GET', target, headers: { 'Accept-Encoding': 'gzip' } });
          expect(plain.status, target).toBe(200);
          expect(plain.body.length, target).toBeGreaterThan(MIN_COMPRESSED);
          if (suite.compresses === 'host') {
            expect(asked.headers?.['content-encoding'], target).toBe('gzip');
            expect(asked.body.length, target).toBeLessThan(plain.body.length / 2);
            expect(gunzipSync(asked.body).equals(plain.body), target).toBe(true);
          } else {
            // The code sends it whole; the engine may compress it as the platform does (workerd does).
            const encoding = asked.headers?.['content-encoding'];
            expect([undefined, 'gzip'], target).toContain(encoding);
            expect((encoding === 'gzip' ? gunzipSync(asked.body) : asked.body).equals(plain.body), target).toBe(true);
          }
          expect(asked.headers?.['cache-control'] ?? '', target).not.toMatch(/no-transform/);
        }
        const target = '/api/v1/matrix/?search=a&page_size=3';
        const first = await send({ method: 'GET', target });
        const etag = first.headers?.etag;
        expect(etag).toBe(`"${createHash('sha1').update(first.body).digest('base64url')}"`);
        expect((await send({ method: 'GET', target })).headers?.etag).toBe(etag);
        const again = await (suite.restart ?? suite.start)(run.built, kind);
        try {
          expect((await again.send({ method: 'GET', target })).headers?.etag, 'after a restart').toBe(etag);
          const unchanged = await again.send({ method: 'GET', target, headers: { 'If-None-Match': etag! } });
          expect(unchanged.status).toBe(304);
          expect(unchanged.body.length).toBe(0);
        } finally {
          await again.close();
        }
        for (const t of [
          '/api/v1/matrix/',
          target,
          '/api/v1/matrix/NOPE/',
          '/api/v1/matrix/MA0101.2/?format=meme',
          '/api/v1/',
        ])
          expect((await send({ method: 'GET', target: t })).headers?.['cache-control'], t).toBe(CACHE_CONTROL);
      });
    }

    describeWith(`${suite.title}: the Core API client (contract §8.2)`, [PYTHON_COREAPI], () => {
      for (const kind of KINDS) {
        it(`${kind} build: Python coreapi loads /api/v1/docs and runs matrix read/list, tffm, versions and infer`, async () => {
          const run = runs.get(kind)!;
          const problems = await coreapiFlow(run.host.send, run.reference.send, await sampleOracle(), 'compute');
          expect(problems, run.host.log().slice(-2000)).toEqual([]);
        });
      }
    });

    suite.more?.((kind) => runs.get(kind)!.built);
  });
}
