import { describe, expect, it } from 'vitest';
import { revalidated, type Revalidation } from './revalidate.js';
import type { ClientRequest, Reply } from './types.js';

const req: ClientRequest = { method: 'GET', target: '/api/v1/matrix/?search=a' };
const reply = (status: number, body: string, headers: Record<string, string> = {}): Reply => ({
  status,
  contentType: status === 200 ? 'application/json' : null,
  body: Buffer.from(body),
  headers,
});
const got = reply(200, '{"count":1}', { etag: '"abc"' });

/** A mirror that answers every request with `answer`, noting the If-None-Match it was asked with. */
function mirror(answer: Reply, asked: string[]) {
  return async (r: ClientRequest) => {
    asked.push(r.headers?.['If-None-Match'] ?? '');
    return answer;
  };
}

describe('revalidation: asked again with the ETag, a mirror answers 304 or the same answer', () => {
  it('takes a 304, or the same 200, as the same answer, asking with the ETag', async () => {
    for (const answer of [reply(304, ''), got]) {
      const asked: string[] = [];
      expect(await revalidated(req, got, mirror(answer, asked), { left: 1 })).toBeNull();
      expect(asked).toEqual(['"abc"']);
    }
  });

  it('fails another answer: other bytes, another status, a 304 with a body', async () => {
    const cases: [Reply, string][] = [
      [reply(200, '{"count":2}'), 'wrong bytes'],
      [reply(412, ''), 'wrong status'],
      [reply(500, '{"detail":"x"}'), 'wrong status'],
      [reply(304, 'body'), 'wrong status'],
    ];
    for (const [answer, kind] of cases) {
      const outcome = await revalidated(req, got, mirror(answer, []), { left: 1 });
      expect(outcome?.verdict, `${answer.status}`).toBe('failed');
      if (outcome?.verdict === 'failed') expect(outcome.failure.kind).toBe(kind);
    }
  });

  it('asks only for API answers with an ETag, within its budget', async () => {
    const asked: string[] = [];
    const budget: Revalidation = { left: 1 };
    const send = mirror(reply(500, ''), asked);
    expect(await revalidated(req, reply(200, 'x'), send, budget)).toBeNull();
    expect(await revalidated({ method: 'GET', target: '/static/x.js' }, got, send, budget)).toBeNull();
    expect(await revalidated({ method: 'HEAD', target: req.target }, got, send, budget)).toBeNull();
    expect(asked).toEqual([]);
    expect((await revalidated(req, got, send, budget))?.verdict).toBe('failed');
    expect(await revalidated(req, got, send, budget)).toBeNull();
    expect(asked).toHaveLength(1);
  });
});
