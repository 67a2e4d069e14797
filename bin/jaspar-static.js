#!/usr/bin/env node
// Thin launcher: the compiled CLI lives in lib/, bundled into one file (both done by `npm ci`
// through the prepare script, or `npm run build:cli`), never in dist/, which is the generated site.
const BUNDLE = '../lib/src/bundled-cli.js';

let cli;
try {
  cli = await import(BUNDLE);
} catch (err) {
  if (err?.code !== 'ERR_MODULE_NOT_FOUND' || !String(err.url ?? err.message).includes('bundled-cli.js')) throw err;
  console.error(
    'jaspar-static: the compiled CLI (lib/src/bundled-cli.js) is missing: run `npm ci` or `npm run build:cli` first',
  );
  process.exit(1);
}

// A reader that stops early (`jaspar-static build | head`) is not an error.
process.stdout.on('error', (err) => {
  if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw err;
});

process.exitCode = await cli.main(process.argv);
