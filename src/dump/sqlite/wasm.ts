/**
 * node-sqlite3-wasm, required rather than imported (issue 46): a CommonJS package imported from
 * an ES module is first scanned for its exports by Node's CommonJS lexer, and on this one (with
 * esbuild's, src/hosting/edge/esbuild.ts) that scan ran hot enough for V8 to compile the lexer
 * with TurboFan, about 0.1 s of CPU in every build. `require` loads it without the scan.
 */
import { createRequire } from 'node:module';
import type * as Sqlite from 'node-sqlite3-wasm';

export const sqlite = createRequire(import.meta.url)('node-sqlite3-wasm') as typeof Sqlite;
export type Database = Sqlite.Database;
