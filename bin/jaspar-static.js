#!/usr/bin/env node
// Thin launcher: the compiled CLI lives in lib/, bundled into one file (both done by `npm ci`
// through the prepare script, or `npm run build:cli`), never in dist/, which is the generated site.
import { existsSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const BUNDLE = new URL('../lib/src/bundled-cli.js', import.meta.url);
const COMPILED = new URL('../lib/src/cli/main.js', import.meta.url);

if (!existsSync(BUNDLE)) {
  console.error(
    `jaspar-static: the compiled CLI (${fileURLToPath(BUNDLE)}) is missing: run \`npm ci\` or \`npm run build:cli\` first`,
  );
  process.exit(1);
}
// In a clone, lib/ compiled by tsc alone (not bundled since) would run the old bundle: said, not hidden.
if (existsSync(COMPILED) && statSync(COMPILED).mtimeMs > statSync(BUNDLE).mtimeMs)
  console.error('jaspar-static: lib/ is newer than its bundle: run `npm run build:cli` to run what was compiled');

const cli = await import(BUNDLE.href);

// A reader that stops early (`jaspar-static build | head`) is not an error.
process.stdout.on('error', (err) => {
  if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw err;
});

process.exitCode = await cli.main(process.argv);
