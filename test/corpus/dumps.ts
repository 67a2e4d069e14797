/** Building blocks of the bad-input corpus: the sample release as editable files, a tiny SQL dump. */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import sqlite from 'node-sqlite3-wasm';
import { SAMPLE } from '../support/site.js';

/** Files of one corpus case, path (relative to the case folder) → content. */
export type Files = Record<string, string | Uint8Array>;

/** The sample release as a folder `d/` of flat files, with `edits` applied (table file → new text, or a function of the old). */
export function sampleFolder(edits: Record<string, string | ((text: string) => string) | null> = {}): Files {
  const files: Files = {};
  // The table files only: the sample's binding-site folders play no part in these cases.
  for (const name of readdirSync(SAMPLE).sort()) {
    if (!statSync(join(SAMPLE, name)).isFile()) continue;
    const edit = edits[name];
    if (edit === null) continue;
    const text = readFileSync(join(SAMPLE, name), 'utf8');
    files[`d/${name}`] = typeof edit === 'string' ? edit : edit ? edit(text) : text;
  }
  for (const [name, edit] of Object.entries(edits)) {
    if (!(`d/${name}` in files) && typeof edit === 'string') files[`d/${name}`] = edit;
  }
  return files;
}

/** Replace line `n` (1-based) of a text. */
export const replaceLine =
  (n: number, line: string) =>
  (text: string): string => {
    const lines = text.split('\n');
    lines[n - 1] = line;
    return lines.join('\n');
  };

/** Keep only the lines for which `keep` holds. */
export const filterLines =
  (keep: (line: string) => boolean) =>
  (text: string): string =>
    text
      .split('\n')
      .filter((l, i, all) => keep(l) || (i === all.length - 1 && l === ''))
      .join('\n');

/** Append lines to a text. */
export const appendLines =
  (...lines: string[]) =>
  (text: string): string =>
    `${text}${lines.map((l) => `${l}\n`).join('')}`;

/** A minimal valid SQLite-dialect dump: one 1-column matrix; line numbers are stable. */
export const TINY_SQL = [
  'PRAGMA foreign_keys=OFF;', // 1
  'BEGIN TRANSACTION;', // 2
  'CREATE TABLE MATRIX (ID integer, COLLECTION text, BASE_ID text, VERSION integer, NAME text);', // 3
  "INSERT INTO MATRIX VALUES(1,'CORE','MA0001',1,'AGL3');", // 4
  'CREATE TABLE MATRIX_DATA (ID integer, row text, col integer, val real);', // 5
  "INSERT INTO MATRIX_DATA VALUES(1,'A',1,0.0);", // 6
  "INSERT INTO MATRIX_DATA VALUES(1,'C',1,4.0);", // 7
  "INSERT INTO MATRIX_DATA VALUES(1,'G',1,1.0);", // 8
  "INSERT INTO MATRIX_DATA VALUES(1,'T',1,5.0);", // 9
  'COMMIT;', // 10
].join('\n');

/** TINY_SQL with line `n` replaced (or removed, when `line` is null). */
export function tinySql(n?: number, line?: string | null): string {
  const lines = TINY_SQL.split('\n');
  if (n !== undefined) lines.splice(n - 1, 1, ...(line === null || line === undefined ? [] : [line]));
  return `${lines.join('\n')}\n`;
}

/** gzip bytes of a text. */
export const gz = (text: string): Uint8Array => gzipSync(Buffer.from(text));

/** The bytes of a SQLite database made by running `sql`. */
export function sqliteBytes(sql: string): Uint8Array {
  const dir = mkdtempSync(join(tmpdir(), 'jaspar-static-corpus-db-'));
  try {
    const db = new sqlite.Database(join(dir, 'x.sqlite'));
    try {
      db.exec(sql);
    } finally {
      db.close();
    }
    return readFileSync(join(dir, 'x.sqlite'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
