/**
 * Dev server speed on prebuilt answers (issue 10): requests per second of `jaspar-static serve`
 * answering an API URL that maps to a prebuilt file, against `serve` (npm, the `npx serve`
 * static server) sending that same file, measured in one run with autocannon (32 connections).
 * `npm run bench:serve-speed [-- SITE_DIR]`; default: builds the sample release.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const cli = join(root, 'bin/jaspar-static.js');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 32;

function run(cmd: string, args: string[]): ChildProcess {
  return spawn(cmd, args, { stdio: ['ignore', 'pipe', 'inherit'] });
}

/** Start a server and resolve once it answers. */
async function started(child: ChildProcess, url: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode})`);
    const ok = await fetch(url).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no answer from ${url}`);
}

async function measure(url: string): Promise<{ rps: number; p99: number; errors: number; non2xx: number }> {
  const r = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS });
  return { rps: r.requests.average, p99: r.latency.p99, errors: r.errors, non2xx: r.non2xx };
}

async function main(): Promise<void> {
  let site = process.argv[2];
  let tmp: string | null = null;
  if (!site) {
    tmp = mkdtempSync(join(root, '.bench-serve-'));
    site = join(tmp, 'dist');
    await new Promise<void>((ok, fail) =>
      run(process.execPath, [
        cli,
        'build',
        join(root, 'releases/sample'),
        '-o',
        site!,
        '--formats',
        'json',
        '--targets',
        'nginx',
      ]).on('exit', (c) => (c === 0 ? ok() : fail(new Error(`build exited ${c}`)))),
    );
  }
  const file = 'files/default/matrix/_/default/default/2.json';
  if (!existsSync(join(site, file))) throw new Error(`${site} has no ${file}`);
  const dev = run(process.execPath, [cli, 'serve', site, '--port', '18301']);
  const stat = run(process.execPath, [
    join(root, 'node_modules/serve/build/main.js'),
    '--no-request-logging',
    '--no-clipboard',
    '-l',
    '18302',
    site,
  ]);
  try {
    const devUrl = 'http://127.0.0.1:18301/api/v1/matrix/?page=2';
    const statUrl = `http://127.0.0.1:18302/${file}`;
    await started(dev, devUrl);
    await started(stat, statUrl);
    const a = await fetch(devUrl).then((r) => r.text());
    const b = await fetch(statUrl).then((r) => r.text());
    if (a !== b) throw new Error('the two servers send different bodies');
    await measure(devUrl); // warm-up, both
    await measure(statUrl);
    const d = await measure(devUrl);
    const s = await measure(statUrl);
    console.log(
      `dev server (GET /api/v1/matrix/?page=2): ${d.rps.toFixed(0)} req/s, p99 ${d.p99} ms, ${d.errors} errors, ${d.non2xx} non-2xx`,
    );
    console.log(
      `serve (npx serve, GET /${file}): ${s.rps.toFixed(0)} req/s, p99 ${s.p99} ms, ${s.errors} errors, ${s.non2xx} non-2xx`,
    );
    console.log(
      `ratio: ${((100 * d.rps) / s.rps).toFixed(0)}% (target ≥ 80%), ${CONNECTIONS} connections, ${SECONDS} s each`,
    );
  } finally {
    dev.kill();
    stat.kill();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  }
}

await main();
