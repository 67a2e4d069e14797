import { describe, expect, it } from 'vitest';
import { toYaml } from './yaml.js';
import { yamlWord } from './yaml-resolve.js';

/** What the full emitter (checked against PyYAML in yaml.pyyaml.test.ts) writes for a mapping value. */
const emitted = (s: string): string => toYaml({ k: s }).slice('k: '.length, -1);

/** A deterministic stream of printable ASCII words, URL-like and not. */
function* words(): Generator<string> {
  const alphabet = 'abcXYZ019:/?&=%+-_.~#,[]{}&*!|>\'"@`';
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
  for (let i = 0; i < 4000; i++) {
    let s = '';
    const len = 1 + (next() % 12);
    for (let j = 0; j < len; j++) s += alphabet[next() % alphabet.length];
    yield s;
  }
  yield* [
    'null',
    'Null',
    'yes',
    'No',
    'true',
    '~',
    '1.0',
    '12',
    '0x1F',
    '1_000',
    '2001-01-01',
    '---a',
    '...',
    '-',
    '?',
    ':',
    'a:',
    '-a',
    '?a',
    '=',
    '<<',
  ];
  yield* ['https://jaspar.example.org/api/v1/matrix/?format=yaml&page=2&page_size=1000&search=a+b%2Fc'];
}

describe('yamlWord writes a printable ASCII word as PyYAML does', () => {
  it('agrees with the full emitter on every generated word', () => {
    for (const s of words()) expect(yamlWord(s), JSON.stringify(s)).toBe(emitted(s));
  });
});
