/**
 * One file per host: a host entry (src/hosts/<host>/entry.ts) and the request runtime it imports,
 * bundled by esbuild into a script the host runs as it is.
 *
 * Two platforms. `restricted` is nginx's njs 0.7 and CloudFront Functions: esbuild refuses the
 * syntax they lack (docs/runtime.md, "Runtime-safe subset") and lowers `??` and `?.`; then the
 * output is scanned for the built-ins they lack. `modern` is Deno (Netlify Edge Functions) and
 * workerd (Cloudflare): ES2022 as it is.
 *
 * The entry is found in the code's folder (src/code-root.ts), `.ts` first (the sources, under vitest) then `.js`
 * (the compiled CLI in lib/). The output depends on nothing but the sources: no paths, no
 * dates, identifiers minified, so the same sources always give the same bytes.
 */
import type { BuildOptions, BuildResult } from 'esbuild';
import { build as buildLater, buildSync } from './esbuild.js';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { CODE_ROOT } from '../../code-root.js';

export type Platform = 'restricted' | 'modern';

/** Syntax njs 0.7 and CloudFront Functions lack: esbuild fails the bundle when the code uses it. */
export const RESTRICTED_SYNTAX: NonNullable<BuildOptions['supported']> = {
  destructuring: false,
  'for-of': false,
  'default-argument': false,
  'array-spread': false,
  class: false,
  generator: false,
  // Not refused but lowered: `catch {}` (ES2019), which esbuild's minifier would otherwise write.
  'optional-catch-binding': false,
  // Regular expressions with these flags become `new RegExp(…, 'u')`, which the scan refuses.
  'regexp-sticky-and-unicode-flags': false,
  'regexp-dot-all-flag': false,
};

