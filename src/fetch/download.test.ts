/** The downloader against a local HTTP server on 127.0.0.1 (never the internet). */
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { main } from '../cli/main.js';
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
    expect(readdirSync(out)).toEqual([]);
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
    expect(readdirSync(out)).toEqual([]);
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

describe('jaspar-static fetch', () => {
  it('downloads into --out and prints size and SHA-256', async () => {
    const out = join(dir, 'cli');
    const stdout = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      const code = await main([
        'node',
        'jaspar-static',
        'fetch',
        '2018',
        '--url',
        `${origin}/download/database/JASPAR2018.sql.gz`,
        '--out',
        out,
      ]);
      expect(code).toBe(0);
      const printed = stdout.mock.calls.map((c) => String(c[0])).join('');
      expect(printed).toBe(
        `saved ${join(out, 'JASPAR2018.sql.gz')}: ${BODY.length} bytes (0.3 MB)\nsha256 ${sha(BODY)}\n`,
      );
      expect(existsSync(join(out, 'JASPAR2018.sql.gz'))).toBe(true);
      expect(await main(['node', 'jaspar-static', 'fetch', '18'])).toBe(1);
      expect(stderr.mock.calls.map((c) => String(c[0])).join('')).toContain(
        'jaspar-static: error: release year must be four digits, e.g. 2024: "18"',
      );
    } finally {
      stdout.mockRestore();
      stderr.mockRestore();
    }
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
