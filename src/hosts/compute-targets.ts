/**
 * The adapters of the hosts that run the request runtime itself (docs/runtime.md): nginx with
 * njs, the Netlify Edge Function, the Cloudflare Worker and Lambda@Edge (compute mode), and
 * the CloudFront function (rules mode). Also the one rule about compact builds: they hold no prebuilt pages,
 * so only compute hosts (and the dev server) can serve them.
 */
import type { SiteConfig } from '../routes/site-data.js';
import { cloudflareFiles } from './cloudflare/adapter.js';
import { cloudfrontFiles } from './cloudfront/adapter.js';
import { lambdaEdgeFiles } from './lambda-edge/adapter.js';
import { netlifyEdgeFiles } from './netlify-edge/adapter.js';
import { nginxFiles } from './nginx/adapter.js';
import type { HostFile, HostTarget } from './adapter.js';

/** Per host that runs the runtime, its adapter. */
export const RUNTIME_ADAPTERS: { readonly [T in HostTarget]?: (site: SiteConfig) => HostFile[] } = {
  nginx: nginxFiles,
  'netlify-edge': netlifyEdgeFiles,
  cloudflare: cloudflareFiles,
  cloudfront: cloudfrontFiles,
  'lambda-edge': lambdaEdgeFiles,
};

/** Hosts that answer every query by computing it: the only targets of a compact build. */
export const COMPACT_TARGETS: readonly HostTarget[] = ['nginx', 'netlify-edge', 'cloudflare', 'lambda-edge'];

/** Why a compact build cannot be configured for `targets`, or null when it can. */
export function compactRefusal(targets: readonly HostTarget[]): string | null {
  const rulesOnly = targets.filter((t) => COMPACT_TARGETS.indexOf(t) === -1);
  if (rulesOnly.length === 0) return null;
  return (
    `--compact builds have no prebuilt pages, which ${rulesOnly.join(', ')} can only serve: ` +
    `build without --compact, or with --targets among ${COMPACT_TARGETS.join(', ')} (the dev server serves either)`
  );
}
