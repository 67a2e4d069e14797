/**
 * `--targets netlify-edge` writes a folder Netlify deploys as is (issue 26): its netlify.toml,
 * resolved by Netlify's own configuration resolver (`@netlify/config`) as `netlify deploy` does
 * for the command the file documents, names the site as the publish folder and the function's
 * folder as the edge-functions folder, for any `--out` and `--deploy-dir`; with or without a
 * git repository above. The repository's own netlify.toml (Netlify building from git) resolves
 * to the same two folders of the default layout.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { parse } from 'smol-toml';
import { expect, it } from 'vitest';
import { EDGE_DIR, EDGE_FUNCTION, NETLIFY_TOML } from '../../src/hosts/netlify-edge/adapter.js';
import { cli } from '../support/cli-run.js';
import { netlifyDeployConfig } from '../support/netlify-cli-config.js';
import { PROJECT_ROOT } from '../support/requirements.js';
import { tempDir } from '../support/scratch.js';
import { SAMPLE } from '../support/site.js';

/** The deploy command the generated netlify.toml documents, and its `--config` path. */
function documentedCommand(toml: string): { command: string; config: string } {
  const command = /^#\s+(npx netlify deploy .*)$/m.exec(toml)?.[1];
  expect(command).toBeDefined();
  const config = /--config (\S+)/.exec(command!)?.[1];
  expect(config).toBeDefined();
  return { command: command!, config: config! };
}

/** The routes the function declares in its source (`export const config = {...};`, its last line). */
function functionPaths(file: string): string[] {
  const line = /^export const config = (.*);$/m.exec(readFileSync(file, 'utf8'))?.[1];
  expect(line).toBeDefined();
  return (JSON.parse(line!) as { path: string[] }).path;
}

it('netlify.toml resolves, as netlify deploy runs it, to the site and the edge function, for any --out and --deploy-dir', async () => {
  const root = await tempDir('netlify-config');
  // The operator's project: an npm project (npm init, the package installed), not a git repository.
  const project = join(root, 'project');
  await mkdir(project);
  writeFileSync(join(project, 'package.json'), '{ "name": "mirror", "private": true }\n');
  for (const [out, deploy, compact] of [
    [join(project, 'dist'), null, false],
    [join(project, 'sites', 'jaspar', 'public'), join(project, 'config', 'netlify'), true],
  ] as const) {
    const args = ['build', SAMPLE, '--targets', 'netlify-edge', '--formats', 'json', '--quiet', '--out', out];
    if (deploy !== null) args.push('--deploy-dir', deploy);
    if (compact) args.push('--compact');
    const r = await cli(args, { cwd: project });
    expect(r.code, r.stderr).toBe(0);
    const folder = join(deploy ?? `${out}.deploy`, EDGE_DIR);
    const tomlFile = join(folder, NETLIFY_TOML);
    const toml = readFileSync(tomlFile, 'utf8');
    expect(parse(toml)).toEqual({ build: { publish: expect.any(String), edge_functions: expect.any(String) } });
    const { command, config } = documentedCommand(toml);
    expect(command).toBe(`npx netlify deploy --prod --no-build --config ${config}`);

    // Run where the file says (the folder holding both the site and the deploy folder): without
    // git (@netlify/config takes that folder as the repository root), and under a git repository
    // above it (netlify-cli's root; the project's package.json makes the project the base).
    for (const repositoryRoot of [undefined, root]) {
      const resolved = await netlifyDeployConfig(project, config, repositoryRoot);
      expect(resolved.configPath).toBe(tomlFile);
      expect(resolved.buildDir).toBe(project);
      expect(resolved.publish).toBe(out);
      expect(resolved.edgeFunctions).toBe(folder);
    }

    // The edge-functions folder holds one function, jaspar-api (Netlify names it after its file),
    // on /api; the published site holds neither it nor the configuration.
    expect(readdirSync(folder).sort()).toEqual([`${EDGE_FUNCTION}.js`, NETLIFY_TOML]);
    expect(functionPaths(join(folder, `${EDGE_FUNCTION}.js`))).toEqual(expect.arrayContaining(['/api', '/api/*']));
    const published = readdirSync(out, { recursive: true, encoding: 'utf8' }).map((f) => basename(f));
    expect(published).not.toContain(`${EDGE_FUNCTION}.js`);
    expect(published).not.toContain(NETLIFY_TOML);
  }
});

it("the repository's netlify.toml (Netlify building from git) resolves to the default layout's site and edge-functions folder", async () => {
  const resolved = await netlifyDeployConfig(PROJECT_ROOT, undefined, PROJECT_ROOT);
  expect(resolved.configPath).toBe(join(PROJECT_ROOT, 'netlify.toml'));
  expect(resolved.publish).toBe(join(PROJECT_ROOT, 'dist'));
  expect(resolved.edgeFunctions).toBe(join(PROJECT_ROOT, 'dist.deploy', EDGE_DIR));
});
