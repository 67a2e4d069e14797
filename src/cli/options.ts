/**
 * Parsers for command-line values. Each checks its value against the table that defines it and
 * throws a UserError naming the option, the value and the valid values, so a bad option stops
 * the CLI while commander parses, before any work (reading the dump included) starts.
 */
import { UserError } from '../errors.js';
import { isSafeSegment } from '../segments.js';
import type { ForRelease } from '../site/release-about.js';

/** `--flag "value": problem` — the one shape of an option error. */
export function optionError(flag: string, value: string, problem: string): UserError {
  return new UserError(`${flag} "${value}": ${problem}`);
}

const splitList = (value: string): string[] =>
  value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** An absolute http(s) address that can start every link of the site (no query, fragment or credentials). */
export function httpUrl(flag: string) {
  return (value: string): string => {
    const example = 'e.g. https://jaspar.example.org';
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      const hint = /^[\w.-]+\.[a-z]{2,}(:\d+)?(\/.*)?$/i.test(value)
        ? `; did you mean https://${value}?`
        : `, ${example}`;
      throw optionError(flag, value, `not an absolute http(s) URL${hint}`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw optionError(
        flag,
        value,
        `the scheme must be http or https, not ${url.protocol.replace(/:$/, '')} (${example})`,
      );
    }
    // `new URL('http:example.org')` is accepted by the WHATWG parser; insist on the `//` form.
    if (!/^https?:\/\/[^/?#]/i.test(value)) throw optionError(flag, value, `not an absolute http(s) URL, ${example}`);
    if (url.search || url.hash || value.includes('#'))
      throw optionError(flag, value, 'a query or fragment would end up in every link; give the address without it');
    if (url.username || url.password)
      throw optionError(flag, value, 'credentials would be published in every link; give the address without them');
    return value;
  };
}

/** A release year: four digits, 1900–2099. */
export function releaseYear(flag: string) {
  return (value: string): number => {
    if (!/^(19|20)\d\d$/.test(value)) throw optionError(flag, value, 'not a release year; give four digits, e.g. 2020');
    return Number(value);
  };
}

/** A release name: a safe URL segment (it is matched against `?release=` and may become a path prefix). */
export function releaseName(flag: string) {
  return (value: string): string => {
    if (!isSafeSegment(value))
      throw optionError(flag, value, 'release names use only A-Z a-z 0-9 . _ - (e.g. JASPAR2020)');
    return value;
  };
}

const choices = (allowed: readonly string[], extra: readonly string[]) =>
  [...allowed, ...extra.map((e) => `or ${e}`)].join(', ');

/** A comma list of names from `allowed`, or `all`; never empty. */
export function namesFrom<T extends string>(flag: string, allowed: readonly T[], what: string) {
  return (value: string): T[] => {
    if (value.trim() === 'all') return [...allowed];
    const items = splitList(value);
    if (items.length === 0) throw optionError(flag, value, `no ${what} given; valid: ${choices(allowed, ['all'])}`);
    for (const item of items) {
      if (!(allowed as readonly string[]).includes(item))
        throw optionError(flag, value, `unknown ${what} "${item}"; valid: ${choices(allowed, ['all'])}`);
    }
    return [...new Set(items)] as T[];
  };
}

/** A comma list of names from `allowed`, or `all` (null: everything) or `none` (empty). */
export function selectionFrom(flag: string, allowed: readonly string[], what: string) {
  return (value: string): string[] | null => {
    const v = value.trim();
    if (v === 'all') return null;
    if (v === 'none') return [];
    const items = splitList(value);
    if (items.length === 0)
      throw optionError(flag, value, `no ${what} given; valid: ${choices(allowed, ['all', 'none'])}`);
    for (const item of items) {
      if (!allowed.includes(item))
        throw optionError(flag, value, `unknown ${what} "${item}"; valid: ${choices(allowed, ['all', 'none'])}`);
    }
    return [...new Set(items)];
  };
}

/** `page_size` values: distinct whole numbers from 1, or `none`. */
export function pageSizes(flag: string, max: number) {
  return (value: string): number[] => {
    if (value.trim() === 'none') return [];
    const valid = `valid: whole numbers from 1 (above ${max} served as ${max}), comma-separated, or none`;
    const items = splitList(value);
    if (items.length === 0) throw optionError(flag, value, `no page size given; ${valid}`);
    const sizes = items.map((item) => {
      if (!/^\d+$/.test(item) || Number(item) < 1)
        throw optionError(flag, value, `"${item}" is not a page size; ${valid}`);
      return Number(item);
    });
    const repeated = sizes.find((n, i) => sizes.indexOf(n) !== i);
    if (repeated !== undefined) throw optionError(flag, value, `page size ${repeated} is given twice`);
    return sizes;
  };
}

/** A TCP port, 0–65535 (0: any free port). */
export function port(flag: string) {
  return (value: string): number => {
    if (!/^\d+$/.test(value) || Number(value) > 65535)
      throw optionError(flag, value, 'not a port; valid: whole numbers 0–65535');
    return Number(value);
  };
}

/** A whole number, at least `min`. */
export function count(flag: string, min: number) {
  return (value: string): number => {
    if (!/^\d+$/.test(value) || Number(value) < min || !Number.isSafeInteger(Number(value)))
      throw optionError(flag, value, `not a whole number of at least ${min}`);
    return Number(value);
  };
}

/** A positive number (decimals allowed). */
export function positiveNumber(flag: string) {
  return (value: string): number => {
    const n = Number(value);
    if (!/^\d*\.?\d+$/.test(value) || !(n > 0)) throw optionError(flag, value, 'not a positive number, e.g. 10 or 0.5');
    return n;
  };
}

/** A positive number of seconds (decimals allowed). */
export function seconds(flag: string) {
  return (value: string): number => {
    const n = Number(value);
    if (!/^\d*\.?\d+$/.test(value) || !(n > 0))
      throw optionError(flag, value, 'not a number of seconds; give a positive number, e.g. 5 or 0.5');
    return n;
  };
}

/**
 * A per-release value, repeatable: `<value>` for the newest release, `<year>=<value>` for that
 * year's (src/site/release-about.ts); each release given at most once.
 */
export function forRelease<T>(flag: string, parse: (value: string) => T) {
  return (value: string, previous: readonly ForRelease<T>[] | undefined): ForRelease<T>[] => {
    const m = /^((?:19|20)\d\d)=(.*)$/.exec(value);
    const year = m ? Number(m[1]) : null;
    const parsed = parse(m ? m[2]! : value);
    const before = previous ?? [];
    if (before.some((p) => p.year === year)) {
      throw optionError(
        flag,
        value,
        `${year === null ? 'the newest release' : `the release of ${year}`} is given a value twice`,
      );
    }
    return [...before, { year, value: parsed }];
  };
}

/** A PubMed id: a positive whole number (PMID). */
export function pubmedId(flag: string) {
  return (value: string): number => {
    if (!/^[1-9]\d{0,8}$/.test(value))
      throw optionError(
        flag,
        value,
        'not a PubMed id; give its number, e.g. 37962376, or <year>=<id> for one release of several',
      );
    return Number(value);
  };
}
