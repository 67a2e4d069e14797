#!/usr/bin/env node
// Thin launcher: the compiled CLI lives in lib/ (built by `npm ci` through the prepare script),
// never in dist/, which is the generated site.
import { main } from '../lib/src/cli/main.js';

// A reader that stops early (`jaspar-static build | head`) is not an error.
process.stdout.on('error', (err) => {
  if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw err;
});

process.exitCode = await main(process.argv);
