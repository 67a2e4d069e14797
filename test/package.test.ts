/**
 * The package as a user installs it (issue 21), outside the repository: `npm pack` into a
 * scratch folder, the tarball installed into an empty project with `npm ci --offline` (no
 * registry: the project's lock gives the versions of the runtime dependencies, and `npm ci` of
 * this repository left their tarballs in npm's cache), then `npx jaspar-static --version`, a
 * build of the packed sample release (no dump given: the default) and of ../shared's JASPAR2016
 * with `--formats json`, each served by the installed CLI and asked for a matrix and a list page;
 * a build with `--targets netlify-edge` whose netlify.toml Netlify's resolver maps to the site and
 * the function (issue 26). The tarball is built with `--ignore-scripts` from the lib/ that
 * `npm ci` (prepare) compiled: rebuilding lib/ here would rewrite files other test files are
 * running.
 *
 * npx's lookup of the installed command is tested once (`--version`); the builds run the link it
 * finds, node_modules/.bin/jaspar-static, which saves an npm start (about half a second of CPU)
 * each. JASPAR2016 is built without its filter and order pages (`--filters none --orders none`),
 * a reduction from the default build: those pages come from the same installed modules (src/ has
 * no dynamic import, so any build loads them all) over the same records, they take 48,000 of the
 * build's 68,000 files and half its CPU, and test/jaspar2016.test.ts builds them in-process.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freePort } from './hosts/support/ports.js';
import { netlifyDeployConfig } from './support/netlify-cli-config.js';
import { runOk } from './support/process.js';
import { copyProject, type Manifest, sharedPackage } from './support/packed.js';
import { describeWith, PROJECT_ROOT, sharedPath } from './support/requirements.js';
import { removeTree, tempDir } from './support/scratch.js';

const jaspar2016 = sharedPath('releases', 'JASPAR2016');
/** GET a path of a server, waiting until it listens (the CLI prints once it does). */
async function get(port: number, path: string): Promise<{ status: number; json: unknown }> {
  const res = await fetch(`http://127.0.0.1:${port}${path}`);
  return { status: res.status, json: await res.json() };
}

/** `jaspar-static serve` of the installed package on `site`; resolves once it listens. */
async function serveInstalled(project: string, site: string, port: number): Promise<{ stop(): Promise<void> }> {
  const bin = join(project, 'node_modules/jaspar-static/bin/jaspar-static.js');
  const child = spawn(process.execPath, [bin, 'serve', site, '--port', String(port)], {
    cwd: project,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (c: Buffer) => (out += c.toString('utf8')).includes('serving ') && resolve());
    child.stderr.on('data', (c: Buffer) => (out += c.toString('utf8')));
    child.once('exit', (code) => reject(new Error(`jaspar-static serve exited ${code}: ${out}`)));
  });
  return {
    stop: () =>
      new Promise<void>((resolve) =>
        child.exitCode !== null ? resolve() : (child.once('exit', () => resolve()), child.kill('SIGTERM')),
      ),
  };
}

