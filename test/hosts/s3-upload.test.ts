/**
 * The emitted `upload.sh` against a real S3 API on loopback (s3rver, test/support/s3-server.ts)
 * with the AWS CLI (Debian awscli) and `--endpoint-url`; never real AWS. On the sample (every
 * format, so every Content-Type; no page-size, order or filter variants: about 1,600 files):
 * the bucket holds exactly the files a host serves, each with the Content-Type the format table gives (the CLI's guess where
 * the table leaves it to the host, as the CloudFront model assumes) and the one Cache-Control,
 * checked with a HEAD on every object; a re-upload after a no-op rebuild transfers nothing; a
 * rebuild after one renamed matrix transfers exactly the files whose bytes changed and deletes
 * exactly the files the site lost, and a format no longer built loses its objects (one whose media type the
 * site still has, one whose media type it no longer has). On JASPAR2016 (JSON only, no page-size, order or
 * filter variants) cut to a quarter of its matrices (every fourth internal id, each table's own
 * rows: test/support/release-subset.ts) to keep the upload affordable, still several thousand
 * objects, so listings page: a HEAD on 300 objects picked by a seeded PRNG.
 */
import { cp, readFile, stat, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORMAT_NAMES } from '../../src/api/formats.js';
import { OBJECT_CACHE_CONTROL } from '../../src/hosts/cloudfront/adapter.js';
import { mediaTypeOf } from '../../src/hosting/content-types.js';
import { NOT_SERVED } from '../../src/runtime/resolve.js';
import { DATA_DIR } from '../../src/routes/site-data.js';
import { build, type BuildOptions } from '../../src/site/build.js';
import { changedFiles } from '../../src/site/changes.js';
import { hashTree, listFiles } from '../support/files.js';
import { runOk } from '../support/process.js';
import { prng } from '../support/prng.js';
import { AWS_CLI } from '../support/probes.js';
import { command, describeWith, sharedPath } from '../support/requirements.js';
import { objectUrl, start, type S3Server } from '../support/s3-server.js';
import { flatReleaseSubset } from '../support/release-subset.js';
import { tempDir } from '../support/scratch.js';
import { BASE, SAMPLE } from '../support/site.js';
import { CLI_GUESS } from './support/cli-guess.js';

const aws = command(AWS_CLI, ['--version'], 'the AWS CLI (Debian: awscli)');
/** Every format (every Content-Type), no page-size, order or filter variants: about 1,600 files. */
const OPTIONS = {
  baseUrl: BASE,
  formats: [...FORMAT_NAMES],
  targets: ['cloudfront'] as const,
  pageSizes: [],
  orderFields: [],
  filterKeys: [],
  filterOrders: false,
};

/** Whether a host serves the site file (what the bucket must hold): no configuration, no runtime data, nothing hidden. */
const served = (path: string) =>
  !NOT_SERVED.includes(`/${path}`) &&
  !path.startsWith(`${DATA_DIR}/`) &&
  !path.split('/').some((s) => s.startsWith('.'));

/** The Content-Type an object must have: the format table's, else the AWS CLI's guess by extension. */
const expectedType = (key: string) => mediaTypeOf(`/${key}`) ?? CLI_GUESS[extname(key)] ?? `no type known for ${key}`;

interface Transfers {
  readonly uploaded: string[];
  readonly deleted: string[];
}

/**
 * Run upload.sh, first waiting until the clock is past the second of the newest file: S3 keeps
 * LastModified to the second, and `aws s3 sync` uploads a file newer than its object, so a file
 * written in the same second as an upload would go again on the next run.
 */
