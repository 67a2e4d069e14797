/**
 * CPU time per request of the request runtime (issue 20): `process.cpuUsage` around the pure
 * resolve-and-assemble step (`resolve`, one call, every file it needs already in the `Loaded`
 * cache: a warm isolate), per request class, on a compact build of the largest release at hand
 * (the prebuilt-page class on a full build, where the answer is a file). Prints p50, p99 and max
 * per class against Cloudflare Workers' free-plan 10 ms and Netlify Edge Functions' 50 ms.
 * `npm run bench:runtime [-- COMPACT_SITE [FULL_SITE]]`; default: builds
 * ../shared/releases/JASPAR2018/JASPAR2018.sql.gz both ways into .bench/.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { dirname, join, resolve as resolvePath } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from '../src/site/build.js';
import { FORMAT_NAMES } from '../src/api/formats.js';
import { resolve, type RuntimeRequest } from '../src/runtime/resolve.js';
import { answer, openSite, type SiteHandle } from '../src/server/site-files.js';
import { requestClasses, type RequestClass } from './runtime-classes.js';

const root = resolvePath(dirname(fileURLToPath(import.meta.url)), '../..');
const DUMP = join(root, '../shared/releases/JASPAR2018/JASPAR2018.sql.gz');
const CPU_LIMIT_MS = 10;
const WALL_LIMIT_MS = 50;
/** Measured calls per request (the figure kept is each call's own time: every call counts). */
const REPEAT = Number(process.env.BENCH_REPEAT ?? 3);

async function site(given: string | undefined, work: string, compact: boolean): Promise<string> {
  if (given) return given;
  const out = join(work, compact ? 'compact' : 'full');
  const trimmed = compact ? {} : { orderFields: [], filterKeys: [] };
  await build({
    dump: DUMP,
    baseUrl: 'http://127.0.0.1:8080',
    year: null,
    formats: [...FORMAT_NAMES],
    targets: compact ? ['cloudflare'] : ['netlify'],
    compact,
    out,
    ...trimmed,
  });
  return out;
}

/** CPU microseconds (user + system) of one pure resolve step over a warm cache. */
function cpuOf(h: SiteHandle, req: RuntimeRequest): number {
  const start = process.cpuUsage();
  const step = resolve(req, h.site, h.loaded, { mode: 'compute' });
  const used = process.cpuUsage(start);
  if (!('answer' in step)) throw new Error(`${req.path}?${req.query} still needs ${step.need.join(', ')}`);
  return used.user + used.system;
}

const quantile = (sorted: number[], q: number): number =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
const ms = (us: number): string => (us / 1000).toFixed(2).padStart(7);

/**
 * The class's first request in a fresh isolate: CPU of parsing every file it needs (read
 * beforehand, untimed: I/O is not CPU) and of each resolve step, from an empty cache.
 */
function coldCost(h: SiteHandle, req: RuntimeRequest): number {
  const loaded: SiteHandle['loaded'] = {};
  let total = 0;
  for (;;) {
    let start = process.cpuUsage();
    const step = resolve(req, h.site, loaded, { mode: 'compute' });
    let used = process.cpuUsage(start);
    total += used.user + used.system;
    if ('answer' in step) return total;
    const texts = step.need.map((path) =>
      existsSync(join(h.root, path)) ? readFileSync(join(h.root, path), 'utf8') : null,
    );
    start = process.cpuUsage();
    step.need.forEach((path, i) => (loaded[path] = texts[i] === null ? null : (JSON.parse(texts[i]!) as unknown)));
    used = process.cpuUsage(start);
    total += used.user + used.system;
  }
}

/** Every file below `dir`. */
const filesIn = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesIn(join(dir, e.name)) : [join(dir, e.name)],
  );

/**
 * CPU of JSON.parse of the release index and of the largest fragment (median of 5): what a
 * request adds when its files are not yet in the isolate's cache (not part of the figures above).
 */
function parseCosts(site: string): string {
  const one = (file: string): string => {
    const text = readFileSync(file, 'utf8');
    const t: number[] = [];
    for (let i = 0; i < 5; i++) {
      const start = process.cpuUsage();
      JSON.parse(text);
      const used = process.cpuUsage(start);
      t.push(used.user + used.system);
    }
    return `${(text.length / 1024).toFixed(0)} KiB in ${(t.sort((x, y) => x - y)[2]! / 1000).toFixed(2)} ms`;
  };
  const frags = filesIn(join(site, '_jaspar/frag')).sort((a, b) => statSync(b).size - statSync(a).size);
  return `loading (not in the table): JSON.parse of _jaspar/index.json ${one(join(site, '_jaspar/index.json'))}; of the largest fragment ${one(frags[0]!)}`;
}

async function measure(h: SiteHandle, c: RequestClass): Promise<{ times: number[]; cold: number }> {
  // Warm: load every file the class needs, and let the runtime derive its lookups once.
  for (const req of c.requests) {
    const a = await answer(h, req, { mode: 'compute' });
    if (a.status !== 200)
      throw new Error(`${c.name}: ${req.path}?${req.query} answered ${a.status}: ${a.body?.slice(0, 200) ?? ''}`);
    if (c.file !== (a.file !== undefined))
      throw new Error(`${c.name}: ${req.path}?${req.query} ${a.file ? 'is' : 'is not'} a file answer`);
  }
  const times: number[] = [];
  for (let r = 0; r < REPEAT; r++) for (const req of c.requests) times.push(cpuOf(h, req));
  return { times: times.sort((x, y) => x - y), cold: coldCost(h, c.requests[0]!) };
}

async function main(): Promise<void> {
  if (!process.argv[2] && !existsSync(DUMP)) throw new Error(`${DUMP} is missing`);
  mkdirSync(join(root, '.bench'), { recursive: true });
  const work = mkdtempSync(join(root, '.bench', 'runtime-'));
  try {
    const compact = await openSite(await site(process.argv[2], work, true));
    const full = await openSite(await site(process.argv[3], work, false));
    const classes = await requestClasses(compact);
    console.log(`runtime CPU per request (process.cpuUsage around resolve, warm cache), ${REPEAT}× each request; ms`);
    console.log(
      `${'class'.padEnd(44)} ${'requests'.padStart(8)} ${'p50'.padStart(7)} ${'p99'.padStart(7)} ${'max'.padStart(7)} ${'cold'.padStart(7)}`,
    );
    let over = 0;
    for (const c of classes) {
      const { times: t, cold } = await measure(c.file ? full : compact, c);
      const p99 = quantile(t, 0.99);
      const max = t[t.length - 1]!;
      const flag = p99 >= CPU_LIMIT_MS * 1000 || max >= WALL_LIMIT_MS * 1000 ? '  OVER' : '';
      if (flag) over++;
      console.log(
        `${c.name.padEnd(44)} ${String(c.requests.length).padStart(8)} ${ms(quantile(t, 0.5))} ${ms(p99)} ${ms(max)} ${ms(cold)}${flag}`,
      );
    }
    console.log(parseCosts(compact.root));
    console.log(
      "cold: the class's first request in a fresh isolate (empty cache): parsing the files it needs and resolving",
    );
    console.log(
      `goal: p99 < ${CPU_LIMIT_MS} ms and max < ${WALL_LIMIT_MS} ms for every class: ${over === 0 ? 'met' : `${over} class(es) over`}`,
    );
    if (over > 0) process.exitCode = 1;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
