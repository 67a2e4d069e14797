/**
 * What the built site says about itself: its manifest (targets, compact) and, for `--all`,
 * its configuration and the index of the release it serves by default.
 */
import { lstatSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { UserError } from '../errors.js';
import type { Tier } from '../hosting/adapter.js';
import { listTree } from '../output/tree-stamp.js';
import { HOST_TARGETS, hostTier, type HostTarget } from '../targets/registry.js';
import { indexFile, SITE_FILE, type IndexData, type SiteConfig } from '../routes/site-data.js';
import { manifestFile, type SiteManifest } from '../site/manifest.js';

async function readJson<T>(site: string, path: string): Promise<T> {
  let text: string;
  try {
    text = await readFile(join(site, path), 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR')
      throw new UserError(`no built site here (no ${path}); run "jaspar-static build" first, or give --site`, {
        file: site,
      });
    throw err;
  }
  return JSON.parse(text) as T;
}

export const readManifest = (site: string): Promise<SiteManifest> => readJson<SiteManifest>(site, manifestFile);

export interface Built {
  readonly config: SiteConfig;
  readonly index: IndexData;
}

/** The site configuration and the index of its default release (the newest). */
export async function readBuilt(site: string): Promise<Built> {
  const config = await readJson<SiteConfig>(site, SITE_FILE);
  const release = config.releases[0];
  if (release === undefined) throw new UserError(`${SITE_FILE} names no release`, { file: site });
  return { config, index: await readJson<IndexData>(site, indexFile(release)) };
}

export interface TierChoice {
  readonly tier: Tier;
  /** The target judged, when one is known. */
  readonly target: HostTarget | null;
}

/**
 * The tier the mirror is held to: `--tier`; else the tier of `--target`; else that of the
 * manifest's targets, `rules` when they are of both tiers (the promise every one of them keeps).
 */
export function chooseTier(manifest: SiteManifest, tier: Tier | undefined, target: string | undefined): TierChoice {
  let picked: HostTarget | null = null;
  if (target !== undefined) {
    if (!HOST_TARGETS.includes(target as HostTarget))
      throw new UserError(`--target: unknown target "${target}" (one of ${HOST_TARGETS.join(', ')})`);
    if (!manifest.targets.includes(target as HostTarget))
      throw new UserError(
        `--target: the site was not built for ${target} (its targets: ${manifest.targets.join(', ') || 'none'})`,
      );
    picked = target as HostTarget;
  } else if (manifest.targets.length === 1) picked = manifest.targets[0]!;
  if (tier !== undefined) return { tier, target: picked };
  if (picked !== null) return { tier: hostTier(picked), target: picked };
  const tiers = new Set(manifest.targets.map(hostTier));
  return { tier: tiers.has('rules') ? 'rules' : 'compute', target: null };
}

/** The size in bytes of the largest file below `site` (0 when it holds none). */
export async function largestFile(site: string): Promise<number> {
  const paths = await listTree(site);
  let largest = 0;
  for (let i = 0; i < paths.length; i++) {
    largest = Math.max(largest, lstatSync(join(site, paths[i]!)).size);
    // Yield now and then, so a signal is heard while a large site is measured.
    if (i % 2000 === 1999) await new Promise<void>((resolve) => setImmediate(resolve));
  }
  return largest;
}
