/**
 * The HTML list page runs on every compute host (nginx's njs 0.7, CloudFront, Workers), so it
 * and everything it imports keep to the runtime-safe subset (docs/runtime.md): esbuild bundles
 * it refusing the syntax the subset bans, and the bundle is scanned for banned built-ins.
 */
import { build } from 'esbuild';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const HERE = dirname(fileURLToPath(import.meta.url));

/** Syntax esbuild must refuse (or, for `??` and `?.`, lower) instead of emitting. */
const UNSUPPORTED = {
  destructuring: false,
  'for-of': false,
  'default-argument': false,
  'array-spread': false,
  'object-rest-spread': false,
  'rest-argument': false,
  class: false,
  generator: false,
  'async-await': false,
  'nullish-coalescing': false,
  'optional-chain': false,
  'regexp-dot-all-flag': false,
  'regexp-sticky-and-unicode-flags': false,
  'regexp-lookbehind-assertions': false,
  'regexp-named-capture-groups': false,
  'regexp-unicode-property-escapes': false,
} as const;

/** Built-ins and helpers the subset bans (esbuild's lowering helpers included). */
const BANNED: readonly [string, RegExp][] = [
  ['Map/Set', /\bnew (Weak)?(Map|Set)\b/],
  ['Array.from', /\bArray\.from\b/],
  ['.at()', /\.at\(/],
  ['.findLast()', /\.findLast(Index)?\(/],
  ['.flatMap()', /\.flatMap\(/],
  ['Object.fromEntries', /\bObject\.fromEntries\b/],
  ['Symbol, Proxy, Reflect', /\b(Symbol|Proxy|Reflect)\b/],
  ['spread or rest helpers', /__(spread|rest|objRest)/],
  ['a regular expression flag lowered to a constructor', /\bnew RegExp\(/],
  ['class', /\bclass\s+[A-Za-z_$]/],
  ['generator', /\bfunction\s*\*/],
];

describe('the HTML list page', () => {
  it('bundles in the runtime-safe subset', async () => {
    const out = await build({
      entryPoints: [join(HERE, 'list-page.ts')],
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'neutral',
      supported: UNSUPPORTED,
      logLevel: 'silent',
    });
    const code = out.outputFiles[0]?.text ?? '';
    expect(code).toContain('function htmlListPage(');
    for (const [what, pattern] of BANNED) expect(code.match(pattern)?.[0], what).toBeUndefined();
  });
});