async function upload(site: string, s3: S3Server): Promise<Transfers> {
  let newest = 0;
  for (const f of await listFiles(site)) newest = Math.max(newest, (await stat(join(site, f))).mtimeMs);
  while (Math.floor(Date.now() / 1000) <= Math.floor(newest / 1000)) await new Promise((r) => setTimeout(r, 50));
  const r = await runOk(
    'sh',
    [join(`${site}.deploy`, 'cloudfront/upload.sh'), site, s3.bucket, '--endpoint-url', s3.endpoint, '--no-progress'],
    { env: s3.env },
  );
  const lines = r.stdout.split(/[\r\n]+/);
  const to = ` to s3://${s3.bucket}/`;
  return {
    uploaded: lines
      .filter((l) => l.startsWith('upload: '))
      .map((l) => l.slice(l.indexOf(to) + to.length))
      .sort(),
    deleted: lines
      .filter((l) => l.startsWith('delete: '))
      .map((l) => l.slice(`delete: s3://${s3.bucket}/`.length))
      .sort(),
  };
}

/** Every key in the bucket. */
async function keys(s3: S3Server): Promise<string[]> {
  const r = await runOk('aws', ['s3', 'ls', `s3://${s3.bucket}/`, '--recursive', '--endpoint-url', s3.endpoint], {
    env: s3.env,
  });
  return r.stdout
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => l.replace(/^\S+\s+\S+\s+\d+\s+/, ''))
    .sort();
}

/** HEAD each key (16 at a time): the ones whose status, Content-Type or Cache-Control is wrong. */
async function wrongHeaders(s3: S3Server, list: readonly string[]): Promise<string[]> {
  const wrong: string[] = [];
  for (let i = 0; i < list.length; i += 16) {
    await Promise.all(
      list.slice(i, i + 16).map(async (key) => {
        const res = await fetch(objectUrl(s3, key), {
          method: 'HEAD',
        });
        const got = `${res.status} ${res.headers.get('content-type')} | ${res.headers.get('cache-control')}`;
        const want = `200 ${expectedType(key)} | ${OBJECT_CACHE_CONTROL}`;
        if (got !== want) wrong.push(`${key}: ${got}, expected ${want}`);
      }),
    );
  }
  return wrong;
}

