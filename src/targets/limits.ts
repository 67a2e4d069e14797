/**
 * The platform limits a build can break, as data (docs/hosting.md, "Platform limits"): each with
 * the target it binds, what is counted, the documented figure, its source and the fix. The
 * build measures its output against the chosen targets' rows (src/site/build.ts) and prints one
 * warning line per limit broken; `--strict-limits` makes them errors.
 */
import type { HostTarget } from './registry.js';

/** What a build measures of the site it wrote. */
export interface SiteFigures {
  /** Every file of the site. */
  readonly files: number;
  /** The folder holding the most files directly, and how many. */
  readonly largestFolder: { readonly path: string; readonly files: number };
}

export interface HostLimit {
  readonly target: HostTarget;
  /** What is counted, as the platform words it. */
  readonly what: string;
  readonly limit: number;
  readonly source: string;
  /** The figure of a site. */
  readonly measure: (site: SiteFigures) => number;
  /** Where the figure comes from, said after it (the largest folder's path). */
  readonly where?: (site: SiteFigures) => string;
  /** What brings the site inside the limit. */
  readonly fix: string;
}

/** Files Cloudflare does not upload as assets (the adapter's `.assetsignore`). */
const CLOUDFLARE_IGNORED = 4;

export const HOST_LIMITS: readonly HostLimit[] = [
  {
    target: 'cloudflare',
    what: 'static asset files per version (free plan; 100,000 paid)',
    limit: 20_000,
    source: 'developers.cloudflare.com/workers/static-assets',
    measure: (s) => s.files - CLOUDFLARE_IGNORED,
    fix: 'build with --compact (the Worker answers every API query from fragments; the web site keeps three files per profile)',
  },
  {
    target: 'netlify',
    what: 'files in one folder',
    limit: 54_000,
    source: 'docs.netlify.com, "Site deploys overview", files per directory limit',
    measure: (s) => s.largestFolder.files,
    where: (s) => ` (${s.largestFolder.path || 'the site root'})`,
    fix: 'trim with --formats, --page-sizes, --orders or --filters, or serve the API with --targets netlify-edge --compact',
  },
];

/** One limit a site breaks, as the build says it. */
export interface LimitWarning {
  readonly target: HostTarget;
  readonly message: string;
}

/** The limits of `targets` the site breaks, one line each: target, limit, figure, fix. */
export function limitWarnings(targets: readonly HostTarget[], site: SiteFigures): LimitWarning[] {
  return HOST_LIMITS.filter((l) => targets.includes(l.target) && l.measure(site) > l.limit).map((l) => ({
    target: l.target,
    message: `${l.target}: ${l.measure(site).toLocaleString('en-US')} ${l.what.split(' (')[0]}${l.where?.(site) ?? ''}, over the limit of ${l.limit.toLocaleString('en-US')} (${l.source}); ${l.fix}`,
  }));
}
