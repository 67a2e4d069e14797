/**
 * The emitted `upload.sh` against a real S3 API on loopback (s3rver, test/support/s3-server.ts)
 * with the AWS CLI (Debian awscli) and `--endpoint-url`; never real AWS. On ten matrices of the
 * sample (every format, so every Content-Type; no page-size, order or filter variants: about 700 files):
 * the bucket holds exactly the files a host serves, each with the Content-Type the format table
 * gives (the CLI's guess where the table leaves it to the host, as the CloudFront model assumes)
 * and the one Cache-Control, checked with a HEAD on every object; a re-upload after a no-op
 * rebuild transfers nothing, with every listing in pages of 8 keys (`--page-size`: each sync
 * over the site root lists many pages, each format's folder several); a rebuild after one
 * renamed matrix transfers exactly the files whose bytes changed and deletes exactly the files
 * the site lost, and a format no longer built loses its objects (one whose media type the site
 * still has, one whose media type it no longer has).
 *
 * Each upload runs twice: with the real CLI, and with the stand-in `aws` whose S3 commands the
 * AWS guides and test/hosts/aws-stack.test.ts use (./support/s3-sync-stand-in.ts), into a
 * second s3rver: both print the same transfers and leave the same keys with the same
 * Content-Type, Content-Encoding and Cache-Control. The stand-in's guesses (./support/cli-guess.ts)
 * are the CLI's own function's.
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
import { AWS_CLI } from '../support/probes.js';
import { command, describeWith } from '../support/requirements.js';
import { objectUrl, start, type S3Server } from '../support/s3-server.js';
import { tempDir } from '../support/scratch.js';
import { BASE } from '../support/site.js';
import { trimmedSample } from '../support/trimmed-sample.js';
import { awsStandIn } from './support/aws-stand-in.js';
import { CLI_GUESS } from './support/cli-guess.js';
import { listPages } from './support/s3-sync-stand-in.js';

const aws = command(AWS_CLI, ['--version'], 'the AWS CLI (Debian: awscli)');
/**
 * Ten of the sample's matrices: the renamed one (MA0103.1), a base id's three versions (one with
 * BED and sites), another with BED, and two versions of each other collection's kind. Every
 * format, no page-size, order or filter variants: about 700 files (the whole sample's 1,766
 * cost minutes of awscli on a loaded machine and added nothing the test looks at).
 */
const KEPT = [
  'MA0103.1',
  'MA0101.1',
  'MA0101.2',
  'MA0101.3',
  'MA0113.1',
  'CN0003.1',
  'CN0003.2',
  'PB0012.1',
  'PB0012.2',
  'POL001.1',
];
/** Every format (every Content-Type), no page-size, order or filter variants. */
const OPTIONS = {
  baseUrl: BASE,
  formats: [...FORMAT_NAMES],
  targets: ['cloudfront'] as const,
  pageSizes: [],
  orderFields: [],
  filterKeys: [],
  filterOrders: false,
};
/** Keys per listing page in the paged re-upload (`--page-size`, ListObjectsV2's max-keys). */
const PAGE = 8;

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

/** Where an upload goes: a server, and the environment whose `aws` uploads (the real CLI's, or the stand-in's). */
interface Target {
  readonly s3: S3Server;
  readonly env: NodeJS.ProcessEnv;
}

/**
 * Run upload.sh, first waiting until the clock is past the second of the newest file: S3 keeps
 * LastModified to the second, and `aws s3 sync` uploads a file newer than its object, so a file
 * written in the same second as an upload would go again on the next run.
 */
