/** `jaspar-static fetch` end to end against a local HTTP server on 127.0.0.1 (never the internet). */
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { main } from './main.js';

const BODY = Buffer.alloc(300_000, 'JASPAR;');
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

let server: Server;
let origin = '';
const dir = mkdtempSync(join(tmpdir(), 'jaspar-static-fetch-cli-'));

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/download/database/JASPAR2018.sql.gz') {
      res.writeHead(200, { 'content-length': BODY.length });
      res.end(BODY);
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
