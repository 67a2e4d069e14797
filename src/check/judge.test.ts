import { describe, expect, it } from 'vitest';
import { NOT_PREBUILT } from '../api/errors.js';
import { judgeCompute, judgeRules } from './judge.js';
import type { ClientRequest, Reply } from './types.js';

const HEADERS = { 'x-content-type-options': 'nosniff', 'access-control-allow-origin': '*', vary: 'Accept' };
const reply = (status: number, type: string | null, body: string, headers = HEADERS): Reply => ({
  status,
  contentType: type,
  body: Buffer.from(body),
  headers,
});
const req: ClientRequest = { method: 'GET', target: '/api/v1/matrix/?page=2' };
const page = reply(200, 'application/json', '{"count":3,"results":[2]}');
const never = () => Promise.reject(new Error('not asked'));

describe('judgeCompute', () => {
  it('identical only with the same status, type, bytes and headers', () => {
    expect(judgeCompute(req, page, page)).toEqual({ verdict: 'identical' });
  });

  it('names the first difference: status, type, bytes, a header, a server error', () => {
    const kind = (got: Reply) => {
      const o = judgeCompute(req, page, got);
      return o.verdict === 'failed' ? [o.failure.kind, o.failure.detail] : o.verdict;
    };
    expect(kind(reply(404, 'application/json', '{}'))).toEqual(['wrong status', 'status 404, expected 200']);
    expect(kind(reply(200, null, '{"count":3,"results":[2]}'))).toEqual([
      'wrong type',
      'Content-Type none, expected application/json',
    ]);
    expect(kind(reply(200, 'application/json', '{"count":3,"results":[1]}'))).toEqual([
      'wrong bytes',
      '25 bytes, expected 25; first difference at byte 22',
    ]);
    expect(kind({ ...page, headers: { vary: 'Accept' } })).toEqual([
      'missing header',
      'x-content-type-options: expected "nosniff", got none',
    ]);
    expect(kind(reply(502, 'text/html', 'bad gateway'))).toEqual([
      'unreachable',
      'server error 502 where 200 is expected',
    ]);
  });
});

describe('judgeRules', () => {
  const traits = { negotiates: true } as const;

  it('a refusal naming the compute hosts where the reference computes a page', async () => {
    const refusal = reply(404, 'application/json', NOT_PREBUILT.body);
    expect(await judgeRules(req, page, refusal, never, traits)).toEqual({ verdict: 'refused' });
  });

  it('a refusal of a page the site has prebuilt is a failure: the host lacks its rules', async () => {
    const refusal = reply(404, 'application/json', NOT_PREBUILT.body);
    const prebuilt = new Set([req.target]);
    const o = await judgeRules(req, page, refusal, never, { ...traits, prebuilt });
    expect(o.verdict === 'failed' && [o.failure.kind, o.failure.detail]).toEqual([
      'wrong status',
      'refused, but the site has this page prebuilt (every host of the rules tier serves it): status 404, expected 200',
    ]);
    // Asked with Accept, the page may be one the host cannot negotiate: a refusal stays allowed.
    const accepted = { ...req, accept: 'text/meme' };
    expect(await judgeRules(accepted, page, refusal, never, { ...traits, prebuilt })).toEqual({ verdict: 'refused' });
  });

  it('another list is a failure, whatever its status', async () => {
    const other = reply(200, 'application/json', '{"count":3,"results":[1]}');
    const o = await judgeRules({ method: 'GET', target: '/api/v1/matrix/' }, page, other, never, traits);
    expect(o.verdict).toBe('failed');
  });
});
