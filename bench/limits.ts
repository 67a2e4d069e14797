/**
 * Every figure the hosts' documented limits are about (docs/hosting.md, "Platform limits"),
 * measured from built sites: per site the file count, sizes, bundle sizes, rule counts and the
 * parsed runtime data, and each figure scaled to 4,000 matrices. `npm run bench:limits
 * [-- SITE...]` (each SITE with its deploy folder SITE.deploy beside it); default: builds
 * ../shared/releases JASPAR2016 and JASPAR2018, full and compact, into .bench/.
 *
 * Scaling: a figure that grows with the release is taken per matrix in each release of the
 * same kind of build (full or compact) and the larger rate is multiplied by 4,000: linear in
 * matrices, from whichever release grows it faster (JASPAR2016 has fewer matrices but more
 * species and taxa, so more filtered pages, than JASPAR2018). Figures that do not grow with the
 * release (bundles, rule counts: within 10% across the two) are printed as measured.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FORMAT_NAMES } from '../src/api/formats.js';
import { COMPACT_TARGETS } from '../src/targets/registry.js';
import { HOST_TARGETS } from '../src/targets/registry.js';
import { build } from '../src/site/build.js';
import { measureSite, siteName, type Figures } from './limits-measure.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const RELEASES = [
  join(root, '../shared/releases/JASPAR2016'),
  join(root, '../shared/releases/JASPAR2018/JASPAR2018.sql.gz'),
];
const TARGET_MATRICES = 4000;
/** Across releases a figure changing by less than this (relative) does not grow with the release. */
const STEADY = 0.1;

async function defaultSites(work: string): Promise<string[]> {
  const out: string[] = [];
  for (const dump of RELEASES) {
    if (!existsSync(dump)) throw new Error(`${dump} is missing`);
    const name = /JASPAR\d{4}/.exec(dump)![0];
    for (const compact of [false, true]) {
      const dir = join(work, `${name}-${compact ? 'compact' : 'full'}`);
      await build({
        dump,
        baseUrl: 'http://127.0.0.1:8080',
        year: null,
        formats: [...FORMAT_NAMES],
        targets: compact ? [...COMPACT_TARGETS] : [...HOST_TARGETS],
        compact,
        out: dir,
      });
      out.push(dir);
    }
  }
  return out;
}

const fmt = (n: number | null): string => (n === null ? '–' : Math.round(n).toLocaleString('en-US'));

/** The figure at 4,000 matrices for sites of one kind, or the measured maximum when it does not grow. */
function scaled(key: string, sites: Figures[]): number | null {
  const values = sites.map((s) => s[key]).filter((v): v is number => typeof v === 'number');
  if (values.length === 0) return null;
  const max = Math.max(...values);
  const min = Math.min(...values);
  if (values.length < 2 || (max - min) / max < STEADY) return max;
  return (
    Math.max(...sites.map((s) => (typeof s[key] === 'number' ? (s[key] as number) / (s.matrices as number) : 0))) *
    TARGET_MATRICES
  );
}

async function main(): Promise<void> {
  let work: string | null = null;
  let sites = process.argv.slice(2);
  if (sites.length === 0) {
    mkdirSync(join(root, '.bench'), { recursive: true });
    work = mkdtempSync(join(root, '.bench', 'limits-'));
    sites = await defaultSites(work);
  }
  try {
    const measured = sites.map((s) => ({
      name: siteName(s),
      compact: (JSON.parse(readFileSync(join(s, 'jaspar-static.json'), 'utf8')) as { compact: boolean }).compact,
      figures: measureSite(s, `${s}.deploy`),
    }));
    const keys = Object.keys(measured[0]!.figures);
    for (const compact of [false, true]) {
      const group = measured.filter((m) => m.compact === compact);
      if (group.length === 0) continue;
      console.log(`\n${compact ? 'compact' : 'full'} builds`);
      console.log(
        [
          'figure'.padEnd(46),
          ...group.map((g) => g.name.padStart(20)),
          `at ${TARGET_MATRICES} matrices`.padStart(20),
        ].join(' '),
      );
      for (const k of keys) {
        const row = group.map((g) => fmt(g.figures[k] ?? null).padStart(20));
        console.log(
          [
            k.padEnd(46),
            ...row,
            (k === 'matrices'
              ? fmt(TARGET_MATRICES)
              : fmt(
                  scaled(
                    k,
                    group.map((g) => g.figures),
                  ),
                )
            ).padStart(20),
          ].join(' '),
        );
      }
    }
  } finally {
    if (work) rmSync(work, { recursive: true, force: true });
  }
}

await main();
