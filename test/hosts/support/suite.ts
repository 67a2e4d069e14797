/**
 * The suite every compute host runs: the sample built full and compact (once each per test
 * file), the dev server and the host started on each, and every client-shaped request answered
 * by both with the same status, Content-Type and bytes.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { HostTarget } from '../../../src/targets/registry.js';
import { describeWith, type Requirement } from '../../support/requirements.js';
import { notingNosniff } from './client.js';
import type { ClientRequest, Reply } from '../../../src/check/types.js';
import { passes } from './check-run.js';
import { compareHosts } from './compare.js';
import { loopback } from './loopback.js';
import { startReference, type Reference } from './dev-server.js';
import { clientRequests } from '../../../src/check/requests.js';
import { coreapiFlow, PYTHON_COREAPI } from './coreapi-flow.js';
import { buildSample, sampleOracle, type BuiltSample } from './sites.js';

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
  /** Requests beyond the common table (e.g. the logos where the host answers them). */
  extraRequests?(kind: BuildKind): ClientRequest[];
  /** Whether the host's reply agrees with the dev server's (default: status, Content-Type and bytes). */
  agree?(expected: Reply, got: Reply): boolean;
  /** Further checks on the builds. */
  more?(built: (kind: BuildKind) => BuiltSample): void;
}

const KINDS: readonly BuildKind[] = ['full', 'compact'];

export function computeHostSuite(suite: ComputeHostSuite): void {
  describeWith(suite.title, suite.requirements, () => {
    const runs = new Map<BuildKind, { built: BuiltSample; reference: Reference; host: HostUnderTest }>();

    beforeAll(async () => {
      for (const kind of KINDS) {
        const built = await buildSample([suite.target], kind === 'compact');
        runs.set(kind, { built, reference: await startReference(built.site), host: await suite.start(built, kind) });
      }
    });

    afterAll(async () => {
      for (const run of runs.values()) {
        await Promise.all([run.reference.close(), run.host.close()]);
        run.built.cleanup();
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
          const s = await passes(server.url, run.built.site);
          console.log(`check against ${suite.target}, ${kind} build: ${s.requests} requests, ${s.identical} identical`);
          expect(s.tier).toBe('compute');
          expect(s.identical).toBe(s.requests);
          expect(s.requests).toBeGreaterThan(400);
        } finally {
          await server.close();
        }
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
