/**
 * Host speed (issues 35, 47): `npm run bench:hosts [-- DUMP]` builds a release (default
 * ../shared/releases/JASPAR2018) full and compact for nginx, starts Debian's nginx with the
 * emitted configuration (2 workers, the njs module, computed answers kept in a folder) on each,
 * the dev server on each, and plain
 * nginx serving a prebuilt file, and prints req/s and p99 per request class, each measured
 * quiet and again beside a CPU-bound job on every core (bench/cpu-job.ts, started and stopped
 * here), beside JASPAR's own code's figures (bench/jaspar-figures.ts); then the bytes on the
 * wire of a large page with and without compression. autocannon, 16 connections, BENCH_SECONDS
 * (default 8) each after a 2 s warm-up; BENCH_ONLY=text measures only the classes whose name
 * holds it. On a 2-core machine autocannon takes a core of its own: read the figures beside the
 * plain file's, measured in the same run.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { availableParallelism } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { startCpuJob } from './cpu-job.js';
import { jasparFigure } from './jaspar-figures.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const cli = join(root, 'bin/jaspar-static.js');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 16;
const NJS = '/usr/lib/nginx/modules/ngx_http_js_module.so';

/** The request classes of issues 35 and 44, by build. */
/** What makes each request new: a pair the API ignores, its value a fresh id (autocannon's `[<id>]`). */
const UNIQUE = '&_=[<id>]';

interface Class {
  readonly name: string;
  readonly build: 'full' | 'compact';
  readonly path: string;
  /** Every request made new (autocannon's `[<id>]`, a fresh UUID each), so no host answers it from a cache. */
  readonly unique?: boolean;
}

const CLASSES: readonly Class[] = [
  { name: 'prebuilt list page', build: 'full', path: '/api/v1/matrix/?page=3&order=-name' },
  { name: 'detail ?format=meme', build: 'full', path: '/api/v1/matrix/MA0004.1/?format=meme' },
  { name: 'search=FOX&page_size=100 (computed)', build: 'full', path: '/api/v1/matrix/?search=FOX&page_size=100' },
  {
    name: 'search=FOX&page_size=100, every request new (computed, never kept)',
    build: 'full',
    path: `/api/v1/matrix/?search=FOX&page_size=100${UNIQUE}`,
    unique: true,
  },
  { name: 'list page (compact, computed)', build: 'compact', path: '/api/v1/matrix/?page=3&order=-name' },
  { name: 'detail (compact, computed)', build: 'compact', path: '/api/v1/matrix/MA0004.1/?format=meme' },
  // The web site (contract §10, issue 44): pages are files, the search's results the page's script's.
  { name: 'site: /search/?q=FOX&collection=all', build: 'full', path: '/search/?q=FOX&collection=all' },
  {
    name: 'site: /search/?q=sapiens&collection=all&version=latest',
    build: 'full',
    path: '/search/?q=sapiens&collection=all&version=latest',
  },
  { name: 'site: /matrix/MA0004.1/ (profile page)', build: 'full', path: '/matrix/MA0004.1/' },
  { name: "site: the search's data script", build: 'full', path: '/static/portal/data.js' },
  { name: 'site: /matrix/MA0004.1/ (compact)', build: 'compact', path: '/matrix/MA0004.1/' },
];
/** The plain file nginx serves for comparison: the prebuilt list page's own file. */
const PLAIN = '/files/default/matrix/_/default/-name/3.json';
/** A large page for the bytes on the wire. */
const LARGE = '/api/v1/matrix/?page_size=1000';

