/**
 * Dev server speed (issues 10 and 29): requests per second of `jaspar-static serve` on a full
 * build and on a compact build of the same release, for a prebuilt list page (a file in the
 * full build, assembled from fragments in the compact one) and a `search=` page (assembled in
 * both), and `serve` (npm, the `npx serve` static server) sending the full build's file; the
 * dev servers' RSS after. Measured in one run with autocannon (16 connections, 10 s each).
 * `npm run bench:serve-speed [-- FULL_SITE COMPACT_SITE]`; default: builds the sample release both ways.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const cli = join(root, 'bin/jaspar-static.js');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 16;
const PREBUILT = '/api/v1/matrix/?page=2';
const SEARCH = `/api/v1/matrix/?search=${process.env.BENCH_SEARCH ?? 'sox'}`;
const FILE = 'files/default/matrix/_/default/default/2.json';

function run(cmd: string, args: string[]): ChildProcess {
  return spawn(cmd, args, { stdio: ['ignore', 'pipe', 'inherit'] });
}

/** Start a server and resolve once it answers. */
async function started(child: ChildProcess, url: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
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

async function measure(url: string): Promise<string> {
  await autocannon({ url, connections: CONNECTIONS, duration: Math.min(2, SECONDS) }); // warm-up
  const r = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS });
  return `${r.requests.average.toFixed(0)} req/s, p99 ${r.latency.p99} ms, ${r.errors} errors, ${r.non2xx} non-2xx`;
}

const rss = (child: ChildProcess): string => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
  return m === null ? '?' : `${(Number(m[1]) / 1024).toFixed(0)} MB`;
};

async function build(site: string, compact: boolean): Promise<void> {
  const args = [cli, 'build', join(root, 'releases/sample'), '-o', site, '--targets', 'nginx', '--quiet'];
  await new Promise<void>((ok, fail) =>
    run(process.execPath, compact ? [...args, '--compact'] : args).on('exit', (c) =>
      c === 0 ? ok() : fail(new Error(`build exited ${c}`)),
    ),
  );
}

async function main(): Promise<void> {
  let [full, compact] = process.argv.slice(2);
  let tmp: string | null = null;
  if (!full || !compact) {
    tmp = mkdtempSync(join(root, '.bench-serve-'));
    full = join(tmp, 'full');
    compact = join(tmp, 'compact');
    await build(full, false);
    await build(compact, true);
  }
  if (!existsSync(join(full, FILE))) throw new Error(`${full} has no ${FILE}: not a full build`);
  const servers = [
    { name: 'full', child: run(process.execPath, [cli, 'serve', full, '--port', '18301']), port: 18301 },
    { name: 'compact', child: run(process.execPath, [cli, 'serve', compact, '--port', '18302']), port: 18302 },
  ];
  const stat = run(process.execPath, [
    join(root, 'node_modules/serve/build/main.js'),
    '--no-request-logging',
    '--no-clipboard',
    '-l',
    '18303',
    full,
  ]);
  try {
    const statUrl = `http://127.0.0.1:18303/${FILE}`;
    for (const s of servers) await started(s.child, `http://127.0.0.1:${s.port}${PREBUILT}`);
    await started(stat, statUrl);
    for (const path of [PREBUILT, SEARCH]) {
      const bodies = await Promise.all(
        servers.map((s) => fetch(`http://127.0.0.1:${s.port}${path}`).then((r) => r.text())),
      );
      if (bodies[0] !== bodies[1]) throw new Error(`the full and compact builds answer ${path} differently`);
    }
    if (
      (await fetch(statUrl).then((r) => r.text())) !==
      (await fetch(`http://127.0.0.1:18301${PREBUILT}`).then((r) => r.text()))
    )
      throw new Error('serve and the dev server send different bodies');
    for (const path of [PREBUILT, SEARCH])
      for (const s of servers)
        console.log(`dev server, ${s.name} build, GET ${path}: ${await measure(`http://127.0.0.1:${s.port}${path}`)}`);
    console.log(`serve (npx serve), GET /${FILE}: ${await measure(statUrl)}`);
    for (const s of servers) console.log(`dev server RSS, ${s.name} build: ${rss(s.child)}`);
    console.log(`${CONNECTIONS} connections, ${SECONDS} s each (after a warm-up)`);
  } finally {
    for (const s of servers) s.child.kill();
    stat.kill();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  }
}

await main();
