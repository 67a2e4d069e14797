/**
 * Scan's speed (issue 45: 50 profiles over 100 kb within 2 s in the browser): reads FASTA of
 * ten 10 kb records (seeded random letters, a few N) and scans it with 50 profiles at JASPAR's
 * default 80 % and at 50 %, each once, cold, as a page's first scan is; wall time and CPU time (which holds
 * on a loaded machine). The profiles are the first
 * 50 of JASPAR2018 when ../shared has it, else the sample release's, repeated up to 50.
 * Then the same in Debian's Chromium (when installed): the analysis module bundled as the page's
 * script bundles it, the scan run profile by profile as the analysis page runs it, twice (cold,
 * then warm). `npm run bench:scan [-- DUMP]`.
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSync } from 'esbuild';
import { chromium } from 'playwright-core';
import { parseFasta } from '../src/analysis/fasta.js';
import { mulberry32 } from '../src/analysis/random.js';
import { scan } from '../src/analysis/scan.js';
import { readDump } from '../src/dump/read-dump.js';
import { buildRelease } from '../src/model/build-release.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const real = join(root, '../shared/releases/JASPAR2018/JASPAR2018.sql.gz');
const dump = process.argv[2] ?? (existsSync(real) ? real : join(root, 'releases/sample'));
const matrices = buildRelease(await readDump(dump), {}).release.matrices;
const profiles = Array.from({ length: 50 }, (_, i) => matrices[i % matrices.length]!);

const random = mulberry32(45);
let text = '';
for (let r = 0; r < 10; r++) {
  let s = '';
  for (let i = 0; i < 10_000; i++) s += random() < 0.002 ? 'N' : 'ACGT'[Math.floor(random() * 4)];
  text += `>seq${r} bench\n${s.replace(/(.{60})/g, '$1\n')}\n`;
}

const widths = profiles.map((p) => p.pfm.A.length);
console.log(
  `bench:scan: ${profiles.length} profiles of ${dump} (widths ${Math.min(...widths)}–${Math.max(...widths)}), 100 kb in 10 records`,
);
let start = performance.now();
const parsed = parseFasta(text);
if (!parsed.ok) throw new Error(parsed.error.message);
console.log(`  FASTA read: ${(performance.now() - start).toFixed(0)} ms`);
for (const threshold of [80, 50]) {
  start = performance.now();
  const cpu = process.cpuUsage();
  const hits = scan(profiles, parsed.records, threshold);
  const used = process.cpuUsage(cpu);
  console.log(
    `  scan at ${threshold} %: ${(performance.now() - start).toFixed(0)} ms (CPU ${((used.user + used.system) / 1000).toFixed(0)} ms), ${hits.length} hits`,
  );
}

const CHROMIUM = '/usr/bin/chromium';
if (existsSync(CHROMIUM)) {
  const code = buildSync({
    stdin: {
      contents: "export { scan } from './src/analysis/scan.ts'; export { parseFasta } from './src/analysis/fasta.ts';",
      resolveDir: root,
      loader: 'ts',
    },
    bundle: true,
    write: false,
    format: 'iife',
    globalName: 'analysis',
    platform: 'neutral',
    target: 'es2022',
  }).outputFiles[0]!.text;
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const page = await browser.newPage();
    await page.addScriptTag({ content: code });
    const plain = profiles.map((p) => ({ matrixId: p.matrixId, name: p.name, pfm: p.pfm }));
    for (const threshold of [80, 80, 50]) {
      const r = await page.evaluate(
        ({ plain, text, threshold }) => {
          const a = (window as unknown as { analysis: { parseFasta: typeof parseFasta; scan: typeof scan } }).analysis;
          const start = performance.now();
          const parsed = a.parseFasta(text);
          if (!parsed.ok) throw new Error(parsed.error.message);
          let hits = 0;
          for (const p of plain) hits += a.scan([p], parsed.records, threshold).length;
          return { ms: performance.now() - start, hits };
        },
        { plain, text, threshold },
      );
      console.log(`  Chromium, scan at ${threshold} % (FASTA read included): ${r.ms.toFixed(0)} ms, ${r.hits} hits`);
    }
  } finally {
    await browser.close();
  }
}
