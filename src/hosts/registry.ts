/**
 * The hosts a build can configure: the rules-only hosts (rendered from the rule groups) and the
 * hosts that run the request runtime (docs/hosting.md has the table of both tiers).
 */
import type { SiteConfig } from '../routes/site-data.js';
import { compactRefusal, RUNTIME_ADAPTERS } from './compute-targets.js';
import type { HostFile, HostTarget, SiteFacts } from './adapter.js';
import { rulesHostFiles } from './rules-targets.js';

export { HOST_TARGETS, NEEDS_SUFFIX_ALIASES } from './adapter.js';
export type { HostFile, HostTarget, SiteFacts, SuffixAlias } from './adapter.js';

/** The configuration files of the chosen hosts. */
export function hostFiles(targets: readonly HostTarget[], site: SiteConfig, facts: SiteFacts): HostFile[] {
  // The CLI refuses such a build before it starts (src/cli/build-command.ts); this guards the API.
  const refusal = site.prebuilt === null ? compactRefusal(targets) : null;
  if (refusal !== null) throw new Error(refusal);
  const out: HostFile[] = [...rulesHostFiles(targets, site, facts)];
  for (const target of targets) out.push(...(RUNTIME_ADAPTERS[target]?.(site) ?? []));
  return out;
}