/** Built-ins njs 0.7 lacks (tested on Debian bookworm's 0.7.9), as they appear in a bundle. */
export const BANNED_BUILTINS: readonly { readonly name: string; readonly pattern: RegExp }[] = [
  { name: 'Map', pattern: /(?<![\w$.'"])Map\b(?!['"])/ },
  { name: 'Set', pattern: /(?<![\w$.'"])Set\b(?!['"])/ },
  { name: 'WeakMap/WeakSet', pattern: /\bWeak(?:Map|Set)\b/ },
  { name: 'Array.from', pattern: /\bArray\.from\b/ },
  { name: 'Object.fromEntries', pattern: /\bObject\.fromEntries\b/ },
  { name: '.at()', pattern: /\.at\(/ },
  { name: '.findLast()/.findLastIndex()', pattern: /\.findLast(?:Index)?\(/ },
  { name: '.flatMap()/.flat()', pattern: /\.flat(?:Map)?\(/ },
  { name: '.replaceAll()', pattern: /\.replaceAll\(/ },
  { name: 'a regular expression with the u or s flag', pattern: /new RegExp\([^)]*,\s*["'`][a-z]*[us][a-z]*["'`]\)/ },
];

/** The banned built-ins a restricted bundle uses (empty when it is fine). */
export function bannedBuiltins(code: string): string[] {
  return BANNED_BUILTINS.filter((b) => b.pattern.test(code)).map((b) => b.name);
}

/** The name of the global object the bundle assigns the entry's exports to. */
export const BUNDLE_GLOBAL = 'jaspar';

export interface BundleRequest {
  /** The host whose entry is bundled: its folder in src/hosts/, holding `entry.ts` (e.g. `nginx`). */
  readonly entry: string;
  readonly platform: Platform;
  /** Source before the bundle (e.g. njs's `import fs from 'fs';`). */
  readonly banner?: string;
  /** Source after the bundle: the host's exports, reading {@link BUNDLE_GLOBAL}. */
  readonly footer: string;
}

/** The entry's file in the code's folder (or another module of the host's folder): the TypeScript source, else its compiled form. */
export function entryFile(entry: string, name = 'entry'): string {
  const dir = join(CODE_ROOT, 'hosts', entry);
  for (const ext of ['.ts', '.js']) {
    const file = join(dir, `${name}${ext}`);
    if (existsSync(file)) return file;
  }
  throw new Error(`no host entry ${entry} in ${dir}`);
}

/** Bundle one host entry; throws when the code is not fit for the platform. */
export function bundle(req: BundleRequest): string {
  return bundleFile(entryFile(req.entry), req);
}

/** A bundle whose footer is written once the short names are known: each property name's short one. */
export type ShortenedBundle = Omit<BundleRequest, 'footer'> & {
  readonly footer: (short: { readonly [name: string]: string }) => string;
};

/**
 * Bundle one host entry with every property name shortened (esbuild's `mangleProps`) but the
 * `kept` ones, the names of objects made outside the bundle (the host's request and answer, the
 * built-ins' members), for code whose bytes count (the CloudFront function). Its footer receives
 * the short name of each of `names`, to write data the code reads with them. Throws when one of
 * `names` has none (it is kept, or the code never reads it): data and code would disagree.
 */
export function bundleShortened(req: ShortenedBundle, names: readonly string[], kept: readonly string[]): string {
  const { code, mangleCache } = build(entryFile(req.entry), req, shortening(kept));
  const short: { [name: string]: string } = {};
  for (const n of names) {
    const s = mangleCache?.[n];
    if (typeof s !== 'string') throw new Error(`the ${req.entry} bundle cannot shorten ${n}: kept, or never read`);
    short[n] = s;
  }
  return wrap(code, req.banner, req.footer(short));
}

/** esbuild's options that shorten every property name but `kept`. */
function shortening(kept: readonly string[]): BuildOptions {
  for (const n of kept) if (!/^[A-Za-z_$][\w$]*$/.test(n)) throw new Error(`${n} is not a property name`);
  return {
    mangleProps: /./,
    reserveProps: new RegExp(`^(?:${kept.join('|').replace(/\$/g, '\\$')})$`),
    mangleCache: {},
  };
}

/** What {@link bundle} makes for a host entry (`name`: another module of its folder), for {@link bundleSoon}. */
export const entrySource = (entry: string, platform: Platform, name?: string): BundleSource => ({
  file: entryFile(entry, name),
  platform,
});

/** What {@link bundleShortened} makes for a host entry with `kept` names, for {@link bundleSoon}. */
export const shortenedSource = (entry: string, platform: Platform, kept: readonly string[]): BundleSource => ({
  file: entryFile(entry),
  platform,
  extra: shortening(kept),
});

/** Bundle the module `file` as {@link bundle} bundles an entry (`req.entry` names it in errors). */
export function bundleFile(file: string, req: Omit<BundleRequest, 'entry'> & { readonly entry?: string }): string {
  return wrap(build(file, req).code, req.banner, req.footer);
}

function wrap(code: string, banner: string | undefined, footer: string): string {
  return `${banner ? `${banner.trimEnd()}\n` : ''}${code}\n${footer.trimEnd()}\n`;
}

type Built = { readonly code: string; readonly mangleCache: BuildResult['mangleCache'] };

/**
 * Bundles made in this process, by what they are made of (the entry, the platform, the extra
 * options): a bundle depends on nothing but the sources, which do not change while a process
 * runs, and a build asks for each more than once (its file estimate, then its host files; a
 * site of several releases, the site script for each).
 */
const made = new Map<string, Built>();

/** What an esbuild bundle is made of, as {@link made} knows it. */
export interface BundleSource {
  readonly file: string;
  readonly platform: Platform;
  /** Options added (property renaming). */
  readonly extra?: BuildOptions;
}

const keyOf = (file: string, platform: Platform, extra: BuildOptions) =>
  JSON.stringify([file, platform, extra], (_, v: unknown) => (v instanceof RegExp ? String(v) : v));

/** esbuild's bundle of `file`, checked for the platform; `extra` adds options (property renaming). */
function build(
  file: string,
  req: { readonly platform: Platform; readonly entry?: string },
  extra: BuildOptions = {},
): Built {
  const key = keyOf(file, req.platform, extra);
  let built = made.get(key);
  if (built === undefined) {
    const result = buildSync(optionsOf(file, req.platform, extra));
    made.set(key, (built = checked(result, file, req)));
  }
  return built;
}

/** Bundles asked for ahead ({@link bundleSoon}) and not made yet. */
const coming = new Map<string, Promise<void>>();

/**
 * Starts making `sources` in esbuild's own process while this one goes on (a build reads its
 * dump meanwhile); a later {@link bundle} of one finds it made once {@link bundlesMade} has
 * resolved. A bundle that fails here is made again when asked for, and fails there with its
 * error: nothing is reported from here.
 */
export function bundleSoon(sources: readonly BundleSource[]): void {
  for (const { file, platform, extra = {} } of sources) {
    const key = keyOf(file, platform, extra);
    if (made.has(key) || coming.has(key)) continue;
    const done = buildLater(optionsOf(file, platform, extra))
      .then((result) => {
        if (!made.has(key)) made.set(key, checked(result, file, { platform }));
      })
      .catch(() => {})
      .finally(() => coming.delete(key));
    coming.set(key, done);
  }
}

/** Resolves once every bundle asked for ahead is made (or failed, to be made again when asked for). */
export async function bundlesMade(): Promise<void> {
  await Promise.all(coming.values());
}

function optionsOf(file: string, platform: Platform, extra: BuildOptions): BuildOptions & { write: false } {
  return {
    ...extra,
    entryPoints: [file],
    absWorkingDir: dirname(file),
    bundle: true,
    write: false,
    format: 'iife',
    globalName: BUNDLE_GLOBAL,
    platform: 'neutral',
    target: platform === 'restricted' ? 'es2019' : 'es2022',
    ...(platform === 'restricted' ? { supported: RESTRICTED_SYNTAX } : {}),
    minify: true,
    legalComments: 'none',
    charset: 'ascii',
    logLevel: 'silent',
  };
}

/** The bundle esbuild made, checked for the platform; throws when the code is not fit for it. */
function checked(
  result: BuildResult<{ write: false }>,
  file: string,
  req: { readonly platform: Platform; readonly entry?: string },
): Built {
  const name = req.entry ?? file;
  const out = result.outputFiles[0];
  if (out === undefined) throw new Error(`esbuild wrote nothing for ${name}`);
  const code = out.text.trimEnd();
  if (req.platform === 'restricted') {
    const banned = bannedBuiltins(code);
    if (banned.length)
      throw new Error(`the ${name} bundle uses what njs 0.7 and CloudFront Functions lack: ${banned.join(', ')}`);
  }
  return { code, mangleCache: result.mangleCache };
}