describeWith('the npm package, installed into an empty project', [jaspar2016], () => {
  let dir: string;
  let project: string;
  let files: string[];
  let size: number;
  const npx = (args: string[]) => runOk('npx', ['--no-install', 'jaspar-static', ...args], { cwd: project });
  /** The command npx finds (its lookup is the --version test's), without npm's start before it. */
  const cli = (args: string[]) => runOk(join(project, 'node_modules/.bin/jaspar-static'), args, { cwd: project });
  beforeAll(async () => {
    dir = await tempDir('package');
    // The run's one packed tarball (shared with the guides), installed; this file writes into its own copy.
    const packed = await sharedPackage();
    project = await copyProject(packed.project, join(dir, 'project'));
    files = packed.files;
    size = packed.size;
    console.log(`npm pack: ${packed.tarball}, ${size} bytes, ${files.length} files`);
  }, 300_000);
  afterAll(async () => dir && removeTree(dir));

  it('holds what a user runs: compiled lib/, bin/, the sample release, README, LICENSE; no test, no TypeScript source', () => {
    expect(files).toContain('bin/jaspar-static.js');
    expect(files).toContain('lib/src/cli/main.js');
    expect(files).toContain('lib/src/bundled-cli.js');
    expect(files).toContain('lib/src/hosts/nginx/entry.js');
    expect(files).toContain('releases/sample/MATRIX.txt');
    expect(files).toContain('README.md');
    expect(files).toContain('LICENSE');
    expect(
      files.filter((f) => /(^|\/)test\/|\.test\.|test-support|\.ts$|^src\/|^bench\/|^lib\/bench\//.test(f)),
    ).toEqual([]);
  });

  it('--targets netlify-edge writes a netlify.toml Netlify resolves to the site and the edge function (issue 26)', async () => {
    // Where Netlify looks does not depend on the pages: no extra page sizes, filters or orders.
    const trim = ['--page-sizes', 'none', '--filters', 'none', '--orders', 'none'];
    await cli(['build', '--targets', 'netlify-edge', '--formats', 'json', ...trim, '--quiet']);
    const folder = join(project, 'dist.deploy', 'netlify-edge');
    const config = /--config (\S+)/.exec(readFileSync(join(folder, 'netlify.toml'), 'utf8'))?.[1];
    expect(config).toBe('dist.deploy/netlify-edge/netlify.toml');
    // As `npx netlify deploy --prod --no-build --config <that path>` in the project resolves it.
    const resolved = await netlifyDeployConfig(project, config);
    expect([resolved.publish, resolved.edgeFunctions]).toEqual([join(project, 'dist'), folder]);
    expect(existsSync(join(folder, 'jaspar-api.js'))).toBe(true);
  });

  it('npm publish --dry-run is clean: no warning but the login a dry run cannot have (issue 26)', async () => {
    const r = await runOk('npm', ['publish', '--dry-run', '--ignore-scripts', '--no-audit', '--no-fund'], {
      cwd: PROJECT_ROOT,
    });
    const warnings = `${r.stdout}\n${r.stderr}`
      .split('\n')
      .filter((l) => /^npm (warn|WARN|error|ERR)/.test(l))
      .filter((l) => !/requires you to be logged in|Unknown (user|env|project) config/.test(l));
    expect(warnings).toEqual([]);
    expect(`${r.stdout}${r.stderr}`).toMatch(/\+ jaspar-static@/);
  });

  it('runs: npx jaspar-static --version', async () => {
    const pkg = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as Manifest;
    expect((await npx(['--version'])).stdout.trim()).toBe(pkg.version);
  });

  for (const [name, dump] of [
    // Issue 29: the project holds no release, the CLI takes the one it ships.
    ['the packaged sample when no dump is given, from a folder that holds none (issue 29),', () => []],
    ['JASPAR2016', () => [jaspar2016.path, '--filters', 'none', '--orders', 'none']],
  ] as const) {
    it(`builds ${name} with --formats json and serves it`, async () => {
      const port = await freePort();
      const site = join(dir, `site-${name.replace(/\W+/g, '-')}`);
      const built = await cli([
        'build',
        ...dump(),
        '--out',
        site,
        '--formats',
        'json',
        '--base-url',
        `http://127.0.0.1:${port}`,
      ]);
      const release = JSON.parse(readFileSync(join(site, 'jaspar-static.json'), 'utf8')).release.name;
      expect(built.stderr).not.toMatch(/dump not found/);
      expect(release).toBe(name === 'JASPAR2016' ? 'JASPAR2016' : 'sample');
      const server = await serveInstalled(project, site, port);
      try {
        const all = (await get(port, '/api/v1/matrix/?page_size=1000')).json as {
          count: number;
          results: { matrix_id: string }[];
        };
        const page2 = await get(port, '/api/v1/matrix/?page=2');
        expect(page2.status).toBe(200);
        const body = page2.json as {
          count: number;
          next: string | null;
          previous: string | null;
          results: { matrix_id: string }[];
        };
        expect(body.count).toBe(all.count);
        expect(body.results.map((r) => r.matrix_id)).toEqual(all.results.slice(10, 20).map((r) => r.matrix_id));
        expect(body.previous).toBe(`http://127.0.0.1:${port}/api/v1/matrix/`);
        expect(body.next).toBe(all.count > 20 ? `http://127.0.0.1:${port}/api/v1/matrix/?page=3` : null);
        const first = all.results[0]!.matrix_id;
        const id = name === 'JASPAR2016' ? 'MA0004.1' : first;
        const detail = await get(port, `/api/v1/matrix/${id}/`);
        expect([detail.status, (detail.json as { matrix_id: string }).matrix_id]).toEqual([200, id]);
        if (name === 'JASPAR2016') expect((detail.json as { name: string }).name).toBe('Arnt');
        expect((await get(port, '/api/v1/schema/')).status).toBe(200);
      } finally {
        await server.stop();
      }
    }, 600_000);
  }
});
