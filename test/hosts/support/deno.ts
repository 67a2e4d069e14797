/**
 * The Netlify Edge Function under Deno (npm `deno`), behind netlify-edge-harness.js: a server
 * on a loopback port that routes as Netlify does and serves the site's static files.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { command, type Requirement } from '../../support/requirements.js';

export { DENO } from '../../support/probes.js';
import { DENO } from '../../support/probes.js';
const HARNESS = join(dirname(fileURLToPath(import.meta.url)), 'netlify-edge-harness.js');

export const denoRequirements = (): Requirement[] => [
  command(DENO, ['--version'], 'Deno (npm package deno, installed by npm ci)'),
];

export interface RunningEdge {
  readonly port: number;
  /** What Deno printed, for diagnostics. */
  output(): string;
  close(): Promise<void>;
}

/**
 * Deno 2 refuses reads below /dev/ (the test scratch folder may be in /dev/shm) to anything but
 * --allow-all, symlinks included: such a site runs the harness with it (the harness itself
 * refuses `..`, and the suites' canaries beside the site would show a leak).
 */
const permissions = (site: string, functionFile: string): string[] =>
  site.startsWith('/dev/') || functionFile.startsWith('/dev/')
    ? ['--allow-all']
    : ['--allow-net=127.0.0.1', `--allow-read=${site},${functionFile},${HARNESS}`];

export function startEdge(site: string, functionFile: string): Promise<RunningEdge> {
  const denoDir = mkdtempSync(join(tmpdir(), 'jaspar-deno-'));
  const child: ChildProcess = spawn(
    DENO,
    ['run', '--no-prompt', ...permissions(site, functionFile), HARNESS, site, functionFile],
    {
      env: { ...process.env, DENO_DIR: denoDir, NO_COLOR: '1', DENO_NO_UPDATE_CHECK: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  const closed = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const close = async () => {
    child.kill('SIGTERM');
    await closed;
    rmSync(denoDir, { recursive: true, force: true });
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void close();
      reject(new Error(`Deno did not start in 120 s:\n${out}`));
    }, 120_000);
    const onData = (chunk: Buffer) => {
      out += chunk.toString('utf8');
      const m = /listening (\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ port: Number(m[1]), output: () => out, close });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      // Before it listened (after, resolve has run and close() removes the folder).
      rmSync(denoDir, { recursive: true, force: true });
      reject(new Error(`Deno exited (${code}):\n${out}`));
    });
  });
}
