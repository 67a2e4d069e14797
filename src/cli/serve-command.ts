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
  const server = await startDevServer({ dir, port: flags.port, host: flags.host }).catch((err: unknown) => {
    throw listenError(err, flags);
  });
  process.stdout.write(`serving ${dir} at http://${flags.host}:${flags.port}/api/v1/matrix/ (Ctrl-C to stop)\n`);
  await new Promise<void>((resolve) => {
    const stop = () => server.close(() => resolve());
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}

/** Why the server could not listen, as one line naming the port or address and the option that changes it. */
export function listenError(err: unknown, flags: ServeFlags): Error {
  const code = (err as NodeJS.ErrnoException).code;
  const where = `${flags.host}:${flags.port}`;
  switch (code) {
    case 'EADDRINUSE':
      return new UserError(
        `port ${flags.port} is already in use on ${flags.host}; stop what serves it, or choose another with --port`,
      );
    case 'EACCES':
      return new UserError(
        `no permission to listen on ${where} (ports below 1024 need privileges); choose another with --port`,
      );
    case 'EADDRNOTAVAIL':
      return new UserError(`${flags.host} is not an address of this machine; choose another with --host`);
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new UserError(`host name ${flags.host} cannot be resolved; give an address with --host`);
    default:
      return err instanceof Error && code !== undefined
        ? new UserError(`cannot listen on ${where} (${code}: ${err.message}); check --host and --port`)
        : (err as Error);
  }
}
