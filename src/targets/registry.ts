/**
 * The hosts a build can configure, one row each (docs/hosting.md has the table of both tiers).
 * Each host lives in its own folder, `src/hosts/<target>/`: its adapter (`adapter.ts`) and, for
 * hosts that run code, the entry bundled with the runtime (`entry.ts`). Adding a host is its
 * folder and one line here.
 */
import type { SiteConfig } from '../routes/site-data.js';
import type { HostAdapter, HostFile, SiteFacts, Tier } from '../hosting/adapter.js';
import type { BundleSource } from '../hosting/edge/bundle.js';
import { adapter as apache } from '../hosts/apache/adapter.js';
import { adapter as cloudflare } from '../hosts/cloudflare/adapter.js';
import { adapter as cloudfront } from '../hosts/cloudfront/adapter.js';
import { adapter as lambdaEdge } from '../hosts/lambda-edge/adapter.js';
import { adapter as netlify } from '../hosts/netlify/adapter.js';
import { adapter as netlifyEdge } from '../hosts/netlify-edge/adapter.js';
import { adapter as nginx } from '../hosts/nginx/adapter.js';

export type { HostFile, SiteFacts, SuffixAlias } from '../hosting/adapter.js';

/** The registry, in the order `--targets` lists them. */
const HOSTS = [netlify, netlifyEdge, cloudflare, cloudfront, lambdaEdge, nginx, apache] as const;

export type HostTarget = (typeof HOSTS)[number]['target'];

/** Every target's name, in the registry's order. */
export const HOST_TARGETS: readonly HostTarget[] = HOSTS.map((h) => h.target);

const adapterOf = (target: HostTarget): HostAdapter => HOSTS.find((h) => h.target === target)!;

/** What a target can do: compute every answer, or serve what is prebuilt (docs/hosting.md). */
export const hostTier = (target: HostTarget): Tier => adapterOf(target).tier;

/** The bundles the files of `targets` are made with (made ahead, src/hosting/edge/bundle.ts `bundleSoon`). */
export const hostBundles = (targets: readonly HostTarget[]): BundleSource[] =>
  targets.flatMap((t) => adapterOf(t).bundles?.() ?? []);

/** Hosts whose rules cannot match part of a path segment, so suffix forms need copies. */
export const NEEDS_SUFFIX_ALIASES: ReadonlySet<HostTarget> = new Set(
  HOSTS.filter((h) => h.suffixAliases).map((h) => h.target),
);

/** Whether any of `targets` embeds the runtime's data in its files (SiteFacts.runtimeData). */
export const wantsRuntimeData = (targets: readonly HostTarget[]): boolean =>
  targets.some((t) => adapterOf(t).preloads === true);

/** Whether any of `targets` serves stored `.gz` files beside the larger ones (src/hosting/compression.ts). */
export const wantsPrecompressed = (targets: readonly HostTarget[]): boolean =>
  targets.some((t) => adapterOf(t).precompressed === true);

/** Hosts that answer every query by computing it: the only targets of a compact build. */
export const COMPACT_TARGETS: readonly HostTarget[] = HOSTS.filter((h) => h.tier === 'compute').map((h) => h.target);

/** Why a compact build cannot be configured for `targets`, or null when it can. */
export function compactRefusal(targets: readonly HostTarget[]): string | null {
  const rulesOnly = targets.filter((t) => !COMPACT_TARGETS.includes(t));
  if (rulesOnly.length === 0) return null;
  return (
    `--compact builds have no prebuilt pages, which ${rulesOnly.join(', ')} can only serve: ` +
    `build without --compact, or with --targets among ${COMPACT_TARGETS.join(', ')} (the dev server serves either)`
  );
}

/** What each target's files the site's configuration alone decides, made ahead (HostAdapter.prepare). */
export function prepareHostFiles(targets: readonly HostTarget[], site: SiteConfig): void {
  for (const target of targets) adapterOf(target).prepare?.(site);
}

/**
 * The configuration files of the chosen hosts. A file two hosts both write (the error bodies
 * Netlify and Apache answer with) is written once; two different contents at one path is a bug.
 */
export function hostFiles(targets: readonly HostTarget[], site: SiteConfig, facts: SiteFacts): HostFile[] {
  // The CLI refuses such a build before it starts (src/cli/build-command.ts); this guards the API.
  const refusal = site.prebuilt === null ? compactRefusal(targets) : null;
  if (refusal !== null) throw new Error(refusal);
  const out = new Map<string, HostFile>();
  for (const target of targets) {
    for (const file of adapterOf(target).files(site, facts)) {
      const key = `${file.place ?? 'site'}:${file.path}`;
      const seen = out.get(key);
      if (seen !== undefined && seen.content !== file.content) throw new Error(`two hosts write ${file.path}`);
      out.set(key, file);
    }
  }
  return [...out.values()];
}
