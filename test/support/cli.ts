/**
 * The CLI for tests: in-process through `main` with stdout and stderr captured ({@link runMain}),
 * or compiled and bundled (tools/bundle-cli.mjs) from the sources under test, once per run (shared.ts), for tests that need a real
 * `jaspar-static` process (signals, SIGKILL, locks, a terminal, the dev server as a child; run it
 * with cli-run.ts). tsc runs as an async child; the output lives in the run's scratch folder with
 * a link to the project's node_modules, so the checkout's own lib/ is never touched.
 */
import { readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { vi } from 'vitest';
import { main } from '../../src/cli/main.js';
import { runOk } from './process.js';
import { PROJECT_ROOT } from './requirements.js';
import { shared } from './shared.js';

const LAUNCHER = `// Written by test/support/cli.ts: bin/jaspar-static.js for the compiled sources beside it.
import { main } from './src/bundled-cli.js';
process.stdout.on('error', (err) => {
  if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw err;
});
process.exitCode = await main(process.argv);
`;

/** Path of a launcher script: run it as `node <path> build …`. */
export async function compiledCli(): Promise<string> {
  const { dir } = await shared('cli', async (out) => {
    const tsc = join(PROJECT_ROOT, 'node_modules/typescript/bin/tsc');
    await runOk(process.execPath, [tsc, '-p', join(PROJECT_ROOT, 'tsconfig.build.json'), '--outDir', out]);
    // Bundled as bin/jaspar-static.js runs it.
    await runOk(process.execPath, [join(PROJECT_ROOT, 'tools/bundle-cli.mjs'), out]);
    await symlink(join(PROJECT_ROOT, 'node_modules'), join(out, 'node_modules'));
    // Name and version as the project's (`--version` reads them), ES modules like the sources.
    const { name, version } = JSON.parse(await readFile(join(PROJECT_ROOT, 'package.json'), 'utf8')) as {
      name: string;
      version: string;
    };
    await writeFile(join(out, 'package.json'), `${JSON.stringify({ name, version, type: 'module' })}\n`);
    await writeFile(join(out, 'jaspar-static.js'), LAUNCHER);
    return null;
  });
  return join(dir, 'jaspar-static.js');
}

export interface CliResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** `jaspar-static ...args` in this process; output captured, not printed. */
export async function runMain(args: readonly string[]): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  const out = vi.spyOn(process.stdout, 'write').mockImplementation((s) => ((stdout += String(s)), true));
  const err = vi.spyOn(process.stderr, 'write').mockImplementation((s) => ((stderr += String(s)), true));
  try {
    const code = await main(['node', 'jaspar-static', ...args]);
    return { code, stdout, stderr };
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
}
