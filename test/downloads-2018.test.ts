/**
 * The download area against JASPAR's own 2018 download files (contract §9, issue 34): every
 * golden `.txt` is what the dev server answers at `/download/data/2018/<folder>/<name>` for a
 * build of JASPAR's 2018 dump, byte for byte, all 66 of them (the dump holds the counts at the
 * precision of JASPAR's TRANSFAC files, MA1153.1's 88.235 and the FAM matrices' fractions
 * included); the golden zip has the same members.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { readDump } from '../src/dump/read-dump.js';
import { readSqliteDump } from '../src/dump/sqlite/read-sqlite.js';
import type { RawDump } from '../src/dump/tables.js';
import { buildRelease } from '../src/model/build-release.js';
import { describeWith, sharedPath } from './support/requirements.js';
import { serve, sharedSite, type BuiltSite, type Served } from './support/site.js';
import { readZip } from './support/zip-read.js';

const dump = sharedPath('releases', 'JASPAR2018', 'JASPAR2018.sql.gz');
const golden = sharedPath('golden', 'JASPAR2018', 'download');

/** Where each record of a text file starts, by format, and the id it carries. */
const RECORD = {
  jaspar: { start: /^>/gm, id: (r: string) => r.slice(1, r.indexOf('\t')) },
  transfac: { start: /^AC /gm, id: (r: string) => r.slice(3, r.indexOf('\n')) },
  meme: { start: /^MOTIF /gm, id: (r: string) => r.split(' ')[1] ?? '' },
} as const;
type TextFormat = keyof typeof RECORD;

/** The file's text before its first record (MEME's header), and its records in order. */
function records(text: string, format: TextFormat): { head: string; records: { id: string; text: string }[] } {
  const starts = [...text.matchAll(RECORD[format].start)].map((m) => m.index ?? 0);
  return {
    head: text.slice(0, starts[0] ?? text.length),
    records: starts.map((s, i) => {
      const record = text.slice(s, starts[i + 1] ?? text.length);
      return { id: RECORD[format].id(record), text: record };
    }),
  };
}

const goldenFiles = (ext: string): string[] =>
  golden.ok
    ? ['CORE', 'collections'].flatMap((folder) =>
        readdirSync(join(golden.path, folder))
          .filter((f) => f.endsWith(ext))
          .sort()
          .map((f) => `${folder}/${f}`),
      )
    : [];

describeWith("the download area against JASPAR's own 2018 download files", [dump, golden], () => {
  let site: BuiltSite;
  let dev: Served;
  beforeAll(async () => {
    // The same build as jaspar2018.test.ts (shared within a run): its details are the records' reference.
    site = await sharedSite(dump.path, {
      baseUrl: 'http://jaspar.genereg.net',
      formats: ['json', 'jaspar', 'meme', 'transfac'],
      pageSizes: [],
      filterKeys: [],
    });
    dev = await serve(site.dir);
  });
  afterAll(async () => {
    await dev?.close();
  });
  const get = async (path: string) => {
    const res = await fetch(`${dev.origin}${path}`);
    return { status: res.status, type: res.headers.get('content-type'), body: Buffer.from(await res.arrayBuffer()) };
  };

  it('has every file JASPAR published, 66 text files of CORE and the collections', () => {
    expect(goldenFiles('.txt')).toHaveLength(66);
  });

  it('answers each golden .txt byte for byte', async () => {
    const same: string[] = [];
    for (const name of goldenFiles('.txt')) {
      const want = readFileSync(join(golden.path, name), 'utf8');
      const got = await get(`/download/data/2018/${name}`);
      expect(got.status, name).toBe(200);
      expect(got.type, name).toBe('text/plain; charset=utf-8');
      const text = got.body.toString('utf8');
      if (text === want) {
        same.push(name);
        continue;
      }
      // Not the same bytes: name the first record that differs, so the failure says where.
      const format = name.slice(name.lastIndexOf('_') + 1, -'.txt'.length) as TextFormat;
      const ours = records(text, format);
      const theirs = records(want, format);
      expect(ours.head, name).toBe(theirs.head);
      expect(
        ours.records.map((r) => r.id),
        name,
      ).toEqual(theirs.records.map((r) => r.id));
      ours.records.forEach((r, i) => expect(r.text, `${name}: ${r.id}`).toBe(theirs.records[i]!.text));
      expect(text, name).toBe(want);
    }
    expect(same).toEqual(goldenFiles('.txt'));
  });

  it('answers the golden zip with the same member names and contents, each a detail answer', async () => {
    const zips = goldenFiles('.zip');
    expect(zips.length).toBeGreaterThan(0);
    for (const name of zips) {
      const got = await get(`/download/data/2018/${name}`);
      expect(got.status, name).toBe(200);
      expect(got.type, name).toBe('application/zip');
      const ours = readZip(got.body);
      const theirs = readZip(readFileSync(join(golden.path, name)));
      expect(ours.map((m) => m.name)).toEqual(theirs.map((m) => m.name));
      ours.forEach((m, i) => expect(m.content.equals(theirs[i]!.content), m.name).toBe(true));
      const format = name.slice(name.lastIndexOf('_') + 1, -'.zip'.length);
      for (const m of ours)
        expect(m.content.toString('utf8')).toBe(
          readFileSync(join(site.dir, `files/${format}/matrix/${m.name}`), 'utf8'),
        );
    }
  });

  it("serves the SQL dump's tables as an SQLite database the build reads back as the same release", async () => {
    const res = await fetch(`${dev.origin}/download/database/JASPAR2018.sqlite`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.sqlite3');
    expect(res.headers.get('content-encoding')).toBeNull();
    const file = join(site.dir, 'download/database/JASPAR2018.sqlite');
    expect(Buffer.from(await res.arrayBuffer()).equals(readFileSync(file))).toBe(true);
    const model = async (raw: Promise<RawDump>) => {
      const { release } = buildRelease(await raw, { year: 2018 });
      return { matrices: release.matrices, tffms: release.tffms };
    };
    expect(await model(readSqliteDump(file))).toEqual(await model(readDump(dump.path)));
  });

  it('serves the dump as read, gzip-encoded SQL, and 404 for a download path that does not exist', async () => {
    const res = await fetch(`${dev.origin}/download/database/JASPAR2018.sql.gz`, {
      headers: { 'accept-encoding': 'identity' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/sql');
    expect(res.headers.get('content-encoding')).toBe('gzip');
    // fetch decodes the gzip it was told about: the SQL text.
    expect((await res.text()).startsWith('PRAGMA foreign_keys=OFF;')).toBe(true);
    expect(readFileSync(join(site.dir, 'download/database/JASPAR2018.sql.gz')).equals(readFileSync(dump.path))).toBe(
      true,
    );
    for (const path of [
      '/download/data/2018/CORE/JASPAR2018_CORE_mammals_redundant_pfms_jaspar.txt',
      '/download/data/2016/CORE/JASPAR2016_CORE_redundant_pfms_jaspar.txt',
      '/download/database/JASPAR2018.db',
    ]) {
      const got = await get(path);
      expect(got.status, path).toBe(404);
      expect(got.body.toString()).toBe('{"detail":"Not found."}');
    }
  });
});