async function upload(site: string, { s3, env }: Target, more: readonly string[] = []): Promise<Transfers> {
  let newest = 0;
  for (const f of await listFiles(site)) newest = Math.max(newest, (await stat(join(site, f))).mtimeMs);
  while (Math.floor(Date.now() / 1000) <= Math.floor(newest / 1000)) await new Promise((r) => setTimeout(r, 50));
  const r = await runOk(
    'sh',
    [
      join(`${site}.deploy`, 'cloudfront/upload.sh'),
      site,
      s3.bucket,
      '--endpoint-url',
      s3.endpoint,
      '--no-progress',
      ...more,
    ],
    { env },
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

/** Every key in the bucket (the stand-in's ListObjectsV2 loop, `pageSize` keys a page), and the size of each page. */
async function listing(s3: S3Server, pageSize?: number): Promise<{ keys: string[]; pages: number[] }> {
  const pages = await listPages(s3.endpoint, s3.bucket, '', pageSize);
  return { keys: pages.flatMap((p) => p.map((o) => o.key)).sort(), pages: pages.map((p) => p.length) };
}

const keys = async (s3: S3Server) => (await listing(s3)).keys;

/** HEAD each key (16 at a time): its status, Content-Type, Content-Encoding and Cache-Control. */
async function headers(s3: S3Server, list: readonly string[]): Promise<Map<string, string>> {
  const got = new Map<string, string>();
  for (let i = 0; i < list.length; i += 16) {
    await Promise.all(
      list.slice(i, i + 16).map(async (key) => {
        const res = await fetch(objectUrl(s3, key), { method: 'HEAD' });
        const h = (name: string) => res.headers.get(name);
        got.set(key, `${res.status} ${h('content-type')} | ${h('content-encoding')} | ${h('cache-control')}`);
      }),
    );
  }
  return got;
}

/** The keys whose status, Content-Type or Cache-Control is wrong in `got` (from {@link headers}). */
function wrongHeaders(got: ReadonlyMap<string, string>): string[] {
  const wrong: string[] = [];
  for (const [key, line] of got) {
    const [status, rest] = [line.slice(0, line.indexOf(' ')), line.slice(line.indexOf(' ') + 1)];
    const [type, , cache] = rest.split(' | ');
    const want = `200 ${expectedType(key)} | ${OBJECT_CACHE_CONTROL}`;
    if (`${status} ${type} | ${cache}` !== want) wrong.push(`${key}: ${line}, expected ${want}`);
  }
  return wrong;
}

/** The keys whose headers differ between two {@link headers} results, each with both. */
function differences(real: ReadonlyMap<string, string>, standIn: ReadonlyMap<string, string>): string[] {
  return [...new Set([...real.keys(), ...standIn.keys()])]
    .filter((k) => real.get(k) !== standIn.get(k))
    .map((k) => `${k}: CLI ${real.get(k)}, stand-in ${standIn.get(k)}`);
}

describeWith('upload.sh against a real S3 API (s3rver, awscli)', [aws], () => {
  describe('the sample, with the real CLI and with the stand-in', () => {
    /** The real CLI's upload, and the stand-in's into a server of its own. */
    let real: Target;
    let standIn: Target;
    let site = '';
    /** The sample's dump trimmed to {@link KEPT}. */
    let sample = '';
    const rebuild = (dump: string, more: Partial<BuildOptions> = {}) =>
      build({ dump, out: site, ...OPTIONS, targets: [...OPTIONS.targets], ...more });
    /** Upload with both; the real CLI's transfers, once the stand-in's are the same. */
    const uploadBoth = async (more: readonly string[] = []): Promise<Transfers> => {
      const viaCli = await upload(site, real, more);
      const viaStandIn = await upload(site, standIn, more);
      expect(viaStandIn, 'the stand-in transfers what the CLI transfers').toEqual(viaCli);
      return viaCli;
    };
    /** Both buckets hold `expected`, each key with the same headers; the real bucket's headers of `checked`. */
    const sameObjects = async (expected: readonly string[], checked: readonly string[]) => {
      expect(await keys(real.s3)).toEqual(expected);
      expect(await keys(standIn.s3)).toEqual(expected);
      const got = await headers(real.s3, checked);
      expect(differences(got, await headers(standIn.s3, checked))).toEqual([]);
      return got;
    };

    beforeAll(async () => {
      site = join(await tempDir('s3-upload'), 'dist');
      sample = await trimmedSample(KEPT);
      await rebuild(sample);
      const s3 = await start();
      real = { s3, env: s3.env };
      const other = await start();
      standIn = { s3: other, env: (await awsStandIn(await tempDir('s3-stand-in'), other)).env };
    }, 300_000);
    afterAll(async () => {
      await real?.s3.close();
      await standIn?.s3.close();
    });

    it("the stand-in's Content-Type guesses are the AWS CLI's own (guess_content_type)", async () => {
      const exts = Object.keys(CLI_GUESS);
      const r = await runOk('/usr/bin/python3', [
        '-c',
        'import json, sys\nfrom awscli.customizations.s3.utils import guess_content_type\nprint(json.dumps({e: guess_content_type("x" + e) for e in sys.argv[1:]}))',
        ...exts,
      ]);
      expect(JSON.parse(r.stdout)).toEqual(CLI_GUESS);
    });

    it('uploads exactly the served files, each with its Content-Type and the Cache-Control (HEAD on every object)', {
      timeout: 600_000,
    }, async () => {
      const files = (await listFiles(site)).filter(served);
      const first = await uploadBoth();
      expect(first).toEqual({ uploaded: files, deleted: [] });
      const wrong = wrongHeaders(await sameObjects(files, files));
      console.log(`S3 upload, sample: ${files.length} objects uploaded, ${files.length} HEADs, ${wrong.length} wrong`);
      expect(wrong.slice(0, 10), `${wrong.length} of ${files.length}`).toEqual([]);
    });

    it(`a re-upload after a no-op rebuild transfers 0 objects, every listing in pages of ${PAGE} keys`, {
      timeout: 600_000,
    }, async () => {
      const summary = await rebuild(sample);
      expect(summary.changes).toMatchObject({ added: 0, modified: 0, removed: 0 });
      // s3rver honours max-keys: the bucket lists in pages of PAGE keys.
      const { keys: all, pages } = await listing(real.s3, PAGE);
      expect(pages.slice(0, -1).every((n) => n === PAGE) && pages.at(-1)! <= PAGE, `${pages}`).toBe(true);
      expect(pages.length).toBe(Math.ceil(all.length / PAGE));
      // Each sync lists the objects below its folder: a listing that pages at all pages at least
      // three times (only folders smaller than a page list in one), and nearly every object is
      // listed in paged listings (the syncs over the site root list it all).
      const script = await readFile(join(`${site}.deploy`, 'cloudfront/upload.sh'), 'utf8');
      const folders = [...script.matchAll(/^\s*aws s3 sync "\$SITE(\/\S*)" /gm)].map((m) => m[1]!);
      const syncs = folders.map((folder) => {
        const objects = all.filter((k) => `/${k}`.startsWith(folder)).length;
        return { folder, objects, pages: Math.ceil(objects / PAGE) };
      });
      expect(syncs.filter((s) => s.pages === 2)).toEqual([]);
      const listed = syncs.reduce((n, s) => n + s.objects, 0);
      const paged = syncs.filter((s) => s.pages >= 3).reduce((n, s) => n + s.objects, 0);
      expect(paged / listed).toBeGreaterThan(0.99);
      const overRoot = syncs.filter((s) => s.folder === '/');
      expect(overRoot.length).toBeGreaterThan(1);
      for (const s of overRoot) expect(s.pages, 'a sync over the site root').toBeGreaterThanOrEqual(3);
      const again = await uploadBoth(['--page-size', String(PAGE)]);
      console.log(
        `S3 upload, no-op rebuild: ${again.uploaded.length} uploaded, ${again.deleted.length} deleted; ${syncs.length} syncs listing ${listed} objects, ${paged} in listings of 3 to ${Math.max(...syncs.map((s) => s.pages))} pages`,
      );
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
      const moved = await uploadBoth();
      console.log(
        `S3 upload, ${what}: ${changed.length} served files changed, ${removed.length} removed; upload ${moved.uploaded.length} uploaded, ${moved.deleted.length} deleted`,
      );
      expect(moved).toEqual({ uploaded: changed, deleted: removed });
      expect(wrongHeaders(await sameObjects((await listFiles(site)).filter(served), changed))).toEqual([]);
    }

    // One rebuild, one upload, three changes (an upload costs a minute under load): a renamed
    // matrix (its files rewritten, its old name's files gone) and two formats no longer built:
    // YAML, whose media type the site still has (openapi.yaml: its own sync deletes them), and
    // BED, whose media type it no longer has (no sync of its own: the last sync deletes them).
    it("after a rebuild with one renamed matrix and without two formats, uploads exactly the changed files and deletes exactly the removed ones, those formats' objects among them", {
      timeout: 600_000,
    }, async () => {
      const dump = join(await tempDir('s3-renamed'), 'sample');
      await cp(sample, dump, { recursive: true });
      const table = join(dump, 'MATRIX.txt');
      const text = await readFile(table, 'utf8');
      expect(text).toContain('\tMA0103\t1\tZelt\n');
      await writeFile(table, text.replace('\tMA0103\t1\tZelt\n', '\tMA0103\t1\tZeltX\n'));
      const dropped = /^files\/(yaml|bed)\//;
      const gone = (await keys(real.s3)).filter((k) => dropped.test(k));
      for (const f of ['yaml', 'bed'])
        expect(gone.filter((k) => k.startsWith(`files/${f}/`)).length, f).toBeGreaterThan(0);
      await expectOnlyChanges('one renamed matrix, yaml and bed no longer built', async () => {
        const summary = await rebuild(dump, { formats: FORMAT_NAMES.filter((f) => f !== 'yaml' && f !== 'bed') });
        expect(changedFiles(summary.changes)).toBeGreaterThan(gone.length);
      });
      expect(await keys(real.s3)).not.toContainEqual(expect.stringMatching(dropped));
    });
  });
});
