/**
 * The whole project type-checks (tsc, strict, tsconfig.json): a test of the suite rather than a
 * step before it, so `npm test` runs it beside the other files instead of before all of them
 * (issue 36: the suite's time on two busy cores). Run as an async child, so the worker stays
 * free; `npm run typecheck` is the same check.
 */
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { run } from './support/process.js';
import { PROJECT_ROOT } from './support/requirements.js';

it('type-checks (tsc --noEmit, strict)', async () => {
  const tsc = join(PROJECT_ROOT, 'node_modules/typescript/bin/tsc');
  const r = await run(process.execPath, [tsc, '-p', 'tsconfig.json', '--noEmit', '--pretty', 'false'], {
    cwd: PROJECT_ROOT,
    timeoutMs: 300_000,
  });
  expect(`${r.stdout}${r.stderr}`.trim()).toBe('');
  expect(r.code).toBe(0);
}, 300_000);
