#!/usr/bin/env node
// Thin launcher: the compiled CLI lives in lib/ (built by `npm ci` through the prepare script),
// never in dist/, which is the generated site.
import { main } from '../lib/src/cli/main.js';

process.exitCode = await main(process.argv);
