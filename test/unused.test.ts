/**
 * No unused file, dependency or export (issue 13): knip over the whole project with the config
 * in knip.jsonc (entries: the CLI, the host entries esbuild bundles, the benchmarks, the tests).
 * Run as an async child, so the worker stays free; `npm run lint:unused` is the same check.
 */
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { run } from './support/process.js';
import { PROJECT_ROOT } from './support/requirements.js';

it('has no unused files, dependencies or exports (knip)', async () => {
  const knip = join(PROJECT_ROOT, 'node_modules/knip/bin/knip.js');
  const r = await run(process.execPath, [knip, '--no-progress', '--no-config-hints'], {
    cwd: PROJECT_ROOT,
    timeoutMs: 300_000,
  });
  // knip exits 1 with the findings on stdout, 2 when it cannot run (its error on stderr).
  expect(r.stderr.trim() === '' ? r.stdout.trim() : `${r.stdout}\n${r.stderr}`.trim()).toBe('');
  expect(r.code).toBe(0);
}, 300_000);
