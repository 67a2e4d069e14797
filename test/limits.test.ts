/**
 * The build holds its output to the chosen targets' documented limits (issue 26): a broken limit
 * is one warning line naming the target, the limit, the figure and the fix; `--strict-limits`
 * makes it an error before the site is replaced. The sample built full is over Cloudflare's
 * 20,000 static assets.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { cli } from './support/cli-run.js';
import { tempDir } from './support/scratch.js';
import { SAMPLE } from './support/site.js';

it('a full build for Cloudflare warns of the asset limit, naming --compact; --strict-limits fails it before the swap', async () => {
  const root = await tempDir('limits');
  const warned = await cli(['build', SAMPLE, '--targets', 'cloudflare', '--out', join(root, 'dist')]);
  expect(warned.code, warned.stderr).toBe(0);
  const line = warned.stdout.split('\n').find((l) => l.startsWith('warning: cloudflare:'));
  expect(line).toMatch(
    /^warning: cloudflare: [\d,]+ static asset files per version, over the limit of 20,000 .*--compact/,
  );

  const strict = join(root, 'strict');
  const failed = await cli(['build', SAMPLE, '--targets', 'cloudflare', '--strict-limits', '--quiet', '--out', strict]);
  expect(failed.code).toBe(1);
  expect(failed.stderr.split('\n').filter(Boolean)).toHaveLength(1);
  expect(failed.stderr).toMatch(
    /^jaspar-static: error: .*strict: the site breaks 1 platform limit \(--strict-limits\): cloudflare: .*--compact/,
  );
  expect(existsSync(strict)).toBe(false);

  // Compact: inside the limit, no warning.
  const compact = await cli(['build', SAMPLE, '--compact', '--targets', 'cloudflare', '--out', join(root, 'compact')]);
  expect(compact.code, compact.stderr).toBe(0);
  expect(compact.stdout).not.toMatch(/^warning:/m);
});
