import { describe, expect, it } from 'vitest';
import { missingHeader } from './headers.js';
import type { Reply } from './types.js';

const reply = (status: number, headers: Record<string, string>): Reply => ({
  status,
  contentType: 'application/json',
  body: Buffer.alloc(0),
  headers,
});
const api = { method: 'GET', target: '/api/v1/matrix/' };
const full = { 'x-content-type-options': 'nosniff', 'access-control-allow-origin': '*', vary: 'Accept' };

describe('missingHeader', () => {
  it('passes the same headers, and a Vary with more values', () => {
    expect(missingHeader(api, reply(200, full), reply(200, full))).toBeNull();
    expect(missingHeader(api, reply(200, full), reply(200, { ...full, vary: 'Accept-Encoding, accept' }))).toBeNull();
  });

  it('names the first header the mirror lacks or sends without the value', () => {
    const { vary: _, ...noVary } = full;
    expect(missingHeader(api, reply(200, full), reply(200, noVary))).toBe('vary: expected "Accept", got none');
    expect(missingHeader(api, reply(200, full), reply(200, { ...full, 'access-control-allow-origin': 'x' }))).toBe(
      'access-control-allow-origin: expected "*", got "x"',
    );
  });

  it('asks Allow on 405 only, and nothing outside /api', () => {
    const allow = { ...full, allow: 'GET, HEAD, OPTIONS' };
    expect(missingHeader(api, reply(405, allow), reply(405, full))).toBe(
      'allow: expected "GET, HEAD, OPTIONS", got none',
    );
    expect(missingHeader(api, reply(200, allow), reply(200, full))).toBeNull();
    expect(missingHeader({ method: 'GET', target: '/static/x.svg' }, reply(200, full), reply(200, {}))).toBeNull();
  });
});
