/** The downloader against a local HTTP server on 127.0.0.1 (never the internet). */
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserError } from '../errors.js';
import { download } from './download.js';
import { progressBar, progressTo } from './progress.js';

const BODY = Buffer.alloc(300_000, 'JASPAR;');
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

let server: Server;
let origin = '';
const dir = mkdtempSync(join(tmpdir(), 'jaspar-static-fetch-'));

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/download/database/JASPAR2018.sql.gz') {
      res.writeHead(200, { 'content-length': BODY.length });
      // Several chunks, so progress has something to show.
      for (let i = 0; i < BODY.length; i += 65_536) res.write(BODY.subarray(i, i + 65_536));
      res.end();
    } else if (req.url === '/drop.sql.gz') {
      res.writeHead(200, { 'content-length': BODY.length });
      res.write(BODY.subarray(0, 100_000), () => res.socket?.destroy());
    } else {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not here');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

async function failure(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof UserError)) throw new Error(`expected a UserError, got ${String(error)}`);
  return error.format().replace(origin, 'ORIGIN');
}

describe('download', () => {
  it('a failed download leaves nothing it created: no file, no folder made for it (a folder that was there stays)', async () => {
    const base = join(dir, 'left');
    // A closed port: the connection is refused, as offline.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const dest = join(base, 'releases', 'JASPAR2024', 'JASPAR2024.sql.gz');
    await failure(download(`http://127.0.0.1:${port}/JASPAR2024.sql.gz`, dest));
    expect(existsSync(base)).toBe(false);
    // A 404 and a cut-off body too; a folder the user had is kept, empty as it was.
    const own = join(dir, 'own');
    writeFileSync(join(dir, 'marker'), '');
    await failure(download(`${origin}/nothing.sql.gz`, join(own, 'JASPAR2024', 'x.sql.gz')));
    await failure(download(`${origin}/drop.sql.gz`, join(own, 'JASPAR2024', 'x.sql.gz')));
    expect(existsSync(own)).toBe(false);
    await failure(download(`${origin}/nothing.sql.gz`, join(dir, 'marker.sql.gz')));
    expect(readdirSync(dir).filter((n) => n.startsWith('marker'))).toEqual(['marker']);
  });

  it('saves the file under its name, with size and SHA-256, and no temporary file left', async () => {
    const out = join(dir, 'ok');
    const lines: string[] = [];
    const result = await download(`${origin}/download/database/JASPAR2018.sql.gz`, join(out, 'JASPAR2018.sql.gz'), {
      progress: progressTo({ write: (s: string) => lines.push(s) }, 'fetch'),
    });
    expect(result).toEqual({ path: join(out, 'JASPAR2018.sql.gz'), bytes: BODY.length, sha256: sha(BODY) });
    expect(readFileSync(result.path).equals(BODY)).toBe(true);
    expect(readdirSync(out)).toEqual(['JASPAR2018.sql.gz']);
    // Plain lines (not a terminal): one per 10% step reached, ending at 100%.
    for (const line of lines) expect(line).toMatch(/^fetch \d+0?% \(0\.\d MB of 0\.3 MB\)\n$/);
    expect(lines.at(-1)).toBe('fetch 100% (0.3 MB of 0.3 MB)\n');
  });

  it('a 404 keeps nothing and says what the server answered', async () => {
    const out = join(dir, 'missing');
    expect(await failure(download(`${origin}/download/database/JASPAR1999.sql.gz`, join(out, 'x.sql.gz')))).toBe(
      'ORIGIN/download/database/JASPAR1999.sql.gz: download failed: the server answered 404 Not Found',
    );
    // Not even the folder made for it (issue 29).
    expect(existsSync(out)).toBe(false);
  });

  it('a refused connection says the server cannot be reached (offline?)', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const out = join(dir, 'refused');
    expect(await failure(download(`http://127.0.0.1:${port}/JASPAR2018.sql.gz`, join(out, 'x.sql.gz')))).toBe(
      `http://127.0.0.1:${port}/JASPAR2018.sql.gz: cannot reach the server: the connection was refused (ECONNREFUSED). ` +
        'Are you offline? Download the dump by other means and pass its path to "jaspar-static build"',
    );
    expect(existsSync(out)).toBe(false);
  });

  it('a server that drops mid-body leaves no partial file and the previous copy untouched', async () => {
    const out = join(dir, 'drop');
    const dest = join(out, 'drop.sql.gz');
    await download(`${origin}/download/database/JASPAR2018.sql.gz`, dest);
    const message = await failure(download(`${origin}/drop.sql.gz`, dest));
    expect(message).toMatch(
      /^ORIGIN\/drop\.sql\.gz: download cut off after \d+ of 300000 bytes \(terminated: other side closed\); nothing was kept$/,
    );
    expect(readdirSync(out)).toEqual(['drop.sql.gz']);
    expect(readFileSync(dest).equals(BODY)).toBe(true);
  });
});

describe('progress bar', () => {
  it('draws a bar with percent and sizes, or a byte count when the size is unknown', () => {
    expect(progressBar(2_200_000, 5_500_000, 10)).toBe('[####------]  40% 2.2/5.5 MB');
    expect(progressBar(5_500_000, 5_500_000, 10)).toBe('[##########] 100% 5.5/5.5 MB');
    expect(progressBar(1_234_567, null)).toBe('1.2 MB');
  });

  it('redraws in place on a terminal', () => {
    const writes: string[] = [];
    const p = progressTo({ write: (s: string) => writes.push(s), isTTY: true }, 'fetch');
    p.update(50, 100);
    p.update(100, 100);
    p.done();
    expect(writes.join('')).toBe(`\rfetch ${progressBar(50, 100)}\rfetch ${progressBar(100, 100)}\n`);
  });
});

it('says so when the folder to save into cannot be made', async () => {
  const file = join(dir, 'a-file');
  writeFileSync(file, 'x');
  const message = await failure(
    download(`${origin}/download/database/JASPAR2018.sql.gz`, join(file, 'sub', 'x.sql.gz')),
  );
  expect(message).toMatch(
    /^.*a-file\/sub: cannot create the folder to save into \(ENOTDIR: not a directory, mkdir .*\)$/,
  );
});
