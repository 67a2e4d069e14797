import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../test/support/scratch.js';
import { UserError } from '../errors.js';
import { resolveDump } from './read-dump.js';

/** A folder holding `files` (name → content). */
async function folder(files: Record<string, string | Uint8Array>): Promise<string> {
  const dir = join(await tempDir('resolve-dump'), 'JASPAR2024');
  mkdirSync(dir);
  for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);
  return dir;
}

describe('resolveDump: the dump a folder names (issue 29)', () => {
  it('a folder holding no tables but one SQL dump (what fetch writes) is that file, and says so', async () => {
    const dir = await folder({ 'JASPAR2024.sql.gz': gzipSync('CREATE TABLE MATRIX (ID int);'), 'README.txt': 'hi' });
    expect(resolveDump(dir)).toEqual({ path: join(dir, 'JASPAR2024.sql.gz'), note: `the one dump file in ${dir}` });
  });

  it('a SQLite database is found by its header, whatever its name', async () => {
    const header = Buffer.concat([Buffer.from('SQLite format 3\0'), Buffer.alloc(84)]);
    const dir = await folder({ 'release.bin': header, notes: 'x' });
    expect(resolveDump(dir).path).toBe(join(dir, 'release.bin'));
  });

  it('several dump files and no tables: one line listing them', async () => {
    const dir = await folder({ 'a.sql': 'CREATE TABLE MATRIX (ID int);', 'b.sqlite3': 'x' });
    expect(() => resolveDump(dir)).toThrow(UserError);
    expect(() => resolveDump(dir)).toThrow(
      /no table files here, and 2 dump files: a\.sql, b\.sqlite3; name the one to read/,
    );
  });

  it('a folder of tables stays a folder (a .sql beside them is not read), and so does one with nothing to read', async () => {
    const tables = await folder({
      'MATRIX.txt': '1\tCORE\tMA0001\t1\tX\n',
      'old.sql': 'CREATE TABLE MATRIX (ID int);',
    });
    expect(resolveDump(tables)).toEqual({ path: tables, note: null });
    const empty = await folder({ 'README.txt': 'hi', 'empty.sql': '' });
    expect(resolveDump(empty)).toEqual({ path: empty, note: null });
    const file = join(tables, 'old.sql');
    expect(resolveDump(file)).toEqual({ path: file, note: null });
  });
});
