/**
 * Every command the tests probe to learn whether a requirement is installed. globalSetup runs
 * them all once, concurrently, as async child processes; test workers only look the results
 * up (requirements.ts), so collecting a test file never waits on a child process. A probe a
 * test needs must be listed here (command() fails with that advice otherwise).
 */
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { run } from './process.js';

/** The checkout (as requirements.ts has it; not imported from there, which needs vitest). */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export interface ProbeResult {
  /** Exited 0. */
  readonly ok: boolean;
  /** stdout followed by stderr (e.g. `nginx -V` prints its build options on stderr). */
  readonly output: string;
}

export type ProbeResults = Record<string, ProbeResult>;

export const PYTHONS = ['/usr/bin/python3', 'python3'] as const;
export const CHROMIUM = '/usr/bin/chromium';

/** Whether this process may mount a small tmpfs (root, outside a locked-down container): for the full-disk test. */
export const MOUNT_TMPFS = [
  'sh',
  ['-c', 'd=$(mktemp -d) && mount -t tmpfs -o size=64k tmpfs "$d" && umount "$d"; r=$?; rmdir "$d"; exit $r'],
] as const;

/** Binaries of npm packages (installed by `npm ci` where the package supports the platform). */
export const DENO = join(ROOT, 'node_modules/.bin/deno');
export const WORKERD = join(ROOT, 'node_modules/.bin/workerd');
/** Debian awscli (not another aws on PATH). */
export const AWS_CLI = '/usr/bin/aws';
/** Debian awscli's own botocore (it vendors one): the oracle of SigV4 signatures. */
export const AWSCLI_BOTOCORE = [
  '/usr/bin/python3',
  ['-c', 'import awscli.botocore.session, awscli.botocore.auth'],
] as const;
/** Debian libnginx-mod-http-js. */
export const NJS_MODULE = '/usr/lib/nginx/modules/ngx_http_js_module.so';

/** [command, args] of every probe. */

export const PROBES: readonly (readonly [string, readonly string[]])[] = [
  ...PYTHONS.flatMap((py) => ['yaml', 'Bio', 'coreapi'].map((m) => [py, ['-c', `import ${m}`]] as const)),
  ['nginx', ['-v']],
  ['nginx', ['-V']],
  ['apache2', ['-v']],
  [CHROMIUM, ['--version']],
  // util-linux `script`: a pseudo-terminal for the progress-bar test.
  ['script', ['--version']],
  MOUNT_TMPFS,
  [DENO, ['--version']],
  [WORKERD, ['--version']],
  ['test', ['-f', NJS_MODULE]],
  // Debian awscli (uploads to the local S3 server) and zip (Lambda packages).
  [AWS_CLI, ['--version']],
  AWSCLI_BOTOCORE,
  ['zip', ['-v']],
  // Debian unzip: reads the download area's zips (src/download/zip.test.ts).
  ['unzip', ['-v']],
  // Debian sqlite3: reads the download area's .sqlite (test/downloads-database.test.ts).
  ['sqlite3', ['-version']],
];

export const probeKey = (cmd: string, args: readonly string[]): string => JSON.stringify([cmd, ...args]);

/** Run every probe (a command that cannot start is a failed probe). */
export async function runProbes(): Promise<ProbeResults> {
  const results = await Promise.all(
    PROBES.map(async ([cmd, args]) => {
      const r = await run(cmd, args, { timeoutMs: 60_000 }).catch(() => null);
      const result: ProbeResult = { ok: r?.code === 0, output: r ? `${r.stdout}${r.stderr}` : '' };
      return [probeKey(cmd, args), result] as const;
    }),
  );
  return Object.fromEntries(results);
}
