#!/usr/bin/env node
// The CLI in one file: `node tools/bundle-cli.mjs [lib]` bundles <lib>/src/cli/main.js (tsc's
// output; lib/ by default) into <lib>/src/bundled-cli.js, which bin/jaspar-static.js runs. Node
// then loads one module instead of some 320, about 0.1 s sooner for every command (issue 46).
// The packages it uses stay imports of node_modules; the compiled modules stay beside it, for
// the files found from the code's folder (src/code-root.ts: host entries, the site's script).
import { buildSync } from 'esbuild';
import { join } from 'node:path';

const lib = process.argv[2] ?? 'lib';
buildSync({
  entryPoints: [join(lib, 'src', 'cli', 'main.js')],
  outfile: join(lib, 'src', 'bundled-cli.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  logLevel: 'warning',
  legalComments: 'none',
});
