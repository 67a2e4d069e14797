/**
 * Cloudflare's wrangler.toml names the site as its assets directory relative to where the file
 * is written, whatever `--out` and `--deploy-dir` are (issue 26): parsed as TOML, the path
 * resolves to the site the build wrote.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parse } from 'smol-toml';
import { expect, it } from 'vitest';
import { cli } from '../support/cli-run.js';
import { tempDir } from '../support/scratch.js';
import { SAMPLE } from '../support/site.js';

it('wrangler.toml points at the site from the deploy folder, for any --out and --deploy-dir', async () => {
  const root = await tempDir('wrangler');
  for (const [out, deploy] of [
    [join(root, 'dist'), null],
    [join(root, 'sites', 'jaspar', 'public'), null],
    [join(root, 'a', 'site'), join(root, 'b', 'c', 'config')],
  ] as const) {
    const args = ['build', SAMPLE, '--compact', '--targets', 'cloudflare', '--quiet', '--out', out];
    const r = await cli(deploy === null ? args : [...args, '--deploy-dir', deploy]);
    expect(r.code, r.stderr).toBe(0);
    const file = join(deploy ?? `${out}.deploy`, 'cloudflare', 'wrangler.toml');
    const toml = parse(readFileSync(file, 'utf8')) as { main: string; assets: { directory: string; binding: string } };
    expect(resolve(dirname(file), toml.assets.directory)).toBe(resolve(out));
    expect(toml.assets.binding).toBe('ASSETS');
    expect(resolve(dirname(file), toml.main)).toBe(join(dirname(file), 'worker.js'));
  }
});
