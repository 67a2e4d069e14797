import { describe, expect, it } from 'vitest';
import { describeNetworkError } from './client.js';

const url = new URL('https://mirror.example.org:8443/');
const err = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('describeNetworkError', () => {
  it('says each failure in one line', () => {
    expect(describeNetworkError(err('ENOTFOUND'), url, 1000)).toBe('DNS name mirror.example.org not resolved');
    expect(describeNetworkError(err('ECONNREFUSED'), url, 1000)).toBe('connection refused by mirror.example.org:8443');
    expect(describeNetworkError(err('CERT_HAS_EXPIRED', 'certificate has expired'), url, 1000)).toBe(
      'TLS error with mirror.example.org:8443: CERT_HAS_EXPIRED certificate has expired',
    );
    const timeout = Object.assign(new Error('t'), { name: 'TimeoutError' });
    expect(describeNetworkError(timeout, url, 250)).toBe(
      'timeout: no answer from mirror.example.org:8443 within 250 ms',
    );
  });
});
