/**
 * The CLI compiled from the sources under test, once per run (shared.ts), for tests that need
 * a real `jaspar-static` process (signals, SIGKILL, locks, the dev server as a child). tsc runs
 * as an async child; the output lives in the run's scratch folder with a link to the
 * project's node_modules, so the checkout's own lib/ is never touched.
 */
import { symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runOk } from './process.js';
import { PROJECT_ROOT } from './requirements.js';
import { shared } from './shared.js';

const LAUNCHER = `// Written by test/support/cli.ts: bin/jaspar-static.js for the compiled sources beside it.
import { main } from './src/cli/main.js';
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
    await symlink(join(PROJECT_ROOT, 'node_modules'), join(out, 'node_modules'));
    await writeFile(join(out, 'package.json'), '{"type":"module"}\n');
    await writeFile(join(out, 'jaspar-static.js'), LAUNCHER);
    return null;
  });
  return join(dir, 'jaspar-static.js');
}
