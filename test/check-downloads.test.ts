/**
 * `jaspar-static check` over the download area (contract §9, issue 34 item 5), in process: the
 * sample built from its tables as a gzipped SQL dump (so it has `.sql.gz` and `.sqlite`), its
 * mirror behind a proxy that breaks only the download area one way at a time. A mirror missing
 * the area, serving a bundle with other bytes, a zip missing a member or the dump without its
 * Content-Encoding fails, named by request; a zip laid out otherwise with the same members passes.
 */
import { readdirSync } from 'node:fs';
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckSummary } from '../src/check/summary.js';
import { crc32 } from 'node:zlib';
import { zipArchive, type ZipMember } from '../src/download/zip.js';
import { startDevServer } from '../src/server/dev-server.js';
import { buildSample, sampleSqlDump, type BuiltSample } from './hosts/support/sites.js';
import { runMain } from './support/cli.js';
import { readZip } from './support/zip-read.js';

const origin = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

const close = (server: Server | undefined) =>
  new Promise<void>((resolve) => {
    if (server === undefined) return resolve();
    server.closeAllConnections();
    server.close(() => resolve());
  });

interface Upstream {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: Buffer;
}

/** A proxy in front of `upstream` whose `change` may rewrite each whole answer (path asked, answer). */
function proxy(upstream: Server, change: (path: string, answer: Upstream) => Upstream): Promise<Server> {
  const port = (upstream.address() as AddressInfo).port;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const out = request({ host: '127.0.0.1', port, method: req.method, path: req.url, headers: req.headers }, (up) => {
      const chunks: Buffer[] = [];
      up.on('data', (c: Buffer) => chunks.push(c));
      up.on('end', () => {
        const answer = change(req.url ?? '/', {
          status: up.statusCode ?? 502,
          headers: { ...up.headers },
          body: Buffer.concat(chunks),
        });
        res.writeHead(answer.status, { ...answer.headers, 'content-length': String(answer.body.length) });
        res.end(answer.body);
      });
    });
    out.on('error', () => res.destroy());
    req.pipe(out);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const summaryOf = (stdout: string) => JSON.parse(stdout) as CheckSummary;

/** The members of a zip stored (not deflated), all but the last `drop`: other bytes, the same files when `drop` is 0. */
function relaid(zip: Buffer, drop: number): Buffer {
  const members = readZip(zip).map(
    (m): ZipMember => ({ name: m.name, crc: crc32(m.content), size: m.content.length, method: 0, data: m.content }),
  );
  return Buffer.from(zipArchive(members.slice(0, members.length - drop)));
}

describe('jaspar-static check over the download area', () => {
  let built: BuiltSample;
  let mirror: Server;
  const extra: Server[] = [];

  beforeAll(async () => {
    // The sample's tables as JASPAR publishes its dumps, with the folders it ships beside them.
    built = await buildSample(['nginx'], false, { dump: await sampleSqlDump() });
    mirror = await startDevServer({ dir: built.site, port: 0, host: '127.0.0.1' });
  });

  afterAll(async () => {
    await Promise.all([close(mirror), ...extra.map(close)]);
    built?.cleanup();
  });

  /** `check --json` against the mirror behind a proxy making `change`. */
  async function checkThrough(change: (path: string, a: Upstream) => Upstream, ...args: string[]) {
    const server = await proxy(mirror, change);
    extra.push(server);
    const r = await runMain(['check', origin(server), '--site', built.site, '--json', ...args]);
    return { code: r.code, summary: summaryOf(r.stdout) };
  }

  const download = (path: string) => path.startsWith('/download/');

  it('asks a sample of bundles, a zip, the extras and every database file; a mirror without the area fails on each', async () => {
    const { code, summary } = await checkThrough((path, a) =>
      download(path) ? { status: 404, headers: { 'content-type': 'text/plain' }, body: Buffer.from('no') } : a,
    );
    expect(code).toBe(1);
    const failed = summary.failed.map((f) => f.target);
    expect(failed.every(download)).toBe(true);
    expect(summary.failures['wrong status']).toBe(failed.length);
    expect(failed).toEqual(
      expect.arrayContaining([
        '/download/database/JASPAR2016.sql.gz',
        '/download/database/JASPAR2016.sqlite',
        '/download/data/2016/sites/MA0101.2.sites',
        '/download/data/2016/bed/MA0101.2.bed',
      ]),
    );
    const txt = failed.filter((t) => t.endsWith('.txt'));
    // Three of CORE's, three of the other collections', each format among them, and CORE's zip.
    expect(txt.filter((t) => t.includes('/CORE/'))).toHaveLength(3);
    expect(txt.filter((t) => t.includes('/collections/'))).toHaveLength(3);
    for (const format of ['jaspar', 'meme', 'transfac'])
      expect(txt.some((t) => t.endsWith(`_${format}.txt`))).toBe(true);
    expect(failed.filter((t) => t.endsWith('.zip'))).toHaveLength(1);
    // And not the table's requests: the area alone is broken.
    expect(summary.requests - failed.length).toBeGreaterThan(400);
  });

  it('--all asks every file of the area whose headers §9 names', async () => {
    const { code, summary } = await checkThrough((path, a) => (download(path) ? { ...a, status: 404 } : a), '--all');
    expect(code).toBe(1);
    // Every file of the built area, the folders' listings (index.html) included, but those whose type each
    // host gives its own way (TFFM models).
    const files = readdirSync(join(built.site, 'download'), { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && !/\.(xml|json)$/.test(e.name) && !e.parentPath.includes('/TFFM'))
      .map((e) => `/${relative(built.site, join(e.parentPath, e.name))}`);
    expect(files.length).toBeGreaterThan(100);
    expect(summary.failed.map((f) => f.target).sort()).toEqual(files.sort());
  });

  it('a bundle with other bytes fails: wrong bytes, named', async () => {
    const { code, summary } = await checkThrough((path, a) =>
      download(path) && path.endsWith('.txt') ? { ...a, body: Buffer.concat([a.body, Buffer.from('\n')]) } : a,
    );
    expect(code).toBe(1);
    expect(summary.failed.length).toBe(6);
    expect(summary.failed.every((f) => f.kind === 'wrong bytes' && f.target.endsWith('.txt'))).toBe(true);
  });

  it('a zip is judged by its members: laid out otherwise it passes, missing one it fails', async () => {
    const zip = (drop: number) => (path: string, a: Upstream) =>
      download(path) && path.endsWith('.zip') ? { ...a, body: relaid(a.body, drop) } : a;
    const same = await checkThrough(zip(0));
    expect(same.code, JSON.stringify(same.summary.failed.slice(0, 3))).toBe(0);
    const short = await checkThrough(zip(1));
    expect(short.code).toBe(1);
    expect(short.summary.failed).toHaveLength(1);
    expect(short.summary.failed[0]!.target).toMatch(/^\/download\/data\/2016\/CORE\/.*\.zip$/);
    expect(short.summary.failed[0]!.detail).toContain('a zip: not the same member names and contents');
  });

  it('the dump without Content-Encoding, or a file said to be gzip that is not, fails: missing header', async () => {
    const { code, summary } = await checkThrough((path, a) => {
      if (path.endsWith('.sql.gz')) {
        const { 'content-encoding': _, ...headers } = a.headers;
        return { ...a, headers };
      }
      if (path.endsWith('.sqlite')) return { ...a, headers: { ...a.headers, 'content-encoding': 'gzip' } };
      return a;
    });
    expect(code).toBe(1);
    expect(summary.failed.map((f) => [f.target, f.kind, f.detail])).toEqual([
      ['/download/database/JASPAR2016.sql.gz', 'missing header', 'content-encoding: expected "gzip", got none'],
      ['/download/database/JASPAR2016.sqlite', 'missing header', 'content-encoding: expected none, got "gzip"'],
    ]);
  });
});
