#!/usr/bin/env node
// `npm start` and the benchmarks: compile the CLI into lib/ and bundle it (tools/bundle-cli.mjs)
// only when a source is newer than the bundle (`npm ci` has just done both through `prepare`, so
// a first start does not compile twice).
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const OUTPUT = 'lib/src/bundled-cli.js';
const INPUTS = ['src', 'bench', 'tools/bundle-cli.mjs', 'tsconfig.json', 'tsconfig.build.json', 'package.json'];

function newest(path) {
  const st = statSync(path, { throwIfNoEntry: false });
  if (!st) return 0;
  if (!st.isDirectory()) return st.mtimeMs;
  let max = 0;
  for (const name of readdirSync(path)) max = Math.max(max, newest(join(path, name)));
  return max;
}

const built = statSync(OUTPUT, { throwIfNoEntry: false })?.mtimeMs ?? 0;
if (built > 0 && INPUTS.every((input) => newest(input) <= built)) process.exit(0);
for (const step of [['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json'], ['tools/bundle-cli.mjs']]) {
  const r = spawnSync(process.execPath, step, { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
