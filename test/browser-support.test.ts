/**
 * The browser tests' problem list (support/browser.ts) in a real Chromium against a server that
 * holds chosen requests open: a request cut off because the test left its page is no problem;
 * a request aborted while its page is current still is.
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { chromiumInstalled, launch, type Browser } from './support/browser.js';
import { describeWith } from './support/requirements.js';

/** Requests the server holds open (never answered until it closes), by path, as they arrive. */
const held = new Map<string, ServerResponse>();
const waiting = new Map<string, () => void>();
const arrived = (path: string) =>
  new Promise<void>((resolve) => (held.has(path) ? resolve() : waiting.set(path, resolve)));

const server = createServer((req, res) => {
  const path = req.url ?? '/';
  if (path.startsWith('/held/')) {
    held.set(path, res);
    waiting.get(path)?.();
    return;
  }
  res.writeHead(200, { 'content-type': 'text/html' });
  res.end(
    path === '/logo-page'
      ? '<!doctype html><title>a</title><img src="/held/logo.svg">'
      : '<!doctype html><title>b</title><p>other</p>',
  );
});

describeWith('browser problems: aborted requests', [chromiumInstalled()], () => {
  let b: Browser;
  let origin: string;
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    b = await launch();
  });
  afterAll(async () => {
    await b?.close();
    for (const res of held.values()) res.destroy();
    await new Promise((resolve) => server.close(resolve));
  });

  it('a logo still loading when the test leaves its page is not a problem', async () => {
    const { page } = b;
    await page.goto(`${origin}/logo-page`, { waitUntil: 'domcontentloaded' });
    await arrived('/held/logo.svg');
    const failed = page.waitForEvent('requestfailed', (r) => r.url().endsWith('/held/logo.svg'));
    await page.goto(`${origin}/other`);
    expect((await failed).failure()?.errorText).toBe('net::ERR_ABORTED');
    expect(b.problems).toEqual([]);
  });

  it('a request aborted while its page is current is one', async () => {
    const { page } = b;
    await page.evaluate(() => {
      const controller = new AbortController();
      (window as unknown as { abortData: () => void }).abortData = () => controller.abort();
      void fetch('/held/data.json', { signal: controller.signal }).catch(() => undefined);
    });
    await arrived('/held/data.json');
    const failed = page.waitForEvent('requestfailed', (r) => r.url().endsWith('/held/data.json'));
    await page.evaluate(() => (window as unknown as { abortData: () => void }).abortData());
    expect((await failed).failure()?.errorText).toBe('net::ERR_ABORTED');
    expect(b.problems).toEqual([`request failed: ${origin}/held/data.json net::ERR_ABORTED`]);
  });
});
