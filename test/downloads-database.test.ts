/**
 * The download area's `JASPAR<year>.sqlite` for a dump that is not an SQLite file (contract §9,
 * issue 34 item 1): the build writes the tables it read as an SQLite database, the same bytes
 * every time, which SQLite itself and the build's own SQLite reader read back as the same release.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqliteTables } from '../src/dump/export/sqlite-file.js';
import { readFlatDump } from '../src/dump/flat/read-flat.js';
import { DOWNLOADS_PATH, pageFile } from '../src/portal/paths.js';
import type { RawDump } from '../src/dump/tables.js';
import { readSqliteDump } from '../src/dump/sqlite/read-sqlite.js';
import { buildRelease } from '../src/model/build-release.js';
import { linksOf, resolveFrom } from './support/html.js';
import { runOk } from './support/process.js';
import { command, describeWith } from './support/requirements.js';
import { removeTree, tempDir } from './support/scratch.js';
import { SAMPLE, serve, sharedSite, type BuiltSite, type Served } from './support/site.js';

const MAGIC = 'SQLite format 3\0';

describe('the tables of a dump as an SQLite file', () => {
  let raw: RawDump;
  let dir: string;
  let file: string;
  beforeAll(async () => {
    raw = await readFlatDump(SAMPLE);
    dir = await tempDir('sqlite-tables');
    file = join(dir, 'sample.sqlite');
    writeFileSync(file, sqliteTables(raw));
  });
  afterAll(async () => {
    if (dir !== undefined) await removeTree(dir);
  });

  it('gives the same bytes for the same dump', () => {
    const bytes = Buffer.from(sqliteTables(raw));
    expect(bytes.subarray(0, MAGIC.length).toString('latin1')).toBe(MAGIC);
    expect(bytes.equals(readFileSync(file))).toBe(true);
  });

  it('reads back as the same release, with the tables the dump has and nothing invented', async () => {
    const back = await readSqliteDump(file);
    expect(Object.keys(back.tables).sort()).toEqual(Object.keys(raw.tables).sort());
    const model = (d: typeof raw) => {
      const { release } = buildRelease(d, { year: 2016 });
      return { matrices: release.matrices, tffms: release.tffms };
    };
    expect(model(back)).toEqual(model(raw));
  });

  describeWith('read by the sqlite3 shell', [command('sqlite3', ['-version'], 'sqlite3 (Debian sqlite3)')], () => {
    it('passes its integrity check and holds every row', async () => {
      expect((await runOk('sqlite3', [file, 'PRAGMA integrity_check;'])).stdout.trim()).toBe('ok');
      const tables = (await runOk('sqlite3', [file, '.tables'])).stdout.split(/\s+/).filter((t) => t !== '');
      expect(tables.sort()).toEqual(Object.keys(raw.tables).sort());
      const rows = await runOk('sqlite3', [file, 'SELECT count(*) FROM MATRIX_DATA;']);
      expect(Number(rows.stdout.trim())).toBe(raw.tables.MATRIX_DATA!.rows.length);
    });
  });
});

describe('a build of flat-file tables', () => {
  let site: BuiltSite;
  let dev: Served;
  beforeAll(async () => {
    site = await sharedSite(SAMPLE);
    dev = await serve(site.dir);
  });
  afterAll(async () => {
    await dev?.close();
  });

  it('writes and serves their tables as download/database/<release>.sqlite, listed on the Downloads page and in its folder', async () => {
    const written = readFileSync(join(site.dir, 'download/database/sample.sqlite'));
    expect(written.equals(Buffer.from(sqliteTables(await readFlatDump(SAMPLE))))).toBe(true);
    const res = await fetch(`${dev.origin}/download/database/sample.sqlite`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.sqlite3');
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(Buffer.from(await res.arrayBuffer()).equals(written)).toBe(true);
    const opens = (page: string) =>
      linksOf(readFileSync(join(site.dir, page), 'utf8')).map((href) => resolveFrom(page, href));
    for (const page of [pageFile(DOWNLOADS_PATH), 'download/database/index.html'])
      expect(opens(page), page).toContain('download/database/sample.sqlite');
    // No SQL dump was read: none is offered.
    expect((await fetch(`${dev.origin}/download/database/sample.sql.gz`)).status).toBe(404);
  });
});
