/**
 * Benchmark of JASPAR's history in one site (issue 46): builds N releases into one site, for
 * each N asked (default 1, 2, 5), each build a CLI child, and prints per N the files and bytes
 * written, the build's seconds, the seconds `cp -r` takes to copy the tree it wrote (right
 * after, on the same disk), their ratio, and the build's peak RSS; so the growth with N is a figure.
 *
 *   npm run bench:history -- [--n 1,2,5] [--out DIR] [--busy 2] [--compact] [--formats LIST] [--releases DIR] [--repeat K]
 *
 * The releases, largest first: ../shared/releases/ (JASPAR2026, JASPAR2018, JASPAR2016) and two
 * generated from them: JASPAR2024, the 2026 dump under the 2024 name, and JASPAR2020, the 2018
 * tables written as an SQLite file (the third dump shape). N takes the first N, and gives
 * them oldest first, as an operator lists them. `--busy K` runs K CPU-bound processes beside
 * every build and copy (both cores busy on a 2-core machine). Builds go below `--out` (default:
 * the system's temporary folder), each removed once measured. `--repeat K` builds each N K times
 * and prints the median of each figure, with the peak RSS's range: it moves by tens of MB from
 * one run of the same build to the next, as V8 and malloc happen to lay out and return memory.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { sqliteTables } from '../src/dump/export/sqlite-file.js';
import { readDump } from '../src/dump/read-dump.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const cli = join(root, 'bin/jaspar-static.js');
const { values } = parseArgs({
  options: {
    n: { type: 'string', default: '1,2,5' },
    out: { type: 'string', default: tmpdir() },
    busy: { type: 'string', default: '0' },
    compact: { type: 'boolean', default: false },
    formats: { type: 'string', default: 'all' },
    releases: { type: 'string', default: join(root, '../shared/releases') },
    repeat: { type: 'string', default: '1' },
  },
});
const counts = values.n.split(',').map(Number);
const work = mkdtempSync(join(values.out, 'bench-history-'));

interface Dump {
  readonly year: number;
  readonly path: string;
}

/** The releases, largest first; the generated ones written into `work`. */
async function releases(): Promise<Dump[]> {
  const shared = (p: string) => {
    const path = join(values.releases, p);
    if (!existsSync(path)) throw new Error(`bench:history: ${path} is missing`);
    return path;
  };
  const r2026 = shared('JASPAR2026/JASPAR2026.sql.gz');
  const r2018 = shared('JASPAR2018/JASPAR2018.sql.gz');
  const made = join(work, 'dumps');
  mkdirSync(join(made, 'JASPAR2024'), { recursive: true });
  mkdirSync(join(made, 'JASPAR2020'), { recursive: true });
  const r2024 = join(made, 'JASPAR2024', 'JASPAR2024.sql.gz');
  copyFileSync(r2026, r2024);
  const r2020 = join(made, 'JASPAR2020', 'JASPAR2020.sqlite');
  writeFileSync(r2020, sqliteTables(await readDump(r2018)));
  return [
    { year: 2026, path: r2026 },
    { year: 2018, path: r2018 },
    { year: 2016, path: shared('JASPAR2016') },
    { year: 2024, path: r2024 },
    { year: 2020, path: r2020 },
  ];
}

/** Reports the process's peak RSS on stderr as it exits (--import'ed into the build). */
const PEAK = `data:text/javascript,process.on('exit',()=>process.stderr.write('peak-rss '+process.resourceUsage().maxRSS+'\\n'))`;

