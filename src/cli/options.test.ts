import { describe, expect, it } from 'vitest';
import { UserError } from '../errors.js';
import {
  forRelease,
  httpUrl,
  namesFrom,
  pageSizes,
  port,
  pubmedId,
  releaseName,
  releaseYear,
  seconds,
  selectionFrom,
} from './options.js';

/** The one line the CLI prints for a parser's error. */
function error(parse: () => unknown): string {
  try {
    parse();
  } catch (e) {
    if (e instanceof UserError) return e.format();
    throw e;
  }
  throw new Error('no error');
}

describe('--base-url', () => {
  const parse = httpUrl('--base-url');
  it.each([
    'https://jaspar.example.org',
    'http://127.0.0.1:8080',
    'https://example.org/mirror/',
    'HTTPS://EXAMPLE.ORG',
  ])('accepts %s', (url) => {
    expect(parse(url)).toBe(url);
  });
  it.each([
    ['notaurl', '--base-url "notaurl": not an absolute http(s) URL, e.g. https://jaspar.example.org'],
    [
      'jaspar.example.org',
      '--base-url "jaspar.example.org": not an absolute http(s) URL; did you mean https://jaspar.example.org?',
    ],
    ['ftp://x', '--base-url "ftp://x": the scheme must be http or https, not ftp (e.g. https://jaspar.example.org)'],
    ['http:example.org', '--base-url "http:example.org": not an absolute http(s) URL, e.g. https://jaspar.example.org'],
    ['/api', '--base-url "/api": not an absolute http(s) URL, e.g. https://jaspar.example.org'],
    [
      'https://x.org/?a=1',
      '--base-url "https://x.org/?a=1": a query or fragment would end up in every link; give the address without it',
    ],
    [
      'https://x.org/#top',
      '--base-url "https://x.org/#top": a query or fragment would end up in every link; give the address without it',
    ],
    [
      'https://me:pw@x.org',
      '--base-url "https://me:pw@x.org": credentials would be published in every link; give the address without them',
    ],
  ])('refuses %s', (url, message) => {
    expect(error(() => parse(url))).toBe(message);
  });
});

describe('list options', () => {
  const formats = namesFrom('--formats', ['json', 'yaml', 'meme'] as const, 'format');
  it('accept names from the table (repeats dropped) or all', () => {
    expect(formats('json, meme,json')).toEqual(['json', 'meme']);
    expect(formats('all')).toEqual(['json', 'yaml', 'meme']);
  });
  it('refuse an unknown or empty list, naming the valid values', () => {
    expect(error(() => formats('json,jsn'))).toBe(
      '--formats "json,jsn": unknown format "jsn"; valid: json, yaml, meme, or all',
    );
    expect(error(() => formats(','))).toBe('--formats ",": no format given; valid: json, yaml, meme, or all');
  });
  const orders = selectionFrom('--orders', ['name', 'version'], 'order field');
  it('selections accept all (null), none (empty) and names', () => {
    expect(orders('all')).toBeNull();
    expect(orders('none')).toEqual([]);
    expect(orders('version')).toEqual(['version']);
    expect(error(() => orders('nmae'))).toBe(
      '--orders "nmae": unknown order field "nmae"; valid: name, version, or all, or none',
    );
  });
});

describe('numbers and names', () => {
  it('--page-sizes: distinct whole numbers from 1, or none', () => {
    const parse = pageSizes('--page-sizes', 1000);
    expect(parse('10,100,5000')).toEqual([10, 100, 5000]);
    expect(parse('none')).toEqual([]);
    const valid = 'valid: whole numbers from 1 (above 1000 served as 1000), comma-separated, or none';
    expect(error(() => parse('10,0'))).toBe(`--page-sizes "10,0": "0" is not a page size; ${valid}`);
    expect(error(() => parse('ten'))).toBe(`--page-sizes "ten": "ten" is not a page size; ${valid}`);
    expect(error(() => parse('10,10'))).toBe('--page-sizes "10,10": page size 10 is given twice');
  });
  it('--release: a four-digit year', () => {
    expect(releaseYear('--release')('2020')).toBe(2020);
    expect(error(() => releaseYear('--release')('20'))).toBe(
      '--release "20": not a release year; give four digits, e.g. 2020',
    );
    expect(error(() => releaseYear('--release')('JASPAR2020'))).toBe(
      '--release "JASPAR2020": not a release year; give four digits, e.g. 2020',
    );
  });
  it('--release-name: a safe URL segment', () => {
    expect(releaseName('--release-name')('JASPAR2020-mirror')).toBe('JASPAR2020-mirror');
    expect(error(() => releaseName('--release-name')('JASPAR 2020'))).toBe(
      '--release-name "JASPAR 2020": release names use only A-Z a-z 0-9 . _ - (e.g. JASPAR2020)',
    );
  });
  it('--port and --progress-interval', () => {
    expect(port('--port')('8080')).toBe(8080);
    expect(error(() => port('--port')('80a'))).toBe('--port "80a": not a port; valid: whole numbers 0–65535');
    expect(error(() => port('--port')('70000'))).toBe('--port "70000": not a port; valid: whole numbers 0–65535');
    expect(seconds('--progress-interval')('0.5')).toBe(0.5);
    expect(error(() => seconds('--progress-interval')('0'))).toBe(
      '--progress-interval "0": not a number of seconds; give a positive number, e.g. 5 or 0.5',
    );
  });
});

describe('--release-pubmed and --release-website', () => {
  const pubmed = forRelease('--release-pubmed', pubmedId('--release-pubmed'));
  const website = forRelease('--release-website', httpUrl('--release-website'));
  it('read a value for the newest release, or <year>=<value> for one release, repeatable', () => {
    const first = pubmed('37962376', undefined);
    expect(first).toEqual([{ year: null, value: 37962376 }]);
    expect(pubmed('2016=26531826', first)).toEqual([
      { year: null, value: 37962376 },
      { year: 2016, value: 26531826 },
    ]);
    expect(website('2018=https://jaspar2018.genereg.net', undefined)).toEqual([
      { year: 2018, value: 'https://jaspar2018.genereg.net' },
    ]);
  });
  it.each([
    [
      'abc',
      '--release-pubmed "abc": not a PubMed id; give its number, e.g. 37962376, or <year>=<id> for one release of several',
    ],
    [
      '0',
      '--release-pubmed "0": not a PubMed id; give its number, e.g. 37962376, or <year>=<id> for one release of several',
    ],
    [
      '2016=',
      '--release-pubmed "": not a PubMed id; give its number, e.g. 37962376, or <year>=<id> for one release of several',
    ],
  ])('refuses the PubMed id %s', (value, message) => {
    expect(error(() => pubmed(value, undefined))).toBe(message);
  });
  it('refuses a release given twice, and a website that is no http(s) URL', () => {
    expect(error(() => pubmed('2016=1', pubmed('2016=2', undefined)))).toBe(
      '--release-pubmed "2016=1": the release of 2016 is given a value twice',
    );
    expect(error(() => pubmed('1', pubmed('2', undefined)))).toBe(
      '--release-pubmed "1": the newest release is given a value twice',
    );
    expect(error(() => website('2018=ftp://x', undefined))).toBe(
      '--release-website "ftp://x": the scheme must be http or https, not ftp (e.g. https://jaspar.example.org)',
    );
  });
});
