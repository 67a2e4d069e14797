/**
 * The download area's headers by name ending (contract §9, `SUFFIX_TYPES`) on the two hosts
 * whose configuration types files by pattern, on a small site holding one file of every ending
 * (deep below `/download/`, as the bundles are) and a `.txt` outside the area:
 * - Netlify: the emitted `_headers` under Netlify's own parser and path patterns
 *   (test/support/netlify-host.ts): each ending its Content-Type, the `.sql.gz` its stored
 *   bytes' (`application/gzip`: Netlify ignores a Content-Encoding set in `_headers`);
 * - S3: the objects upload.sh's syncs (src/hosting/aws/typed-syncs.ts) upload, as the AWS CLI
 *   filters them (test/hosts/support/cloudfront-vm.ts): each ending its Content-Type, the
 *   `.sql.gz` with `Content-Encoding: gzip`, every other file without one.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUFFIX_TYPES } from '../../src/hosting/content-types.js';
import { syncLines } from '../../src/hosting/aws/typed-syncs.js';
import { netlifyDownloadType, netlifyHeaders } from '../../src/hosts/netlify/adapter.js';
import { netlifyHost } from '../support/netlify-host.js';
import { removeTree, tempDir } from '../support/scratch.js';
import { CLI_GUESS } from './support/cli-guess.js';
import { bucket } from './support/cloudfront-vm.js';

/** One file of every ending, deep below the download area; and a `.txt` that is not a download file. */
const FILES = SUFFIX_TYPES.map((t) => ({ path: `${t.prefix}data/2016/CORE/JASPAR2016_CORE_x${t.suffix}`, type: t }));
const OUTSIDE = '/static/notes.txt';

let site = '';

beforeAll(async () => {
  site = join(await tempDir('download-headers'), 'site');
  const write = (path: string, body: string) => {
    mkdirSync(dirname(join(site, path)), { recursive: true });
    writeFileSync(join(site, path), body);
  };
  for (const f of [...FILES.map((f) => f.path), OUTSIDE, '/404.html']) write(f, `bytes of ${f}\n`);
  write('/_redirects', '');
  write('/_headers', netlifyHeaders({ aliases: [] }));
});

afterAll(async () => {
  if (site !== '') await removeTree(dirname(site));
});

describe('the download area by name ending', () => {
  it("Netlify's _headers: each ending its Content-Type, the dump its stored bytes' (no Content-Encoding there)", async () => {
    const netlify = await netlifyHost(site);
    const got = (path: string) => {
      const r = netlify(path);
      return { status: r.status, type: r.headers['content-type'], encoding: r.headers['content-encoding'] };
    };
    for (const { path, type } of FILES)
      expect(got(path), path).toEqual({ status: 200, type: netlifyDownloadType(type), encoding: undefined });
    const dump = FILES.find((f) => f.type.encoding === 'gzip');
    expect(got(dump!.path).type).toBe('application/gzip');
    expect(got(FILES[0]!.path).type).toBe('text/plain; charset=utf-8');
    // Outside the download area, a .txt is not ours to type.
    expect(got(OUTSIDE)).toEqual({ status: 200, type: undefined, encoding: undefined });
  });

  it("upload.sh's syncs: each ending its Content-Type, the dump with Content-Encoding gzip", () => {
    const object = bucket(site, syncLines("--cache-control 'x'", ['/_redirects', '/_headers']).join('\n'));
    for (const { path, type } of FILES)
      expect(object(path.slice(1)), path).toMatchObject({ type: type.mediaType, encoding: type.encoding });
    expect(object(FILES.find((f) => f.type.encoding === 'gzip')!.path.slice(1))).toMatchObject({
      type: 'application/sql',
      encoding: 'gzip',
    });
    // The rest: the CLI's guess, no encoding; the configuration files are not uploaded.
    expect(object(OUTSIDE.slice(1))).toMatchObject({ type: CLI_GUESS['.txt'], encoding: null });
    expect(object('_headers')).toBeNull();
  });
});