/** A command to its end: seconds it took, its stdout and stderr. */
function timed(cmd: string, args: readonly string[]): { seconds: number; stdout: string; stderr: string } {
  const t0 = performance.now();
  const r = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const seconds = (performance.now() - t0) / 1000;
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (${r.status}): ${r.stderr}`);
  return { seconds, stdout: r.stdout, stderr: r.stderr };
}

/** `k` CPU-bound children, stopped by the returned function. */
function busy(k: number): () => void {
  const children: ChildProcess[] = [];
  for (let i = 0; i < k; i++) children.push(spawn(process.execPath, ['-e', 'for(;;){}'], { stdio: 'ignore' }));
  return () => {
    for (const c of children) c.kill('SIGKILL');
  };
}

interface Row {
  readonly n: number;
  readonly names: string;
  readonly files: number;
  readonly bytes: number;
  readonly seconds: number;
  readonly copy: number;
  readonly peakMb: number;
  /** The lowest and highest peak RSS of the repeated runs. */
  readonly peakRange: readonly [number, number];
}

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/** `measure` run `k` times: the median of each figure, and the peak's range. */
function measured(n: number, dumps: readonly Dump[], k: number): Row {
  const runs: Row[] = [];
  for (let i = 0; i < k; i++) runs.push(measure(n, dumps));
  const peaks = runs.map((r) => r.peakMb);
  const first = runs[0]!;
  return {
    ...first,
    seconds: median(runs.map((r) => r.seconds)),
    copy: median(runs.map((r) => r.copy)),
    peakMb: median(peaks),
    peakRange: [Math.min(...peaks), Math.max(...peaks)],
  };
}

function measure(n: number, dumps: readonly Dump[]): Row {
  const chosen = dumps.slice(0, n).sort((a, b) => a.year - b.year);
  const out = join(work, `site-${n}`);
  const args = ['--import', PEAK, cli, 'build', ...chosen.map((d) => d.path), '--out', out, '--quiet', '--json'];
  if (values.compact) args.push('--compact');
  args.push('--formats', values.formats);
  const built = timed(process.execPath, args);
  const summary = JSON.parse(built.stdout) as { files: number; bytes: number };
  const peak = Number(/peak-rss (\d+)/.exec(built.stderr)?.[1] ?? Number.NaN);
  const copy = timed('cp', ['-r', out, `${out}.copy`]);
  for (const dir of [out, `${out}.copy`, `${out}.deploy`]) rmSync(dir, { recursive: true, force: true });
  return {
    n,
    names: chosen.map((d) => d.year).join('+'),
    files: summary.files,
    bytes: summary.bytes,
    seconds: built.seconds,
    copy: copy.seconds,
    peakMb: peak / 1024,
    peakRange: [peak / 1024, peak / 1024],
  };
}

const k = Number(values.busy);
const stopBusy = busy(k);
try {
  const dumps = await releases();
  const tree = `${values.compact ? 'compact' : 'full'} build, formats ${values.formats}`;
  console.log(`bench:history: ${tree}, ${k === 0 ? 'quiet' : `beside ${k} CPU-bound processes`}`);
  const repeat = Number(values.repeat);
  if (repeat > 1) console.log(`each N built ${repeat} times: medians, and the peak RSS's range`);
  console.log('| N | releases | files | GB | build s | cp -r s | build / cp -r | peak RSS MB |');
  console.log('|---|---|---:|---:|---:|---:|---:|---:|');
  const rows: Row[] = [];
  for (const n of counts) {
    const r = measured(n, dumps, repeat);
    rows.push(r);
    console.log(
      `| ${r.n} | ${r.names} | ${r.files.toLocaleString('en-US')} | ${(r.bytes / 1e9).toFixed(2)} | ${r.seconds.toFixed(0)} | ${r.copy.toFixed(0)} | ${(r.seconds / r.copy).toFixed(2)} | ${r.peakMb.toFixed(0)}${repeat > 1 ? ` (${r.peakRange.map((p) => p.toFixed(0)).join('–')})` : ''} |`,
    );
  }
  const first = rows[0];
  for (const r of rows.slice(1))
    if (first) console.log(`peak RSS of N=${r.n}: ${((r.peakMb / first.peakMb) * 100).toFixed(0)} % of N=${first.n}'s`);
  if (existsSync('/proc/loadavg'))
    console.log(`load average at the end: ${readFileSync('/proc/loadavg', 'utf8').trim()}`);
} finally {
  stopBusy();
  rmSync(work, { recursive: true, force: true });
}
