/** `jaspar-static serve`: the dev server on a built site. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { manifestFile } from '../site/manifest.js';
import { UserError } from '../errors.js';
import { startDevServer } from '../server/dev-server.js';

interface ServeFlags {
  port: number;
  host: string;
}

export async function runServe(dir: string, flags: ServeFlags): Promise<void> {
  if (!existsSync(join(dir, manifestFile))) {
    throw new UserError(`no built site here (no ${manifestFile}); run "jaspar-static build" first`, { file: dir });
  }
  const server = await startDevServer({ dir, port: flags.port, host: flags.host });
  process.stdout.write(`serving ${dir} at http://${flags.host}:${flags.port}/api/v1/matrix/ (Ctrl-C to stop)\n`);
  await new Promise<void>((resolve) => {
    const stop = () => server.close(() => resolve());
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}
