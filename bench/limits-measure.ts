/**
 * The figures bench:limits reads from one built site and its deploy folder: what each host's
 * documented limits are about (files, sizes, bundle sizes, rule counts, parsed data).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { deflateRawSync, gzipSync } from 'node:zlib';

/** One figure of one site: a number, or null when the site has no such file (e.g. a compact build's _redirects). */
export type Figures = Record<string, number | null>;

/** Every file below `dir`. */
export function filesIn(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesIn(join(dir, e.name)) : [join(dir, e.name)],
  );
}

/** The largest of many numbers (spread would overflow the stack on 200,000 files). */
const largest = (ns: number[]): number => ns.reduce((a, b) => Math.max(b, a), 0);

const size = (file: string): number | null => (existsSync(file) ? statSync(file).size : null);
const gzipped = (file: string): number | null =>
  existsSync(file) ? gzipSync(readFileSync(file), { level: 9 }).length : null;
/** Rule lines of a rules file: neither blank nor a comment. */
const ruleLines = (file: string): number | null =>
  existsSync(file)
    ? readFileSync(file, 'utf8')
        .split('\n')
        .filter((l) => l.trim() !== '' && !l.trim().startsWith('#')).length
    : null;

/**
 * A zip of `files` as `zip -9` writes it, computed: each entry's deflated bytes plus its local
 * header (30 + name) and central-directory record (46 + name), and the 22-byte end record.
 */
function zipSize(root: string, files: string[]): number {
  let total = 22;
  for (const f of files) {
    const name = Buffer.byteLength(relative(root, f));
    total += Math.min(deflateRawSync(readFileSync(f), { level: 9 }).length, statSync(f).size) + 30 + 46 + 2 * name;
  }
  return total;
}

/** Bytes of V8 heap the parsed `_jaspar` data takes when every file of it is loaded at once. */
function parsedHeap(site: string): number {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('run with node --expose-gc (npm run bench:limits does)');
  gc();
  const before = process.memoryUsage().heapUsed;
  const kept = filesIn(join(site, '_jaspar'))
    .filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(readFileSync(f, 'utf8')) as unknown);
  gc();
  const used = process.memoryUsage().heapUsed - before;
  return kept.length >= 0 ? used : 0;
}

/** The distribution's cache behaviors in a CloudFormation template (the default one included). */
function cacheBehaviors(text: string): number {
  type Resource = { Type: string; Properties: { DistributionConfig?: { CacheBehaviors?: unknown[] } } };
  const resources = (JSON.parse(text) as { Resources: Record<string, Resource> }).Resources;
  const dist = Object.values(resources).find((r) => r.Type === 'AWS::CloudFront::Distribution');
  return 1 + (dist?.Properties.DistributionConfig?.CacheBehaviors?.length ?? 0);
}

/** The Lambda@Edge package if the build wrote one: a .zip in `<deploy>/lambda-edge/`, or its files zipped. */
function lambdaEdge(deploy: string): { zip: number | null; largestFile: number | null } {
  const dir = join(deploy, 'lambda-edge');
  const files = filesIn(dir);
  if (files.length === 0) return { zip: null, largestFile: null };
  const zips = files.filter((f) => f.endsWith('.zip'));
  const zip = zips.length > 0 ? largest(zips.map((f) => statSync(f).size)) : zipSize(dir, files);
  return { zip, largestFile: largest(files.map((f) => statSync(f).size)) };
}

export function measureSite(site: string, deploy: string): Figures {
  const summary = JSON.parse(readFileSync(join(site, 'jaspar-static.json'), 'utf8')) as {
    counts: { matrices: number };
  };
  const files = filesIn(site);
  const sizes = files.map((f) => ({ f, n: statSync(f).size }));
  const answers = sizes.filter((s) => /^(files|api|static)\//.test(relative(site, s.f)));
  const assetsIgnored = existsSync(join(site, '.assetsignore'))
    ? readFileSync(join(site, '.assetsignore'), 'utf8')
        .split('\n')
        .filter((l) => l.trim() !== '').length
    : 0;
  const cfFunctions = filesIn(join(deploy, 'cloudfront/functions')).filter((f) => f.endsWith('.js'));
  const template = join(deploy, 'cloudfront/template.json');
  const apacheConf = join(deploy, 'apache/jaspar.conf');
  const edge = lambdaEdge(deploy);
  return {
    matrices: summary.counts.matrices,
    'site files': files.length,
    'site files uploaded as Worker assets': files.length - assetsIgnored,
    'site bytes': sizes.reduce((a, s) => a + s.n, 0),
    'largest site file': largest(sizes.map((s) => s.n)),
    'largest answer file (files/, api/, static/)': answers.length ? largest(answers.map((s) => s.n)) : null,
    '_redirects rules': ruleLines(join(site, '_redirects')),
    '_redirects bytes': size(join(site, '_redirects')),
    '_headers bytes': size(join(site, '_headers')),
    'Worker script bytes': size(join(site, '_worker.js')),
    'Worker script gzip bytes': gzipped(join(site, '_worker.js')),
    'Netlify Edge Function bytes': size(join(deploy, 'netlify-edge/jaspar-api.js')),
    'Netlify Edge Function gzip bytes': gzipped(join(deploy, 'netlify-edge/jaspar-api.js')),
    'CloudFront function bytes (largest)': cfFunctions.length
      ? largest(cfFunctions.map((f) => statSync(f).size))
      : null,
    'CloudFront cache behaviors': existsSync(template) ? cacheBehaviors(readFileSync(template, 'utf8')) : null,
    'CloudFormation template bytes (largest)': largest(
      ['cloudfront', 'lambda-edge'].map((t) => size(join(deploy, t, 'template.json')) ?? 0),
    ),
    'Lambda@Edge package zip bytes': edge.zip,
    'Lambda@Edge largest packaged file': edge.largestFile,
    'njs script bytes': size(join(deploy, 'nginx/jaspar.js')),
    'Apache RewriteRule lines': existsSync(apacheConf)
      ? readFileSync(apacheConf, 'utf8')
          .split('\n')
          .filter((l) => /^\s*RewriteRule\b/.test(l)).length
      : null,
    '_jaspar JSON bytes': filesIn(join(site, '_jaspar')).reduce((a, f) => a + statSync(f).size, 0),
    '_jaspar parsed heap bytes (all loaded)': parsedHeap(site),
  };
}

export const siteName = (site: string): string => basename(site);