function buildSite(dump: string, out: string, compact: boolean): void {
  const args = [
    cli,
    'build',
    dump,
    '-o',
    out,
    '--targets',
    'nginx',
    '--quiet',
    '--force',
    ...(compact ? ['--compact'] : []),
  ];
  const r = spawnSync(process.execPath, args, { stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`build exited ${r.status}`);
}

/** nginx with the emitted configuration over `site`, 2 workers, on `port`; resolves once it answers. */
async function startNginx(dir: string, site: string, port: number): Promise<() => void> {
  const conf = join(dir, 'conf');
  const answers = join(dir, 'answers');
  for (const d of [conf, join(dir, 'logs'), join(dir, 'tmp'), answers]) mkdirSync(d, { recursive: true });
  // Kept answers (src/hosts/nginx/answers.ts), written by the workers, which run as another user.
  chmodSync(answers, 0o777);
  cpSync(`${site}.deploy/nginx`, join(conf, 'jaspar'), { recursive: true });
  writeFileSync(
    join(conf, 'nginx.conf'),
    `load_module ${NJS};
worker_processes 2;
pid ${dir}/nginx.pid;
error_log ${dir}/logs/error.log warn;
events { worker_connections 1024; }
http {
    include /etc/nginx/mime.types;
    access_log off;
    variables_hash_max_size 4096;
    client_body_temp_path ${dir}/tmp/body; proxy_temp_path ${dir}/tmp/proxy; fastcgi_temp_path ${dir}/tmp/fastcgi;
    uwsgi_temp_path ${dir}/tmp/uwsgi; scgi_temp_path ${dir}/tmp/scgi;
    include jaspar/jaspar-http.conf;
    server { listen 127.0.0.1:${port}; root ${site}; include jaspar/jaspar.conf; js_var $jaspar_answer_cache ${answers}; }
}
`,
  );
  const args = ['-p', `${dir}/`, '-c', join(conf, 'nginx.conf'), '-e', join(dir, 'logs/error.log')];
  const r = spawnSync('nginx', args, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`nginx did not start: ${r.stderr}`);
  const stop = () => void spawnSync('nginx', [...args, '-s', 'stop']);
  try {
    await answering(`http://127.0.0.1:${port}/api/v1/`);
  } catch (err) {
    stop();
    throw new Error(`${String(err)}\n${readFileSync(join(dir, 'logs/error.log'), 'utf8').slice(-2000)}`);
  }
  return stop;
}

async function answering(url: string, child?: ChildProcess): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (child !== undefined && child.exitCode !== null) throw new Error(`server exited (${child.exitCode})`);
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no answer from ${url}`);
}

interface Measured {
  readonly rps: number;
  readonly p99: number;
  readonly bad: string;
}

async function measure(url: string, unique = false): Promise<Measured> {
  const opts = { url, connections: CONNECTIONS, idReplacement: unique };
  await autocannon({ ...opts, duration: 2 });
  const r = await autocannon({ ...opts, duration: SECONDS });
  const bad = [
    ...(r.non2xx > 0 ? [`${r.non2xx} non-2xx`] : []),
    ...(r.errors > 0 ? [`${r.errors} socket errors, ${r.timeouts} timeouts`] : []),
  ];
  return { rps: r.requests.average, p99: r.latency.p99, bad: bad.length ? `  (${bad.join(', ')})` : '' };
}

const rate = (n: number): string => Math.round(n).toLocaleString('en-US');
const shown = (m: Measured): string => `${rate(m.rps).padStart(7)} req/s  p99 ${String(m.p99).padStart(4)} ms${m.bad}`;

/** Bytes of body on the wire for `url`, asked with and without gzip. */
function wire(url: string, gzip: boolean): Promise<string> {
  return new Promise((done, fail) => {
    const req = request(url, { headers: gzip ? { 'Accept-Encoding': 'gzip' } : {} }, (res) => {
      let n = 0;
      res.on('data', (c: Buffer) => (n += c.length));
      res.on('end', () =>
        done(
          `${n.toLocaleString('en-US')} B${res.headers['content-encoding'] ? ` (${res.headers['content-encoding']})` : ''}`,
        ),
      );
    });
    req.on('error', fail);
    req.end();
  });
}

async function main(): Promise<void> {
  const dump = resolve(process.argv[2] ?? join(root, '../shared/releases/JASPAR2018'));
  if (!existsSync(dump)) throw new Error(`no dump at ${dump}: give one (npm run bench:hosts -- DUMP)`);
  mkdirSync(join(root, '.bench'), { recursive: true });
  const tmp = mkdtempSync(join(root, '.bench', 'hosts-'));
  // nginx's workers run as another user: they must reach the sites.
  chmodSync(tmp, 0o755);
  const stops: (() => void)[] = [];
  try {
    const sites = { full: join(tmp, 'full'), compact: join(tmp, 'compact') };
    buildSite(dump, sites.full, false);
    buildSite(dump, sites.compact, true);
    const nginx = { full: 18411, compact: 18412 };
    const devPorts = { full: 18421, compact: 18422 };
    for (const b of ['full', 'compact'] as const) {
      stops.push(await startNginx(join(tmp, `nginx-${b}`), sites[b], nginx[b]));
      const child = spawn(process.execPath, [cli, 'serve', sites[b], '--port', String(devPorts[b])], {
        stdio: 'ignore',
      });
      stops.push(() => child.kill());
      await answering(`http://127.0.0.1:${devPorts[b]}/api/v1/`, child);
    }
    const njs = spawnSync('nginx', ['-V'], { encoding: 'utf8' }).stderr.split('\n')[0];
    const only = process.env.BENCH_ONLY;
    const classes = CLASSES.filter((c) => only === undefined || c.name.includes(only));
    console.log(`${njs}; ${dump}; ${CONNECTIONS} connections, ${SECONDS} s each after a 2 s warm-up`);
    console.log(`loaded: beside ${availableParallelism()} busy processes, one per core (bench/cpu-job.ts)\n`);
    const rows: string[] = [];
    for (const loaded of [false, true]) {
      const condition = loaded ? 'loaded' : 'quiet';
      const stopJob = loaded ? startCpuJob() : null;
      if (stopJob !== null) stops.push(stopJob);
      try {
        console.log(`== ${condition} ==`);
        const plain = await measure(`http://127.0.0.1:${nginx.full}${PLAIN}`);
        console.log(`plain nginx, the prebuilt page's file ${PLAIN}: ${shown(plain)}`);
        for (const c of classes) {
          const ours = await measure(`http://127.0.0.1:${nginx[c.build]}${c.path}`, c.unique);
          const dev = await measure(`http://127.0.0.1:${devPorts[c.build]}${c.path}`, c.unique);
          // JASPAR's code keeps no answers: a new request costs it what a repeated one does.
          const theirs = jasparFigure(c.path.replace(UNIQUE, ''), loaded);
          const ratio =
            theirs === null ? '' : `  JASPAR's code ${rate(theirs)} req/s: ${(ours.rps / theirs).toFixed(1)}×`;
          console.log(`\n${c.name}: GET ${c.path} (${c.build} build, ${condition})`);
          console.log(`  nginx + njs   ${shown(ours)}${ratio}`);
          console.log(`  dev server    ${shown(dev)}`);
          rows.push(
            `| ${c.name} | ${condition} | ${rate(ours.rps)} | ${rate(dev.rps)} | ${theirs === null ? '—' : rate(theirs)} | ${theirs === null ? '—' : `${(ours.rps / theirs).toFixed(1)}×`} |`,
          );
        }
        rows.push(`| plain nginx, a prebuilt file | ${condition} | ${rate(plain.rps)} | | | |`);
      } finally {
        stopJob?.();
      }
    }
    console.log(
      "\n| request | condition | nginx + njs req/s | dev server req/s | JASPAR's code req/s | nginx ÷ JASPAR |",
    );
    console.log('|---|---|---|---|---|---|');
    for (const row of rows) console.log(row);
    console.log(`\nbytes on the wire, GET ${LARGE}:`);
    for (const b of ['full', 'compact'] as const)
      console.log(
        `  nginx, ${b} build: ${await wire(`http://127.0.0.1:${nginx[b]}${LARGE}`, false)}; asked with gzip: ${await wire(`http://127.0.0.1:${nginx[b]}${LARGE}`, true)}`,
      );
    const rss = (pid: string) => readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)?.[1];
    const master = readFileSync(join(tmp, 'nginx-compact', 'nginx.pid'), 'utf8').trim();
    console.log(`\nnginx master RSS, compact build (the preloaded data): ${Math.round(Number(rss(master)) / 1024)} MB`);
  } finally {
    for (const stop of stops.reverse()) stop();
    if (process.env.BENCH_KEEP === undefined) rmSync(tmp, { recursive: true, force: true });
  }
}

await main();
