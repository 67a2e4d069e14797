/**
 * A real nginx serving a built site with the emitted include, as docs/deploy.md sets it up
 * (the deploy folder's nginx/ copied to <conf>/jaspar/, `include jaspar/jaspar.conf;` in the
 * server block), with its own prefix, pid, logs and temp folders under a temporary folder, on a
 * loopback port. `master_process off` keeps one process running as the caller; `daemon on`
 * returns once the port is bound. Started and stopped with async child processes.
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { command, file, type Requirement } from '../../support/requirements.js';
import { freePort } from './ports.js';

const run = promisify(execFile);

/** nginx's own module folder on Debian. */
export { NJS_MODULE } from '../../support/probes.js';
import { NJS_MODULE } from '../../support/probes.js';

/** nginx with the njs module (Debian packages nginx and libnginx-mod-http-js). */
export function nginxRequirements(): Requirement[] {
  const nginx = command('nginx', ['-v'], 'Debian nginx');
  if (!nginx.ok) return [nginx];
  return [nginx, file(NJS_MODULE, 'the njs module (Debian libnginx-mod-http-js)')];
}

/** Wait (at most 10 s) until process `pid` is gone. */
async function exited(pid: number): Promise<void> {
  for (let i = 0; i < 200; i++) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

export interface RunningNginx {
  readonly port: number;
  /** The folder computed answers are kept in (`keepAnswers`), else null. */
  readonly answers?: string | null;
  /** The error log, for diagnostics. */
  log(): string;
  close(): Promise<void>;
}

/** What to set up besides the emitted include: `keepAnswers` names a folder for computed answers (src/hosts/nginx/answers.ts). */
export interface NginxOptions {
  readonly keepAnswers?: boolean;
}

export async function startNginx(site: string, deploy: string, options: NginxOptions = {}): Promise<RunningNginx> {
  const root = mkdtempSync(join(tmpdir(), 'jaspar-nginx-'));
  const conf = join(root, 'conf');
  const tmp = join(root, 'tmp');
  for (const d of [conf, tmp, join(root, 'logs')]) mkdirSync(d);
  const answers = options.keepAnswers ? join(root, 'answers') : null;
  if (answers !== null) mkdirSync(answers);
  cpSync(join(deploy, 'nginx'), join(conf, 'jaspar'), { recursive: true });
  const port = await freePort();
  writeFileSync(
    join(conf, 'nginx.conf'),
    `load_module ${NJS_MODULE};
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
    include jaspar/jaspar-http.conf;
    server {
        listen 127.0.0.1:${port};
        server_name localhost;
        root ${site};
        include jaspar/jaspar.conf;
${answers === null ? '' : `        js_var $jaspar_answer_cache ${answers};\n`}    }
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
  try {
    await run('nginx', args, { timeout: 60_000 });
  } catch (err) {
    const message = `nginx did not start: ${String(err)}\n${log()}`;
    rmSync(root, { recursive: true, force: true });
    throw new Error(message);
  }
  return {
    port,
    answers,
    log,
    close: async () => {
      const pid = Number(readFileSync(join(root, 'nginx.pid'), 'utf8').trim());
      await run('nginx', [...args, '-s', 'stop'], { timeout: 60_000 }).catch(() => undefined);
      await exited(pid);
      rmSync(root, { recursive: true, force: true });
    },
  };
}
