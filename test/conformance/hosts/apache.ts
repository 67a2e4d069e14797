/**
 * A real Apache (Debian apache2) serving a built site with the emitted include, as
 * docs/deploy.md sets it up (the deploy folder's apache/ at <ServerRoot>/jaspar/, `Include
 * jaspar/jaspar.conf` in the virtual host), with its own ServerRoot, pid file, logs and port
 * under a temporary folder. As root, children run as www-data, so the site is made readable.
 */
import { chmodSync, cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { runOk } from '../../support/process.js';
import { command, file, type Requirement } from '../../support/requirements.js';
import { insideScratchBase, removeTree, tempDir } from '../../support/scratch.js';
import { freePort, waitForPort } from './http.js';
import type { Running } from './nginx.js';

const MODULES = '/usr/lib/apache2/modules';
const LOAD = ['mpm_event', 'authz_core', 'mime', 'dir', 'rewrite', 'headers', 'filter', 'deflate'];

/** Debian apache2 with the modules the include needs. */
export function apacheRequirements(): Requirement[] {
  const apache = command('apache2', ['-v'], 'Debian apache2');
  if (!apache.ok) return [apache];
  return [apache, file(join(MODULES, 'mod_rewrite.so'), 'mod_rewrite (Debian apache2)')];
}

/**
 * Let a non-root child read `dir` and its parents: up to the folder holding the scratch
 * folder, or up to the system's temporary folder (the host tests build there, with mkdtemp's 0700).
 */
function openUp(dir: string): void {
  const tmp = tmpdir();
  for (let d = dir; insideScratchBase(d) || (d.startsWith(`${tmp}/`) && d !== tmp); d = dirname(d)) chmodSync(d, 0o755);
}

export async function startApache(site: string, deploy: string): Promise<Running> {
  const root = await tempDir('apache');
  const conf = join(root, 'conf');
  const run = join(root, 'run');
  mkdirSync(conf);
  mkdirSync(run);
  cpSync(join(deploy, 'apache'), join(conf, 'jaspar'), { recursive: true });
  const port = await freePort();
  const asRoot = process.getuid?.() === 0;
  if (asRoot) for (const d of [site, join(conf, 'jaspar')]) openUp(d);
  writeFileSync(
    join(conf, 'httpd.conf'),
    `ServerRoot ${conf}
Listen 127.0.0.1:${port}
PidFile ${run}/httpd.pid
ErrorLog ${run}/error.log
LogLevel warn
DefaultRuntimeDir ${run}
Mutex file:${run} default
${LOAD.map((m) => `LoadModule ${m}_module ${MODULES}/mod_${m}.so`).join('\n')}
TypesConfig /etc/mime.types
ServerName 127.0.0.1
${asRoot ? 'User www-data\nGroup www-data' : ''}
DirectoryIndex index.html
<VirtualHost 127.0.0.1:${port}>
    DocumentRoot ${site}
    <Directory ${site}>
        Require all granted
        AllowOverride None
        Options -Indexes -MultiViews
    </Directory>
    Include jaspar/jaspar.conf
</VirtualHost>
`,
  );
  const args = ['-f', join(conf, 'httpd.conf')];
  const log = () => {
    try {
      return readFileSync(join(run, 'error.log'), 'utf8');
    } catch {
      return '';
    }
  };
  await runOk('apache2', [...args, '-k', 'start'], { timeoutMs: 60_000 }).catch((err: Error) => {
    throw new Error(`apache2 did not start: ${err.message}\n${log()}`);
  });
  await waitForPort(port);
  return {
    port,
    log,
    close: async () => {
      await runOk('apache2', [...args, '-k', 'stop'], { timeoutMs: 60_000 });
      await removeTree(root);
    },
  };
}
