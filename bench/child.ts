/** One benchmark build in this process; prints one result line with peak RSS. */
import { resourceUsage } from 'node:process';
import { build } from '../src/site/build.js';
import { FORMAT_NAMES } from '../src/api/formats.js';
import { HOST_TARGETS } from '../src/targets/registry.js';

const [, , , dump, out, tree = 'all'] = process.argv;
if (!dump || !out) throw new Error('usage: child.js CLI DUMP OUT [json|all]');
// `json`: the JSON tree of the first milestone (lists and details in JSON, default options);
// `all`: everything the build makes by default.
const formats = tree === 'json' ? (['json'] as const) : FORMAT_NAMES;
const s = await build({
  dump,
  out,
  baseUrl: 'https://jaspar.example.org',
  formats: [...formats],
  targets: [...HOST_TARGETS],
});
const mb = s.bytes / 1e6;
const peakMb = resourceUsage().maxRSS / 1024;
console.log(
  `bench ${s.release} (${s.shape}, ${tree} tree): ${s.files} files, ${mb.toFixed(1)} MB in ${s.seconds.toFixed(2)} s ` +
    `(read ${s.readSeconds.toFixed(2)} s) → ${Math.round(s.files / s.seconds)} files/s, ${(mb / s.seconds).toFixed(1)} MB/s, peak RSS ${peakMb.toFixed(0)} MB`,
);
