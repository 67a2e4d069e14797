/**
 * The Core API client (Python coreapi, unchanged; contract §8.2) against the dev server, on a
 * full and a compact build of the sample: the reference every host's own run of the same flow
 * (test/hosts/support/suite.ts, rules-suite.ts) is compared with.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWith } from '../support/requirements.js';
import { coreapiFlow, PYTHON_COREAPI } from './support/coreapi-flow.js';
import { startReference, type Reference } from './support/dev-server.js';
import { buildSample, sampleOracle, type BuiltSample } from './support/sites.js';

describeWith('the Core API client against the dev server (contract §8.2)', [PYTHON_COREAPI], () => {
  const runs: { kind: string; built: BuiltSample; server: Reference }[] = [];

  beforeAll(async () => {
    for (const compact of [false, true]) {
      const built = await buildSample([], compact);
      runs.push({ kind: compact ? 'compact' : 'full', built, server: await startReference(built.site) });
    }
  });

  afterAll(async () => {
    for (const run of runs) {
      await run.server.close();
      await run.built.cleanup();
    }
  });

  for (const kind of ['full', 'compact']) {
    it(`${kind} build: the document from both spellings, matrix read/list (oracle), tffm, versions, infer`, async () => {
      const run = runs.find((r) => r.kind === kind)!;
      expect(await coreapiFlow(run.server.send, run.server.send, await sampleOracle(), 'compute')).toEqual([]);
    });
  }
});
