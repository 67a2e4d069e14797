/**
 * The CLI's options and output for scripts, in-process: every invalid option stops the build
 * before any work — proved by giving a dump that does not exist and getting the option's error,
 * not the dump's — with the valid values (read from the tables that define them) in the message;
 * every error has one prefix; `--version`, `--json` and `--quiet`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FORMAT_NAMES } from '../src/api/formats.js';
import { PREBUILT_FILTERS, RESOURCES } from '../src/api/resources.js';
import { HOST_TARGETS } from '../src/targets/registry.js';
import { hashTree } from './support/files.js';
import { runMain } from './support/cli.js';
import { PROJECT_ROOT } from './support/requirements.js';
import { tempDirSync } from './support/scratch.js';
import { SAMPLE } from './support/site.js';

const root = tempDirSync('cli');
const MISSING = join(root, 'no-such-dump');
const OUT = join(root, 'dist');

const lists = RESOURCES.flatMap((r) => (r.kind === 'list' ? [r] : []));
const orderFields = [...new Set(lists.flatMap((r) => [...r.orders]))];
const filterKeys = PREBUILT_FILTERS.map((f) => f.key);

describe('every invalid build option stops before the dump is read', () => {
  it('control: with valid options, the missing dump is what fails', async () => {
    const r = await runMain(['build', MISSING, '--out', OUT, '--base-url', 'https://jaspar.example.org']);
    expect(r).toEqual({ code: 1, stdout: '', stderr: `jaspar-static: error: ${MISSING}: dump not found\n` });
  });

  const cases: [string, string[], string[]][] = [
    [
      '--base-url without scheme',
      ['--base-url', 'jaspar.example.org'],
      ['--base-url "jaspar.example.org": not an absolute http(s) URL; did you mean https://jaspar.example.org?'],
    ],
    [
      '--base-url not a URL',
      ['--base-url', 'notaurl'],
      ['--base-url "notaurl": not an absolute http(s) URL, e.g. https://jaspar.example.org'],
    ],
    ['--base-url ftp', ['-b', 'ftp://x'], ['--base-url "ftp://x": the scheme must be http or https, not ftp']],
    ['--formats', ['--formats', 'json,jsn'], ['unknown format "jsn"', `valid: ${FORMAT_NAMES.join(', ')}, or all`]],
    ['--targets', ['--targets', 'netlfy'], ['unknown target "netlfy"', `valid: ${HOST_TARGETS.join(', ')}, or all`]],
    [
      '--orders',
      ['--orders', 'nmae'],
      ['unknown order field "nmae"', `valid: ${orderFields.join(', ')}, or all, or none`],
    ],
    [
      '--filters',
      ['--filters', 'collection,tf_class'],
      ['unknown filter "tf_class"', `valid: ${filterKeys.join(', ')}, or all, or none`],
    ],
    ['--page-sizes', ['--page-sizes', '10,abc'], ['"abc" is not a page size; valid: whole numbers from 1']],
    ['--release', ['--release', '18'], ['--release "18": not a release year; give four digits, e.g. 2020']],
    ['--release-name', ['--release-name', 'JASPAR 2020'], ['release names use only A-Z a-z 0-9 . _ -']],
    ['--progress-interval', ['--progress-interval', 'soon'], ['not a number of seconds']],
  ];
  for (const [what, args, parts] of cases) {
    it(`${what}: exit 1, one error line naming the valid values, nothing written`, async () => {
      const r = await runMain(['build', MISSING, '--out', OUT, ...args]);
      expect(r.code).toBe(1);
      expect(r.stdout).toBe('');
      expect(r.stderr.split('\n')).toHaveLength(2);
      expect(r.stderr).toMatch(/^jaspar-static: error: --[a-z-]+ "/);
      for (const part of parts) expect(r.stderr).toContain(part);
      expect(r.stderr).not.toContain('dump not found');
      expect(existsSync(OUT)).toBe(false);
    });
  }

  it('the valid values name every host target, order field and filter of the tables', () => {
    expect(HOST_TARGETS).toContain('netlify');
    expect(orderFields).toEqual(expect.arrayContaining(['name', 'version', 'log_p_1st_order']));
    expect(filterKeys).toEqual(expect.arrayContaining(['collection', 'tax_group', 'tax_id', 'version']));
  });

  it('an output folder that holds the dump is refused before anything is read or replaced', async () => {
    const r = await runMain(['build', SAMPLE, '--out', join(SAMPLE, '..')]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      `jaspar-static: error: --out "${join(SAMPLE, '..')}": the dump ${SAMPLE} is inside it; the build replaces its folder whole, so it never builds there, even with --force\n`,
    );
  });
});

describe('one error prefix for every error', () => {
  it.each([
    [['build', '--nope'], "jaspar-static: error: unknown option '--nope'"],
    [['build', 'a', 'b'], 'jaspar-static: error: a: dump not found'],
    [['bulid'], "jaspar-static: error: unknown command 'bulid'"],
    [['serve', '--port', 'x'], 'jaspar-static: error: --port "x": not a port'],
    [['inspect', '--release', '99'], 'jaspar-static: error: --release "99": not a release year'],
    [
      ['fetch', '2020', '--url', 'example.org/x.sql.gz'],
      'jaspar-static: error: --url "example.org/x.sql.gz": not an absolute http(s) URL',
    ],
  ])('%j', async (args, start) => {
    const r = await runMain(args);
    expect(r.code).not.toBe(0);
    expect(r.stderr.startsWith(start), r.stderr).toBe(true);
  });
});

describe('output for scripts', () => {
  const small = [
    '--formats',
    'json',
    '--page-sizes',
    'none',
    '--orders',
    'none',
    '--filters',
    'none',
    '--targets',
    'nginx',
  ];

  it('--version prints the version of package.json', async () => {
    const { version } = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { version: string };
    expect(await runMain(['--version'])).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
  });

  it('--json: stdout is one JSON summary holding the counts, and nothing else', async () => {
    const out = join(root, 'json-site');
    const r = await runMain(['build', SAMPLE, '--out', out, '--release', '2016', ...small, '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.endsWith('\n') && r.stdout.trim().split('\n')).toHaveLength(1);
    const summary = JSON.parse(r.stdout) as Record<string, unknown>;
    expect(summary).toMatchObject({
      generator: 'jaspar-static',
      out,
      shape: 'flat-file tables',
      release: 'JASPAR2016',
      year: 2016,
      yearFrom: 'option',
      matrices: 34,
      tffms: 23,
    });
    expect(summary.files).toBe((await hashTree(out)).size);
    expect(summary.warnings).toEqual([
      expect.objectContaining({
        message: 'TFFM TFFM0007.1 points at matrix MA0999.1, which is not in the release',
        line: 20,
      }),
    ]);
  });

  it('--quiet: nothing printed, the site built', async () => {
    const out = join(root, 'quiet-site');
    expect(await runMain(['build', SAMPLE, '--out', out, ...small, '--quiet'])).toEqual({
      code: 0,
      stdout: '',
      stderr: '',
    });
    expect(existsSync(join(out, 'jaspar-static.json'))).toBe(true);
  });

  it('text: what was read (release and where its year came from) before what was written', async () => {
    const out = join(root, 'text-site');
    const r = await runMain(['build', SAMPLE, '--out', out, ...small]);
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toMatch(
      /^read flat-file tables: sample \(year unknown: no JASPAR<year> in the dump's name and no RELEASE table; --release sets it\), 34 matrices, 23 TFFMs in [\d.]+ s$/,
    );
    expect(lines[1]).toBe('1 warning(s):');
    expect(lines[3]).toMatch(/^wrote [\d,]+ files, [\d.]+ MB to .* in [\d.]+ s/);
    expect(lines[4]).toMatch(/^[\d,]+ files changed \([\d,]+ added, 0 modified, 0 removed\), 0 unchanged$/);
  });
});
