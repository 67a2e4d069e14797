/**
 * Netlify's configuration as `netlify deploy` resolves it (netlify-cli/src/commands/base-command.ts,
 * `init` then `getConfig`): `@netlify/config`'s `resolveConfig` with the repository root found
 * as a `.git` folder up from the folder the command runs in (undefined without one, when
 * `@netlify/config` takes the folder itself), `--config` resolved from that folder, and `cwd` that
 * folder (no `--cwd`, no JS workspace). Offline: no site information from Netlify's API, whose
 * build settings would only fill what the file leaves unset.
 */
import { existsSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { resolveConfig } from '@netlify/config';

/** The `.git` folder's parent up from `dir`, as netlify-cli's getRepositoryRoot finds it. */
export function gitRoot(dir: string): string | undefined {
  for (let d = resolve(dir); ; d = dirname(d)) {
    if (existsSync(join(d, '.git')) && statSync(join(d, '.git')).isDirectory()) return d;
    if (dirname(d) === d) return undefined;
  }
}

export interface NetlifyResolved {
  readonly configPath: string;
  readonly buildDir: string;
  readonly repositoryRoot: string;
  /** Absolute, as Netlify resolves them. */
  readonly publish: string | undefined;
  readonly edgeFunctions: string | undefined;
}

/**
 * `netlify deploy [--config <configFlag>]` run in `runIn`. `repositoryRoot` stands in for the
 * `.git` folder netlify-cli would find (default: the one it finds from `runIn`).
 */
export async function netlifyDeployConfig(
  runIn: string,
  configFlag: string | undefined,
  repositoryRoot: string | undefined = gitRoot(runIn),
): Promise<NetlifyResolved> {
  const r = await resolveConfig({
    config: configFlag === undefined ? undefined : resolve(runIn, configFlag),
    repositoryRoot,
    cwd: runIn,
    context: 'production',
    mode: 'cli',
    offline: true,
    // Its progress log, which it prints for `mode: 'cli'` only with `debug`.
    buffer: true,
  });
  const build = (r.config as { build: { publish?: string; edge_functions?: string } }).build;
  return {
    configPath: r.configPath as string,
    buildDir: r.buildDir as string,
    repositoryRoot: r.repositoryRoot as string,
    publish: build.publish,
    edgeFunctions: build.edge_functions,
  };
}