describeWith('upload.sh against a real S3 API (s3rver, awscli)', [aws], () => {
  describe('the sample', () => {
    let s3: S3Server;
    let site = '';
    const rebuild = (dump: string, more: Partial<BuildOptions> = {}) =>
      build({ dump, out: site, ...OPTIONS, targets: [...OPTIONS.targets], ...more });

    beforeAll(async () => {
      site = join(await tempDir('s3-upload'), 'dist');
      await rebuild(SAMPLE);
      s3 = await start();
    }, 300_000);
    afterAll(async () => {
      await s3?.close();
    });

    it('uploads exactly the served files, each with its Content-Type and the Cache-Control (HEAD on every object)', {
      timeout: 600_000,
    }, async () => {
      const files = (await listFiles(site)).filter(served);
      const first = await upload(site, s3);
      expect(first.uploaded).toEqual(files);
      expect(await keys(s3)).toEqual(files);
      const wrong = await wrongHeaders(s3, files);
      console.log(`S3 upload, sample: ${files.length} objects uploaded, ${files.length} HEADs, ${wrong.length} wrong`);
      expect(wrong.slice(0, 10), `${wrong.length} of ${files.length}`).toEqual([]);
    });

    it('a re-upload after a no-op rebuild transfers 0 objects', { timeout: 600_000 }, async () => {
      const summary = await rebuild(SAMPLE);
      expect(summary.changes).toMatchObject({ added: 0, modified: 0, removed: 0 });
      const again = await upload(site, s3);
      console.log(`S3 upload, no-op rebuild: ${again.uploaded.length} uploaded, ${again.deleted.length} deleted`);
      expect(again).toEqual({ uploaded: [], deleted: [] });
    });

    /** Rebuild with `change`, upload: exactly the served files whose bytes changed go up, exactly the ones the site lost go. */
    async function expectOnlyChanges(what: string, change: () => Promise<unknown>): Promise<void> {
      const before = await hashTree(site);
      await change();
      const after = await hashTree(site);
      const changed = [...after]
        .filter(([p, h]) => served(p) && before.get(p) !== h)
        .map(([p]) => p)
        .sort();
      const removed = [...before.keys()].filter((p) => served(p) && !after.has(p)).sort();
      const moved = await upload(site, s3);
      console.log(
        `S3 upload, ${what}: ${changed.length} served files changed, ${removed.length} removed; upload ${moved.uploaded.length} uploaded, ${moved.deleted.length} deleted`,
      );
      expect(moved).toEqual({ uploaded: changed, deleted: removed });
      expect(await keys(s3)).toEqual((await listFiles(site)).filter(served));
      expect(await wrongHeaders(s3, changed)).toEqual([]);
    }

    // One rebuild, one upload, three changes (an upload costs a minute under load): a renamed
    // matrix (its files rewritten, its old name's files gone) and two formats no longer built:
    // YAML, whose media type the site still has (openapi.yaml: its own sync deletes them), and
    // BED, whose media type it no longer has (no sync of its own: the last sync deletes them).
    it("after a rebuild with one renamed matrix and without two formats, uploads exactly the changed files and deletes exactly the removed ones, those formats' objects among them", {
      timeout: 600_000,
    }, async () => {
      const dump = join(await tempDir('s3-renamed'), 'sample');
      await cp(SAMPLE, dump, { recursive: true });
      const table = join(dump, 'MATRIX.txt');
      const text = await readFile(table, 'utf8');
      expect(text).toContain('\tMA0103\t1\tZelt\n');
      await writeFile(table, text.replace('\tMA0103\t1\tZelt\n', '\tMA0103\t1\tZeltX\n'));
      const dropped = /^files\/(yaml|bed)\//;
      const gone = (await keys(s3)).filter((k) => dropped.test(k));
      for (const f of ['yaml', 'bed'])
        expect(gone.filter((k) => k.startsWith(`files/${f}/`)).length, f).toBeGreaterThan(0);
      await expectOnlyChanges('one renamed matrix, yaml and bed no longer built', async () => {
        const summary = await rebuild(dump, { formats: FORMAT_NAMES.filter((f) => f !== 'yaml' && f !== 'bed') });
        expect(changedFiles(summary.changes)).toBeGreaterThan(gone.length);
      });
      expect(await keys(s3)).not.toContainEqual(expect.stringMatching(dropped));
    });
  });

  const j2016 = sharedPath('releases', 'JASPAR2016');
  describeWith('a quarter of JASPAR2016 (JSON, no variants)', [j2016], () => {
    let s3: S3Server;
    let site = '';
    beforeAll(async () => {
      const dir = await tempDir('s3-j2016');
      site = join(dir, 'dist');
      const dump = join(dir, 'JASPAR2016-quarter');
      expect(await flatReleaseSubset(j2016.path, dump, (id) => id % 4 === 0)).toBeGreaterThan(400);
      await build({
        dump,
        out: site,
        baseUrl: BASE,
        targets: ['cloudfront'],
        formats: ['json'],
        pageSizes: [],
        orderFields: [],
        filterKeys: [],
        filterOrders: false,
      });
      s3 = await start();
    }, 300_000);
    afterAll(async () => {
      await s3?.close();
    });

    it('uploads every served file; 300 objects picked at random have their Content-Type and Cache-Control', {
      timeout: 900_000,
    }, async () => {
      const files = (await listFiles(site)).filter(served);
      // Listings page at 1,000 keys: the typed syncs of the logos and of the JSON answers each list more.
      for (const folder of ['static/logos/', 'files/json/'])
        expect(files.filter((f) => f.startsWith(folder)).length, folder).toBeGreaterThan(1000);
      const first = await upload(site, s3);
      expect(first.uploaded.length).toBe(files.length);
      const next = prng(2016);
      const chosen = new Set<string>();
      while (chosen.size < Math.min(300, files.length)) chosen.add(files[Math.floor(next() * files.length)]!);
      const picked = [...chosen];
      const wrong = await wrongHeaders(s3, picked);
      console.log(
        `S3 upload, JASPAR2016: ${files.length} objects uploaded, ${picked.length} HEADs, ${wrong.length} wrong`,
      );
      expect(wrong.slice(0, 10), `${wrong.length} of ${picked.length}`).toEqual([]);
    });
  });
});
