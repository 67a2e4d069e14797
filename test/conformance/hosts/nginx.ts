/**
 * A real nginx serving a built site with the emitted include, exactly as docs/deploy.md tells
 * people to set it up (the deploy folder's nginx/ copied to <conf>/jaspar/, `include
 * jaspar/jaspar.conf;` in the server block), but with its own prefix, pid, logs and temp
 * folders under a temporary folder, on a loopback port. `master_process off` keeps one process
 * running as the caller (root or not); `daemon on` returns only once the port is bound.
 */
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runOk } from '../../support/process.js';
import { command, file, probe, type Requirement } from '../../support/requirements.js';
import { removeTree, tempDir } from '../../support/scratch.js';
import { freePort } from './http.js';

export interface Running {
  readonly port: number;
  /** The server's error log, for diagnostics. */
  log(): string;
  close(): Promise<void>;
}

/** nginx's module folder (from `nginx -V`, probed once per run). */
function modulesPath(): string {
  return /--modules-path=(\S+)/.exec(probe('nginx', ['-V']).output)?.[1] ?? '/usr/lib/nginx/modules';
}

/** nginx with the njs module (Debian packages nginx and libnginx-mod-http-js). */
export function nginxRequirements(): Requirement[] {
  const nginx = command('nginx', ['-v'], 'Debian nginx');
  if (!nginx.ok) return [nginx];
  const js = join(modulesPath(), 'ngx_http_js_module.so');
  return [nginx, file(js, 'the njs module (Debian libnginx-mod-http-js)')];
}

export async function startNginx(site: string, deploy: string): Promise<Running> {
  const root = await tempDir('nginx');
  const conf = join(root, 'conf');
  mkdirSync(conf);
  for (const d of ['logs', 'tmp']) mkdirSync(join(root, d));
  cpSync(join(deploy, 'nginx'), join(conf, 'jaspar'), { recursive: true });
  const port = await freePort();
  const tmp = join(root, 'tmp');
  writeFileSync(
    join(conf, 'nginx.conf'),
    `load_module ${join(modulesPath(), 'ngx_http_js_module.so')};
daemon on;
master_process off;
pid ${join(root, 'nginx.pid')};
error_log ${join(root, 'logs/error.log')} warn;
events { worker_connections 64; }
http {
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    access_log off;
    client_body_temp_path ${tmp}/body;
    proxy_temp_path ${tmp}/proxy;
    fastcgi_temp_path ${tmp}/fastcgi;
    uwsgi_temp_path ${tmp}/uwsgi;
    scgi_temp_path ${tmp}/scgi;
    server {
        listen 127.0.0.1:${port};
        server_name localhost;
        root ${site};
        include jaspar/jaspar.conf;
    }
}
`,
  );
  const args = ['-p', `${root}/`, '-c', join(conf, 'nginx.conf'), '-e', join(root, 'logs/error.log')];
  const log = () => {
    try {
      return readFileSync(join(root, 'logs/error.log'), 'utf8');
    } catch {
      return '';
    }
  };
  await runOk('nginx', args, { timeoutMs: 60_000 }).catch((err: Error) => {
    throw new Error(`nginx did not start: ${err.message}\n${log()}`);
  });
  return {
    port,
    log,
    close: async () => {
      await runOk('nginx', [...args, '-s', 'stop'], { timeoutMs: 60_000 });
      await removeTree(root);
    },
  };
}
