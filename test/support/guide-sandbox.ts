/**
 * Where test/guides/ runs a host guide: a folder standing for the operator's machine,
 * with its own home (`~`), its own root for the system folders the guides write to
 * (`/etc/…`, `/var/www/…`), stand-ins on PATH for the system's and the cloud's commands, and
 * the engine the mirror is served by on a loopback port. The substitutions and stand-ins are
 * data, each with the sentence docs/guides/README.md lists ("What the test substitutes").
 */
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { NJS_MODULE } from './probes.js';
import type { Substitution } from './guide-commands.js';

/** The trimmed prebuilt set every build of a guide gets (a minute or two per guide). */
export const TRIMMED = '--formats json,meme,api --page-sizes none --orders name --filters collection --quiet';

/** A command the sandbox provides in place of the system's: its name, why, and the script. */
export interface StandIn {
  readonly name: string;
  readonly what: string;
  readonly script: string;
}

export interface Sandbox {
  /** The sandbox's folder: `home/` (HOME), `root/` (system folders), `bin/` (stand-ins), `run/`. */
  readonly dir: string;
  readonly home: string;
  readonly root: string;
  readonly bin: string;
  readonly run: string;
}

export async function makeSandbox(dir: string): Promise<Sandbox> {
  const s = { dir, home: join(dir, 'home'), root: join(dir, 'root'), bin: join(dir, 'bin'), run: join(dir, 'run') };
  for (const d of [s.home, s.root, s.bin, s.run]) await mkdir(d, { recursive: true });
  return s;
}

export async function installStandIns(s: Sandbox, standIns: readonly StandIn[]): Promise<void> {
  for (const t of standIns) {
    await writeFile(join(s.bin, t.name), t.script);
    await chmod(join(s.bin, t.name), 0o755);
  }
}

/** Programs the runner runs as written (the sandbox's PATH and folders around them). */
export const AS_WRITTEN = new Set([
  'cd',
  'mkdir',
  'cp',
  'ln',
  'rm',
  'mv',
  'ls',
  'cat',
  'head',
  'test',
  'echo',
  'export',
  'curl',
  'find',
  'touch',
  'npm',
  'npx jaspar-static',
]);

