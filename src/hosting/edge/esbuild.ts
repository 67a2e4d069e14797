/**
 * esbuild's API, required rather than imported (issue 46): a CommonJS package imported from an
 * ES module is first scanned for its exports by Node's CommonJS lexer, and esbuild's 97 KB
 * (with node-sqlite3-wasm's, src/dump/sqlite/wasm.ts) ran that scan hot enough for V8 to
 * compile the lexer with TurboFan, about 0.1 s of CPU in every build. `require` loads it
 * without the scan. The bundler (bundle.ts) calls esbuild through this module only.
 */
import { createRequire } from 'node:module';
import type * as Esbuild from 'esbuild';

const esbuild = createRequire(import.meta.url)('esbuild') as typeof Esbuild;

export const build: typeof Esbuild.build = (options) => esbuild.build(options);
export const buildSync: typeof Esbuild.buildSync = (options) => esbuild.buildSync(options);
