/**
 * What Apache computes once per API request before the rule groups (apache.ts): each query
 * key's decoded last value, the format named, DRF's negotiation per set of formats, and each
 * distinct key rule of the groups (groups.ts) evaluated — its fill, refusal and missing-file
 * error — into environment variables the groups' rules read:
 *   JP_<key>=1, JQ_<key>=<value>   the key is present; its last value, percent-decoded
 *   JFQ=1                          `format` is named (non-empty)
 *   JN_<n>=<format>                what negotiation picks among the n-th set of formats
 *   JD_<n>=1, JK_<n>, JE_<n>, JM_<n>  key rule n matched; its fill, refusal, missing error
 */
import { esc } from '../../hosting/rules/pattern.js';
import type { Numbered } from '../../hosting/rules/numbered.js';
import type { FormatName } from '../../api/formats.js';
import { negotiationSteps } from './accept.js';
import type { Group, KeyMatch, KeyRule } from '../../hosting/rules/groups.js';
import { API_PREFIX } from '../../api/urls.js';

/** Rules that only set variables run for API paths. */
export const API_PATH = `^${API_PREFIX.slice(0, -1)}(?:/|$)`;

/** The query keys the groups read, in first-seen order. */
export function groupKeys(groups: readonly Group[]): string[] {
  const keys: string[] = ['format'];
  const add = (k: string) => {
    if (!keys.includes(k)) keys.push(k);
  };
  for (const g of groups) {
    if (g.kind === 'serve') for (const k of g.keys) add(k.key);
    else if (typeof g.when !== 'string') add(g.when.key);
  }
  return keys;
}

/** JP_/JQ_ for each key: the last occurrence's value (a name compared as sent), percent-decoded. */
export function queryLines(keys: readonly string[]): string[] {
  const lines = ['# Query values: the last of each name, percent-decoded.'];
  for (const key of keys) {
    const k = esc(key);
    lines.push(
      `RewriteCond %{QUERY_STRING} (?:^|&)${k}(?:=([^&]*))?(?=&|$)(?!.*&${k}(?:[=&]|$))`,
      `RewriteRule ${API_PATH} - [E=JP_${key}:1,E=JQ_${key}:\${jaspar_unescape:%1}]`,
    );
  }
  lines.push('RewriteCond %{ENV:JQ_format} .', `RewriteRule ${API_PATH} - [E=JFQ:1]`);
  return lines;
}

/** JN_<n>: DRF's pick among each set of formats, for requests that name none (apache-accept.ts). */
export function negotiationLines(sets: Numbered<readonly FormatName[]>): string[] {
  const lines = ['# Accept negotiation as DRF does it (src/hosts/apache/accept.ts), where no format is named.'];
  sets.items.forEach((set, n) => {
    for (const step of negotiationSteps(set)) {
      lines.push(
        'RewriteCond %{ENV:JFQ} !=1',
        `RewriteCond %{ENV:JN_${n}} ^$`,
        `RewriteCond %{HTTP:Accept} ${step.pattern} [NC]`,
        `RewriteRule ${API_PATH} - [E=JN_${n}:${step.format}]`,
      );
    }
  });
  return lines;
}

/** The conditions under which a key's value matches (none for `otherwise`). */
export function matchConditions(key: string, m: KeyMatch): string[] {
  if (m.kind === 'otherwise') return [];
  const present = `RewriteCond %{ENV:JP_${key}} =1`;
  if (m.kind === 'any') return [present];
  return [present, `RewriteCond %{ENV:JQ_${key}} ^(?:${m.values.map(esc).join('|')})$${m.caseless ? ' [NC]' : ''}`];
}

/** The value a key rule's fill takes from the request, folded where the rule says. */
function boundValue(rule: KeyRule): string {
  const raw = `%{ENV:JQ_${rule.key}}`;
  return rule.fold === 'upper'
    ? `\${jaspar_toupper:${raw}}`
    : rule.fold === 'lower'
      ? `\${jaspar_tolower:${raw}}`
      : raw;
}

/** JD_/JK_/JE_/JM_ of each distinct key rule: its first matching alternative. */
export function keyRuleLines(rules: Numbered<KeyRule>): string[] {
  const lines = ['# Each key rule of the groups: the first alternative that matches.'];
  rules.items.forEach((rule, n) => {
    for (const alt of rule.alternatives) {
      const vars = [`E=JD_${n}:1`];
      if (alt.outcome.kind === 'refuse') vars.push(`E=JE_${n}:${alt.outcome.error.name}`);
      else if (rule.placeholder !== null) vars.push(`E=JK_${n}:${alt.outcome.text ?? boundValue(rule)}`);
      if (alt.missing) vars.push(`E=JM_${n}:${alt.missing.name}`);
      lines.push(
        `RewriteCond %{ENV:JD_${n}} !=1`,
        ...matchConditions(rule.key, alt.match),
        `RewriteRule ${API_PATH} - [${vars.join(',')}]`,
      );
    }
  });
  return lines;
}
