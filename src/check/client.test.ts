/**
 * The client's one-line reasons, and its guards against hostile mirrors on loopback (issue 37
 * item 2): an endless body is cut off at the size cap, a tarpit that trickles or stays silent at
 * the timeout, under heavy allocation too, and the caller's signal stops a request at once.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { announcesHuge, endlessBody, type HostileMirror, silent, trickle } from '../../test/support/hostile-mirror.js';
import { client, describeNetworkError, NetworkError, type ClientOptions } from './client.js';

const url = new URL('https://mirror.example.org:8443/');
const err = (code: string, message = 'x') => Object.assign(new Error(message), { code });
const limits = { timeoutMs: 1000, maxBytes: 4096 };

describe('describeNetworkError', () => {
  it('says each failure in one line', () => {
    expect(describeNetworkError(err('ENOTFOUND'), url, limits)).toBe('DNS name mirror.example.org not resolved');
    expect(describeNetworkError(err('ECONNREFUSED'), url, limits)).toBe(
      'connection refused by mirror.example.org:8443',
    );
    expect(describeNetworkError(err('CERT_HAS_EXPIRED', 'certificate has expired'), url, limits)).toBe(
      'TLS error with mirror.example.org:8443: CERT_HAS_EXPIRED certificate has expired',
    );
    const timeout = Object.assign(new Error('t'), { name: 'TimeoutError' });
    expect(describeNetworkError(timeout, url, { ...limits, timeoutMs: 250 })).toBe(
      'timeout: no answer from mirror.example.org:8443 within 250 ms',
    );
  });
});

const MiB = 1024 * 1024;
/** What loopback socket buffers may hold past the cap before the client sees it (both ends' kernel and stream buffers). */
const IN_FLIGHT = 16 * MiB;

describe('the client against hostile mirrors', () => {
  const mirrors: HostileMirror[] = [];
  const stopped: AbortController[] = [];
  afterEach(async () => {
    for (const c of stopped.splice(0)) c.abort();
    await Promise.all(mirrors.splice(0).map((m) => m.close()));
  });

  async function ask(m: HostileMirror, options: Partial<ClientOptions> = {}) {
    mirrors.push(m);
    const abort = new AbortController();
    stopped.push(abort);
    const c = client(new URL(m.url), {
      timeoutMs: 60_000,
      maxBytes: MiB,
      retries: 0,
      sockets: 2,
      signal: abort.signal,
      ...options,
    });
    const started = performance.now();
    try {
      const reply = await c.send({ method: 'GET', target: '/api/v1/matrix/' }).catch((e: unknown) => e);
      return { reply, seconds: (performance.now() - started) / 1000 };
    } finally {
      c.close();
    }
  }

  it('an endless body: cut off past the size cap, one line, not read on', async () => {
    // Without the cap the client would read all 512 MiB and then wait for an end that never comes.
    const m = await endlessBody(512 * MiB);
    const { reply } = await ask(m, { timeoutMs: 10_000 });
    expect(reply).toBeInstanceOf(NetworkError);
    expect((reply as Error).message).toBe(
      `answer too large: ${new URL(m.url).host} sent more than the ${MiB} bytes of body accepted; stopped reading`,
    );
    expect(m.sent()).toBeLessThan(MiB + IN_FLIGHT);
  });

  it('an answer announcing a huge Content-Length: refused before its body is read', async () => {
    const m = await announcesHuge(10 * 1024 * MiB);
    const { reply } = await ask(m, { timeoutMs: 10_000 });
    expect((reply as Error).message).toBe(
      `answer too large: ${new URL(m.url).host} announced ${10 * 1024 * MiB} bytes of body, more than the ${MiB} accepted; not read`,
    );
  });

  // A trickle of a byte every 20 ms never leaves the socket idle; the answer would end after
  // 1,500 bytes, 30 s: a client without a timeout of its own gets it, late, and fails the test.
  it('a tarpit that trickles: the timeout ends it, one line', async () => {
    const m = await trickle(20, 1500);
    const { reply, seconds } = await ask(m, { timeoutMs: 300 });
    expect((reply as Error).message).toBe(`timeout: no answer from ${new URL(m.url).host} within 300 ms`);
    expect(seconds).toBeLessThan(20);
    expect(m.sent()).toBeLessThan(1500);
  });

  it('a tarpit that stays silent: the timeout ends it, one line', async () => {
    const m = await silent();
    const { reply } = await ask(m, { timeoutMs: 300 });
    expect((reply as Error).message).toBe(`timeout: no answer from ${new URL(m.url).host} within 300 ms`);
  });

  // AbortSignal.timeout inside AbortSignal.any does not fire on Node 20 under heavy allocation
  // (nodejs/node#57736): the client's timer is its own.
  it('the timeout fires while the process allocates heavily', async () => {
    const m = await trickle(20, 1500);
    let churning = true;
    let kept: unknown[] = [];
    const churn = () => {
      if (!churning) return;
      for (let i = 0; i < 2000; i++) kept.push({ i, s: `x${i}`, a: new Array(16).fill(i) });
      if (kept.length > 200_000) kept = [];
      setImmediate(churn);
    };
    churn();
    try {
      const { reply, seconds } = await ask(m, { timeoutMs: 300 });
      expect((reply as Error).message).toBe(`timeout: no answer from ${new URL(m.url).host} within 300 ms`);
      expect(seconds).toBeLessThan(20);
    } finally {
      churning = false;
    }
  });

  it("the caller's signal stops a request at once, and it is no network failure", async () => {
    const m = await silent();
    mirrors.push(m);
    const abort = new AbortController();
    const c = client(new URL(m.url), {
      timeoutMs: 60_000,
      maxBytes: MiB,
      retries: 0,
      sockets: 1,
      signal: abort.signal,
    });
    const pending = c.send({ method: 'GET', target: '/' }).catch((e: unknown) => e);
    // Aborted once the mirror holds the connection.
    await waitFor(() => m.connections() > 0);
    abort.abort();
    const reply = await pending;
    c.close();
    expect(reply).toBeInstanceOf(Error);
    expect(reply).not.toBeInstanceOf(NetworkError);
    expect((reply as Error).name).toBe('AbortError');
  });
});

async function waitFor(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}
