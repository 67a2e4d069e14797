import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createContext, runInContext, Script } from 'node:vm';
import { afterAll, describe, expect, it } from 'vitest';
import { bannedBuiltins, bundle, bundleFile, bundleShortened } from './bundle.js';

const dir = mkdtempSync(join(tmpdir(), 'jaspar-bundle-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Bundle a one-file module for the restricted platform (njs, CloudFront). */
function restricted(name: string, source: string): string {
  const file = join(dir, `${name}.ts`);
  writeFileSync(file, source);
  return bundleFile(file, { platform: 'restricted', footer: '' });
}

describe('bundles for njs 0.7 and CloudFront Functions', () => {
  it.each([
    ['destructuring', 'export const f = (o: { a: number }) => { const { a } = o; return a; };'],
    ['for-of', 'export function f(xs: number[]) { let s = 0; for (const x of xs) s += x; return s; }'],
    ['default parameters', 'export const f = (a = 1) => a;'],
    ['array spread', 'export const f = (a: number[]) => [...a, 1];'],
    ['classes', 'export class A { x = 1 }'],
    ['generators', 'export function* g() { yield 1; }'],
  ])('refuses %s', (name, source) => {
    expect(() => restricted(name.replace(/\W/g, '-'), source)).toThrow(/not supported/);
  });

  it.each([
    ['Map', 'export const m = new Map<string, number>();', 'Map'],
    ['Set', 'export const s = new Set([1]);', 'Set'],
    ['Array.from', 'export const a = Array.from("ab");', 'Array.from'],
    ['Object.fromEntries', 'export const o = Object.fromEntries([["a", 1]]);', 'Object.fromEntries'],
    ['.at()', 'export const l = (a: number[]) => a.at(-1);', '.at()'],
    ['.flatMap()', 'export const l = (a: number[][]) => a.flatMap((x) => x);', '.flatMap()/.flat()'],
    ['a u-flag regex', 'export const r = /\\p{L}/u;', 'a regular expression with the u or s flag'],
    ['an s-flag regex', 'export const r = /a.b/s;', 'a regular expression with the u or s flag'],
  ])('refuses %s', (name, source, banned) => {
    expect(() => restricted(`builtin-${name.replace(/\W/g, '-')}`, source)).toThrow(banned);
  });

  it('lowers what njs lacks but can do otherwise (??, ?., catch without binding)', () => {
    const code = restricted(
      'lowered',
      'export const f = (o?: { a?: number }) => { try { return o?.a ?? 1; } catch { return 0; } };',
    );
    expect(code).not.toMatch(/\?\?|\?\.|catch\s*\{/);
  });

  it('scans text for banned built-ins without mistaking strings or properties for them', () => {
    expect(bannedBuiltins('var a="Map";x.Set=1;')).toEqual([]);
    expect(bannedBuiltins('var a=new Map;')).toEqual(['Map']);
  });
});

describe('host bundles', () => {
  // The entries the adapters ship on the restricted platform (src/hosts/nginx/, src/hosts/cloudfront/).
  it.each(['nginx', 'cloudfront'])('the %s entry keeps to the restrictions', (entry) => {
    expect(bundle({ entry, platform: 'restricted', footer: '' })).toMatch(/^"use strict";var jaspar=/);
  });

  it('the CloudFront entry exports nothing and hands its handler factory to the footer on the global object', () => {
    const code = bundle({ entry: 'cloudfront', platform: 'restricted', footer: '' });
    const context = createContext({});
    new Script(code).runInContext(context);
    expect(runInContext('typeof jaspar + " " + typeof globalThis.jasparCloudfront', context)).toBe(
      'undefined function',
    );
  });

  it('are the same bytes every time', () => {
    const req = { entry: 'cloudfront', platform: 'restricted' as const, footer: '' };
    expect(bundle(req)).toBe(bundle(req));
  });

  it('name the entry they cannot find', () => {
    expect(() => bundle({ entry: 'nowhere', platform: 'modern', footer: '' })).toThrow(/no host entry nowhere/);
  });
});

describe('bundles with shortened property names', () => {
  const req = {
    entry: 'cloudfront',
    platform: 'restricted',
    footer: (short: { readonly [name: string]: string }) => `// ${JSON.stringify(short)}`,
  } as const;

  it('hands the footer the short name the code reads for each name, and keeps the kept ones', () => {
    const code = bundleShortened(req, ['resources', 'errors'], ['headers', 'statusCode']);
    const short = JSON.parse(code.slice(code.lastIndexOf('// ') + 3)) as { [name: string]: string };
    expect(Object.keys(short)).toEqual(['resources', 'errors']);
    expect(short.resources).not.toBe(short.errors);
    expect(code).toContain(`.${short.resources}`);
    expect(code).not.toMatch(/\.resources\b|\berrors:/);
    expect(code).toMatch(/\bstatusCode:/);
  });

  it('refuses a name it cannot shorten: kept, or never read', () => {
    expect(() => bundleShortened(req, ['headers'], ['headers'])).toThrow(/cannot shorten headers/);
    expect(() => bundleShortened(req, ['neverRead'], [])).toThrow(/cannot shorten neverRead/);
    expect(() => bundleShortened(req, [], ['not-a-name'])).toThrow(/not a property name/);
  });
});
