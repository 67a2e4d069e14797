/**
 * One benchmark build in this process; prints one result line with peak RSS, and one with what
 * the download area (contract §9) adds: its files and bytes in the output, and the seconds its
 * files take to make in memory (rendered, zipped, the tables as SQLite), disk writes aside.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { resourceUsage } from 'node:process';
import { downloadFiles, downloadPlaces, withSqliteTables } from '../src/download/files.js';
import { readExtras } from '../src/dump/extras/read-extras.js';
import { readDump, resolveDump } from '../src/dump/read-dump.js';
import { buildRelease } from '../src/model/build-release.js';
import { build } from '../src/site/build.js';
import { FORMAT_NAMES } from '../src/api/formats.js';
import { COMPACT_TARGETS, HOST_TARGETS } from '../src/targets/registry.js';

const [, , , dump, out, tree = 'all'] = process.argv;
if (!dump || !out) throw new Error('usage: child.js CLI DUMP OUT [json|all|compact]');
// `json`: the JSON tree of the first milestone (lists and details in JSON, default options);
// `all`: everything the build makes by default; `compact`: a compact build (docs/runtime.md).
const formats = tree === 'json' ? (['json'] as const) : FORMAT_NAMES;
const s = await build({
  dump,
  out,
  baseUrl: 'https://jaspar.example.org',
  formats: [...formats],
  targets: tree === 'compact' ? [...COMPACT_TARGETS] : [...HOST_TARGETS],
  compact: tree === 'compact',
});
const mb = s.bytes / 1e6;
const peakMb = resourceUsage().maxRSS / 1024;
console.log(
  `bench ${s.release} (${s.shape}, ${tree} tree): ${s.files} files, ${mb.toFixed(1)} MB in ${s.seconds.toFixed(2)} s ` +
    `(read ${s.readSeconds.toFixed(2)} s) → ${Math.round(s.files / s.seconds)} files/s, ${(mb / s.seconds).toFixed(1)} MB/s, peak RSS ${peakMb.toFixed(0)} MB`,
);

/** Files and bytes below `dir`. */
function tally(dir: string): { files: number; bytes: number } {
  let files = 0;
  let bytes = 0;
  for (const e of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!e.isFile()) continue;
    files++;
    bytes += statSync(join(e.parentPath, e.name)).size;
  }
  return { files, bytes };
}

const area = tally(join(out, 'download'));
const file = resolveDump(dump).path;
const raw = await readDump(file);
const { release } = buildRelease(raw, { extras: readExtras(file) });
const started = performance.now();
let made = 0;
for (const f of downloadFiles(
  withSqliteTables(release, raw),
  downloadPlaces([release])[0]!,
  'https://jaspar.example.org',
))
  made += typeof f.content === 'string' ? f.content.length : f.content.length;
const seconds = (performance.now() - started) / 1000;
console.log(
  `  download area: ${area.files} of the ${s.files} files (${((100 * area.files) / s.files).toFixed(1)} %), ` +
    `${(area.bytes / 1e6).toFixed(1)} of ${mb.toFixed(1)} MB (${((100 * area.bytes) / s.bytes).toFixed(1)} %); ` +
    `made in memory in ${seconds.toFixed(2)} s (${made > 0 ? 'rendered, zipped, SQLite' : 'empty'})`,
);
