/**
 * The Accept patterns (read by JavaScript as Apache's PCRE reads them: case-insensitively)
 * against the runtime's negotiation, on real browser and client headers and thousands of
 * generated ones mixing levels, parameters, q-values, spacing and case.
 */
import { describe, expect, it } from 'vitest';
import type { FormatName } from '../../api/formats.js';
import { negotiate } from '../../runtime/negotiate.js';
import { negotiationSteps } from './accept.js';

const MATRIX: FormatName[] = ['json', 'jsonp', 'yaml', 'jaspar', 'transfac', 'pfm', 'meme', 'bed', 'api'];
const DATA: FormatName[] = ['json', 'jsonp', 'yaml', 'api'];

function byPatterns(accept: string | null, candidates: readonly FormatName[]): FormatName | null {
  for (const step of negotiationSteps(candidates))
    if (new RegExp(step.pattern, 'i').test(accept ?? '')) return step.format;
  return null;
}

const REAL = [
  null,
  '',
  '   ',
  '*/*',
  'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8',
  'application/json',
  'application/json, text/plain, */*',
  'text/meme',
  'text/jaspar',
  'application/yaml',
  'text/*',
  'image/png',
  'text/html;q=0, */*',
  'application/json;charset=utf-8, text/meme',
  'TEXT/MEME',
  'text/meme;q=0.1, application/json;q=1',
  '*/meme',
  '*',
  'text/bed',
];

const TYPES = [
  'application/json',
  'application/javascript',
  'application/yaml',
  'text/jaspar',
  'text/meme',
  'text/bed',
  'text/html',
  'text/plain',
  'image/png',
  'text/*',
  'application/*',
  '*/*',
  '*/meme',
  '*',
  'TEXT/Meme',
  'text/memex',
  'text /meme',
  '',
];
const PARAMS = [
  '',
  ';q=0.5',
  '; q = 0',
  ';Q=1',
  ';charset=utf-8',
  ';qq=1',
  ';q x=1',
  ';',
  ';=x',
  '; =x',
  ';q=1;level=2',
  ';q=a=b',
  ';  ',
];
const SPACES = ['', ' ', '  ', '\t'];

function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function generated(n: number): string[] {
  const next = random(406);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!;
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const entries = Array.from(
      { length: 1 + Math.floor(next() * 4) },
      () => `${pick(SPACES)}${pick(TYPES)}${pick(SPACES)}${pick(PARAMS)}${pick(SPACES)}`,
    );
    out.push(entries.join(','));
  }
  return out;
}

describe('Accept negotiation as patterns', () => {
  it.each(REAL.map((h) => [h]))('%j picks what DRF picks', (header) => {
    expect(byPatterns(header, MATRIX)).toBe(negotiate(header, MATRIX));
    expect(byPatterns(header, DATA)).toBe(negotiate(header, DATA));
  });

  it('agrees with the runtime on 5,000 generated headers', () => {
    const differences: string[] = [];
    const picked = new Set<string>();
    for (const header of generated(5000)) {
      for (const candidates of [MATRIX, DATA]) {
        const want = negotiate(header, candidates);
        picked.add(String(want));
        const got = byPatterns(header, candidates);
        if (got !== want) differences.push(`${JSON.stringify(header)}: ${got} instead of ${want}`);
      }
    }
    expect(differences.slice(0, 10), `${differences.length} difference(s)`).toEqual([]);
    // Every renderer, and 406, is somebody's answer.
    expect([...picked].sort()).toEqual(['api', 'bed', 'jaspar', 'json', 'jsonp', 'meme', 'null', 'yaml']);
  });

  it('uses no space inside a pattern (Apache reads them unquoted)', () => {
    for (const step of negotiationSteps(MATRIX)) expect(step.pattern).not.toMatch(/\s/);
  });
});