/** The substitutions every guide gets. */
export function commonSubstitutions(s: Sandbox, installed: string, engineUrl: () => string): Substitution[] {
  return [
    {
      what: '`sudo ` is dropped: the sandbox belongs to the test, no root is needed',
      pattern: /(^|&&\s*|\|\|\s*|;\s*)sudo /g,
      replace: '$1',
    },
    {
      what: '`/etc/…` and `/var/…` are folders of the sandbox (its `root/`); `~` is its `home/`',
      pattern: /(^|[\s'"=:])\/(etc|var)\//g,
      replace: `$1${s.root}/$2/`,
    },
    {
      what: '`npm install <tarball>` copies in the project the packed tarball was installed into once per test file (`npm ci --offline`, as test/package.test.ts installs it)',
      pattern: /^npm install \S+\.tgz$/,
      replace: `cp -a ${installed}/. .`,
    },
    {
      what:
        'a release dump `…JASPAR<year>…` given to `jaspar-static build` is the packaged sample release built as that year (`--release <year>`: each release of a guide serves other bytes), with a trimmed prebuilt set (`' +
        TRIMMED +
        '`)',
      pattern: /^(npx jaspar-static build)(?: \S*JASPAR(\d{4})\S*)?( .*)?$/,
      replace: (_m, cmd: string, year: string | undefined, rest: string | undefined) =>
        `${cmd}${year ? ` --release ${year}` : ''}${rest ?? ''} ${TRIMMED}`,
    },
    {
      what: "`npx wrangler …` runs the stand-in `wrangler` (Cloudflare's CLI is not installed here and would deploy to Cloudflare)",
      pattern: /^npx wrangler /,
      replace: 'wrangler ',
    },
    {
      what: "`npx netlify …` runs the stand-in `netlify` (Netlify's CLI is not installed here and would deploy to Netlify)",
      pattern: /^npx netlify /,
      replace: 'netlify ',
    },
    {
      what: "the mirror's public address in `curl` and `jaspar-static check` is the loopback address of the engine serving it",
      pattern: /^(curl|npx jaspar-static check)\b.*$/,
      replace: (m: string) => m.replace(/"?https?:\/\/[^/\s'"]+"?/g, engineUrl()),
    },
  ];
}

/** A stand-in's script: a POSIX shell script with the sandbox's folders in variables. */
const sh = (s: Sandbox, port: number, body: string) =>
  `#!/bin/sh
set -eu
ROOT='${s.root}'
RUN='${s.run}'
PORT=${port}
${body}`;

/** Wait until the engine's port answers (at most about a minute; a condition, not a fixed sleep). */
const WAIT_UP = `i=0
until curl -s -o /dev/null "http://127.0.0.1:$PORT/"; do
  i=$((i + 1)); [ $i -lt 600 ] || { echo "server on $PORT did not answer" >&2; exit 1; }
  sleep 0.1
done`;
/** Stop a server by its pid file and wait until its process is gone. */
const STOP = (pidFile: string, stop: string) => `if [ -f ${pidFile} ]; then
  pid=$(cat ${pidFile})
  ${stop} || true
  i=0
  while kill -0 "$pid" 2>/dev/null; do
    i=$((i + 1)); [ $i -lt 600 ] || { echo "pid $pid did not stop" >&2; exit 1; }
    sleep 0.1
  done
  rm -f ${pidFile}
fi`;

/** The nginx.conf the sandbox's nginx package leaves. */
const nginxConf = (s: Sandbox) => `load_module ${NJS_MODULE};
daemon on;
master_process off;
pid ${s.run}/nginx.pid;
error_log ${s.run}/nginx-error.log warn;
events { worker_connections 64; }
http {
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    access_log off;
    client_body_temp_path ${s.run}/tmp/body;
    proxy_temp_path ${s.run}/tmp/proxy;
    fastcgi_temp_path ${s.run}/tmp/fastcgi;
    uwsgi_temp_path ${s.run}/tmp/uwsgi;
    scgi_temp_path ${s.run}/tmp/scgi;
    include ${s.run}/nginx-sites/*;
}
`;

/** Debian's nginx, configured in the sandbox as the package configures /etc/nginx. */
export function nginxStandIns(s: Sandbox, port: number): StandIn[] {
  return [
    aptGetStandIn(s, port),
    {
      name: 'nginx',
      what: "`nginx` is Debian's nginx on the sandbox's `/etc/nginx` (pid, logs and temp folders in the sandbox); the enabled sites are read with their `/var/…` paths mapped and `listen` on the engine's loopback port",
      script: sh(
        s,
        port,
        `mkdir -p "$RUN/nginx-sites"
rm -f "$RUN/nginx-sites/"*
for f in "$ROOT/etc/nginx/sites-enabled/"*; do
  [ -e "$f" ] || continue
  sed -e "s#\\([[:space:]]\\)/var/#\\1$ROOT/var/#g" -e "s#^\\([[:space:]]*\\)listen [^;]*;#\\1listen 127.0.0.1:$PORT;#" "$f" > "$RUN/nginx-sites/$(basename "$f")"
done
exec /usr/sbin/nginx -p "$ROOT/etc/nginx/" -c "$ROOT/etc/nginx/nginx.conf" -e "$RUN/nginx-error.log" "$@"`,
      ),
    },
  ];
}

/** `apt-get install`: Debian's packages as they leave /etc (the packages themselves are required, not installed). */
export function aptGetStandIn(s: Sandbox, port: number): StandIn {
  return {
    name: 'apt-get',
    what: "`apt-get install` installs nothing (the suite requires the packages already); for `nginx` or `apache2` it lays out the sandbox's `/etc/nginx` or `/etc/apache2` as the Debian package does: nginx's main configuration, `/var/www/html`, `sites-available/`, `sites-enabled/` with the default site",
    script: sh(
      s,
      port,
      `for p in "$@"; do case "$p" in
nginx)
  mkdir -p "$ROOT/etc/nginx/sites-available" "$ROOT/etc/nginx/sites-enabled" "$ROOT/var/www/html" "$RUN/tmp"
  cat > "$ROOT/etc/nginx/nginx.conf" <<'CONF'
${nginxConf(s)}CONF
  printf 'server {\\n    listen 80 default_server;\\n    root /var/www/html;\\n}\\n' > "$ROOT/etc/nginx/sites-available/default"
  ln -sf "$ROOT/etc/nginx/sites-available/default" "$ROOT/etc/nginx/sites-enabled/default" ;;
apache2)
  mkdir -p "$ROOT/var/www/html" "$ROOT/etc/apache2/sites-available" "$ROOT/etc/apache2/sites-enabled" "$ROOT/etc/apache2/mods-available" "$ROOT/etc/apache2/mods-enabled"
  for m in rewrite headers filter deflate; do echo "LoadModule \${m}_module /usr/lib/apache2/modules/mod_\${m}.so" > "$ROOT/etc/apache2/mods-available/$m.load"; done
  printf '<VirtualHost *:80>\\n    DocumentRoot /var/www/html\\n</VirtualHost>\\n' > "$ROOT/etc/apache2/sites-available/000-default.conf"
  ln -sf "$ROOT/etc/apache2/sites-available/000-default.conf" "$ROOT/etc/apache2/sites-enabled/000-default.conf" ;;
esac; done`,
    ),
  };
}

/** The stand-in `aws` (test/hosts/support/aws-stand-in.ts), as docs/guides/README.md lists it. */
export const AWS_STAND_IN =
  "`aws` is the stand-in test/hosts/aws-stack.test.ts runs `deploy.sh` with: CloudFormation, CloudFront and STS answered from a table and recorded (the stack's bucket, a distribution `d111111abcdef8.cloudfront.net`), S3 (`aws s3 sync`, `aws s3 cp`, `aws s3api`) done against s3rver on loopback by a stand-in of the AWS CLI's S3 commands (`test/hosts/support/s3-sync-stand-in.ts`, held to Debian's AWS CLI by test/hosts/s3-upload.test.ts); the engine is a model of the distribution of the template last deployed (`test/hosts/support/distribution-server.ts`: its behaviors, viewer-request function or Lambda@Edge handler, error response and headers policy) in front of that bucket";

/** Debian's apache2, configured in the sandbox as the package configures /etc/apache2. */
export function apacheStandIns(s: Sandbox, port: number): StandIn[] {
  const asRoot = process.getuid?.() === 0;
  const conf = `ServerRoot ${s.root}/etc/apache2
Listen 127.0.0.1:${port}
PidFile ${s.run}/apache2.pid
ErrorLog ${s.run}/apache2-error.log
LogLevel warn
DefaultRuntimeDir ${s.run}
Mutex file:${s.run} default
${['mpm_event', 'authz_core', 'mime', 'dir'].map((m) => `LoadModule ${m}_module /usr/lib/apache2/modules/mod_${m}.so`).join('\n')}
IncludeOptional mods-enabled/*.load
TypesConfig /etc/mime.types
ServerName 127.0.0.1
${asRoot ? 'User www-data\nGroup www-data' : ''}
DirectoryIndex index.html
IncludeOptional ${s.run}/apache2-sites/*.conf
`;
  const a2 = (verb: string, body: string): StandIn => ({
    name: verb,
    what: "`a2enmod`, `a2ensite` and `a2dissite` link and unlink in the sandbox's `/etc/apache2` as Debian's do",
    script: sh(s, port, body),
  });
  return [
    a2(
      'a2enmod',
      `for m in "$@"; do ln -sf "../mods-available/$m.load" "$ROOT/etc/apache2/mods-enabled/$m.load"; done`,
    ),
    a2(
      'a2ensite',
      `for m in "$@"; do ln -sf "../sites-available/$m.conf" "$ROOT/etc/apache2/sites-enabled/$m.conf"; done`,
    ),
    a2('a2dissite', `for m in "$@"; do rm -f "$ROOT/etc/apache2/sites-enabled/$m.conf"; done`),
    {
      name: 'apache2ctl',
      what: "`apache2ctl` is Debian's apache2 on the sandbox's `/etc/apache2` (its main configuration written on first use as the package's, pid and logs in the sandbox); the enabled sites are read with their `/var/…` paths mapped and their virtual host on the engine's loopback port",
      script: sh(
        s,
        port,
        `[ -f "$ROOT/etc/apache2/apache2.conf" ] || cat > "$ROOT/etc/apache2/apache2.conf" <<'CONF'
${conf}CONF
mkdir -p "$RUN/apache2-sites"
rm -f "$RUN/apache2-sites/"*
for f in "$ROOT/etc/apache2/sites-enabled/"*; do
  [ -e "$f" ] || continue
  sed -e "s#\\([[:space:]]\\)/var/#\\1$ROOT/var/#g" -e "s#<VirtualHost [^>]*>#<VirtualHost 127.0.0.1:$PORT>#" "$f" > "$RUN/apache2-sites/$(basename "$f")"
done
case "\${1:-}" in
  configtest) exec /usr/sbin/apache2 -f "$ROOT/etc/apache2/apache2.conf" -t ;;
  *) exec /usr/sbin/apache2 -f "$ROOT/etc/apache2/apache2.conf" -k "$@" ;;
esac`,
      ),
    },
  ];
}

/** `systemctl reload|restart|start <server>`: stop the sandbox's server if it runs, start it, wait until it answers. */
export function systemctlStandIn(s: Sandbox, port: number): StandIn {
  return {
    name: 'systemctl',
    what: "`systemctl reload|restart|start nginx|apache2` stops the sandbox's server if it runs, starts it on the engine's loopback port and waits until it answers",
    script: sh(
      s,
      port,
      `case "$1 $2" in
  "reload nginx"|"restart nginx"|"start nginx")
    ${STOP('"$RUN/nginx.pid"', 'nginx -s stop')}
    nginx ;;
  "reload apache2"|"restart apache2"|"start apache2")
    ${STOP('"$RUN/apache2.pid"', 'apache2ctl stop')}
    apache2ctl start ;;
  *) echo "systemctl stand-in: $* is not handled" >&2; exit 2 ;;
esac
${WAIT_UP}`,
    ),
  };
}

/** Stops whatever server the sandbox started (run after the guide, pass or fail). */
export function stopServers(s: Sandbox): StandIn {
  return {
    name: 'jaspar-guide-stop',
    what: '',
    script: sh(
      s,
      0,
      `${STOP('"$RUN/nginx.pid"', 'nginx -s stop')}
${STOP('"$RUN/apache2.pid"', 'apache2ctl stop')}`,
    ),
  };
}

/** `wrangler deploy -c <file>`: records the configuration the engine (test/hosts/support/wrangler-engine.ts) serves. */
export function wranglerStandIn(s: Sandbox, record: string): StandIn {
  return {
    name: 'wrangler',
    what: '`wrangler deploy -c <wrangler.toml>` records the configuration; the engine runs that Worker in workerd through npm `miniflare` (`test/hosts/support/wrangler-engine.ts`: `main`, the `[assets]` directory relative to the file behind its binding, the Worker first as `run_worker_first` says), replacing the one deployed before',
    script: sh(
      s,
      0,
      `[ "\${1:-}" = deploy ] || { echo "wrangler stand-in: only deploy -c <file>" >&2; exit 2; }
shift
config=
while [ $# -gt 0 ]; do
  case "$1" in -c|--config) config=$2; shift ;; esac
  shift
done
[ -f "$config" ] || { echo "wrangler stand-in: no configuration file '$config'" >&2; exit 1; }
realpath "$config" > '${record}'
echo "deployed $config"`,
    ),
  };
}

/** `netlify deploy … --config <file>`: records where it ran and the file, for the engine (test/hosts/support/netlify-deploy-engine.ts). */
export function netlifyStandIn(s: Sandbox, record: string): StandIn {
  return {
    name: 'netlify',
    what: "`netlify deploy [--config <netlify.toml>]` records the folder it ran in and the file; the engine resolves them with Netlify's configuration resolver (npm `@netlify/config`, as `netlify deploy` does) and serves the publish folder with the edge functions folder's function under Deno, as test/hosts/netlify-edge.test.ts runs it, replacing the deploy before",
    script: sh(
      s,
      0,
      `[ "\${1:-}" = deploy ] || { echo "netlify stand-in: only deploy" >&2; exit 2; }
shift
config=
while [ $# -gt 0 ]; do
  case "$1" in --config) config=$2; shift ;; --config=*) config=\${1#--config=} ;; esac
  shift
done
printf '%s\\n%s' "$PWD" "$config" > '${record}'
echo "deployed $PWD \${config:-(netlify.toml)}"`,
    ),
  };
}
