/** One shapes-benchmark measurement in this process: read a dump and build the model; prints one JSON line. */
import { resourceUsage } from 'node:process';
import { readDump } from '../src/dump/read-dump.js';
import { buildRelease } from '../src/model/build-release.js';

const [, , dump] = process.argv;
if (!dump) throw new Error('usage: read-child.js DUMP');
const started = performance.now();
const raw = await readDump(dump);
const read = performance.now();
const { release } = buildRelease(raw);
const done = performance.now();
console.log(
  JSON.stringify({
    shape: raw.shape,
    readSeconds: (read - started) / 1000,
    modelSeconds: (done - read) / 1000,
    peakRssMb: resourceUsage().maxRSS / 1024,
    matrices: release.matrices.length,
    tffms: release.tffms.length,
  }),
);
