/**
 * The rules-only hosts' configuration (docs/hosting.md), each rendered from the rule groups:
 * Netlify `_redirects`/`_headers` in the site, Apache's include in the deploy folder, and the
 * error files both answer with, written once.
 */
import type { SiteConfig } from '../routes/site-data.js';
import { apacheFiles, APACHE_ERRORS } from './apache/adapter.js';
import { ALL_GROUPS, ruleGroups } from './rules/derive-groups.js';
import { groupErrors } from './rules/groups.js';
import { errorFiles, UNOFFERED_ERRORS, type HostError } from './rules/host-errors.js';
import { netlifyFiles } from './netlify/adapter.js';
import type { HostFile, HostTarget, SiteFacts } from './adapter.js';

/** Netlify lists every combination as a rule: a list's suffix form serves no filter selections there. */
export const NETLIFY_GROUPS = { suffixSelections: false } as const;

/** The configuration files of the rules-only hosts among `targets` (none for the others). */
export function rulesHostFiles(targets: readonly HostTarget[], site: SiteConfig, facts: SiteFacts): HostFile[] {
  const out: HostFile[] = [];
  const errors: HostError[] = [];
  if (targets.includes('netlify')) {
    const groups = ruleGroups(site, NETLIFY_GROUPS);
    out.push(...netlifyFiles(groups, facts));
    errors.push(...groupErrors(groups, UNOFFERED_ERRORS));
  }
  if (targets.includes('apache')) {
    const groups = ruleGroups(site, ALL_GROUPS);
    out.push(...apacheFiles(groups));
    errors.push(...groupErrors(groups, APACHE_ERRORS));
  }
  return [...errorFiles(errors), ...out];
}
