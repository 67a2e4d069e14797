/**
 * Benchmark: builds a real release (the JSON tree, the full tree, a compact build) and prints
 * files written, bytes, seconds, files/s, MB/s and peak RSS, and what the download area adds. `npm run bench [-- DUMP…]`; default: ../shared/releases/JASPAR2016.
 * Each dump is built in a child process so peak RSS is that build's own.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const cli = join(root, 'bin/jaspar-static.js');
const dumps = process.argv.slice(2);
if (dumps.length === 0) dumps.push(join(root, '../shared/releases/JASPAR2016'));

let failed = false;
for (const dump of dumps) {
  if (!existsSync(dump)) {
    console.error(`bench: ${dump} is missing`);
    failed = true;
    continue;
  }
  // Beside the project, on the disk a real `dist/` would be on (tmpfs or /tmp may differ).
  mkdirSync(join(root, '.bench'), { recursive: true });
  const out = mkdtempSync(join(root, '.bench', 'run-'));
  // /usr/bin/time is not everywhere; ask the child for its own peak RSS instead.
  for (const tree of ['json', 'all', 'compact']) {
    const r = spawnSync(process.execPath, [join(root, 'lib/bench/child.js'), cli, dump, join(out, tree), tree], {
      encoding: 'utf8',
    });
    rmSync(join(out, tree), { recursive: true, force: true });
    if (r.status !== 0) {
      console.error(r.stderr || r.stdout);
      failed = true;
      continue;
    }
    process.stdout.write(r.stdout);
  }
  rmSync(out, { recursive: true, force: true });
}
process.exitCode = failed ? 1 : 0;
