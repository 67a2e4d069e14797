/**
 * Shapes benchmark: exports a release (default ../shared/releases/JASPAR2018/JASPAR2018.sql.gz)
 * into every dump shape the build reads, then reads each one in a fresh child process and prints
 * the reading time and peak RSS. `npm run bench:shapes [-- DUMP]`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readDump } from '../src/dump/read-dump.js';
import { exportAllShapes } from '../src/dump/export/shapes.js';

interface Measurement {
  shape: string;
  readSeconds: number;
  modelSeconds: number;
  peakRssMb: number;
  matrices: number;
  tffms: number;
}

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const source = process.argv[2] ?? join(root, '../shared/releases/JASPAR2018/JASPAR2018.sql.gz');
if (!existsSync(source)) {
  console.error(`bench:shapes: ${source} is missing`);
  process.exit(1);
}
mkdirSync(join(root, '.bench'), { recursive: true });
const work = mkdtempSync(join(root, '.bench', 'shapes-'));
try {
  const dump = await readDump(source);
  const name = dump.name;
  const shapes = [{ label: 'original', path: source, shape: '' }, ...exportAllShapes(dump, work, name)];
  for (const s of shapes) {
    const r = spawnSync(process.execPath, [join(root, 'lib/bench/read-child.js'), s.path], { encoding: 'utf8' });
    if (r.status !== 0) {
      console.error(`bench:shapes: ${s.label} failed:\n${r.stderr || r.stdout}`);
      process.exitCode = 1;
      continue;
    }
    const m = JSON.parse(r.stdout) as Measurement;
    console.log(
      `shapes ${name} ${s.label.padEnd(15)} ${m.shape.padEnd(26)} read ${m.readSeconds.toFixed(2)} s, model ${m.modelSeconds.toFixed(2)} s, ` +
        `peak RSS ${m.peakRssMb.toFixed(0)} MB (${m.matrices} matrices, ${m.tffms} TFFMs)`,
    );
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
