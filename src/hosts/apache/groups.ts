/**
 * The rule groups (groups.ts) as mod_rewrite rules, in the groups' order (the first group that
 * matches answers). Each group's conditions read the variables apache-keys.ts sets once per
 * request: its path form as the rule's pattern, its format (named, suffix or negotiated), and
 * every key it lists matched; then its refusals in key order, its file (checked with -f, every
 * bound value a safe segment) and the error of a missing file.
 */
import { matchConditions } from './keys.js';
import { esc } from '../../hosting/rules/pattern.js';
import type { Numbered } from '../../hosting/rules/numbered.js';
import { ID_PLACEHOLDER, placeholderAt } from '../../hosting/rules/group-targets.js';
import type { FormatName } from '../../api/formats.js';
import type { FormatCondition, Group, KeyRule, PathForm, ServeGroup } from '../../hosting/rules/groups.js';
import { API_PREFIX } from '../../api/urls.js';

/** A safe path segment (src/segments.ts), as a PCRE pattern. */
const SAFE = '^(?!\\.\\.?$)[A-Za-z0-9._-]+$';

/** The path pattern of a form: `:id` captured as $1, a trailing slash optional. */
export function pathPattern(form: PathForm): string {
  let re = `^${API_PREFIX.slice(0, -1)}`;
  form.segments.forEach((s, i) => {
    re += s === ID_PLACEHOLDER ? '/([^/]+)' : `/${esc(s)}`;
    if (form.suffix !== null && i === form.segments.length - 1) re += `\\.${esc(form.suffix)}`;
  });
  return `${re}/?$`;
}

/** Conditions of a group's format: the suffix is in the pattern; `format=` named, or negotiated (JN_<n>). */
function formatConditions(f: FormatCondition, sets: number): string[] {
  if (f.by === 'suffix') return [];
  if (f.by === 'query' && !f.negotiated)
    return ['RewriteCond %{ENV:JFQ} =1', `RewriteCond %{ENV:JQ_format} =${f.format}`];
  const negotiated = `RewriteCond %{ENV:JN_${sets}} =${f.format}`;
  if (f.by === 'none') return ['RewriteCond %{ENV:JFQ} !=1', negotiated];
  // Named as this format, or not named and negotiated to it: one test string for both.
  return [
    `RewriteCond %{ENV:JFQ}:%{ENV:JQ_format}:%{ENV:JN_${sets}} ^(?:1:${esc(f.format)}:.*|:[^:]*:${esc(f.format)})$`,
  ];
}

const error = (pattern: string, conditions: readonly string[], status: number, name: string): string[] => [
  ...conditions,
  `RewriteRule ${pattern} - [R=${status},E=JASPAR_ERROR:${name}]`,
];

function serveRules(g: ServeGroup, rules: Numbered<KeyRule>, sets: Numbered<readonly FormatName[]>): string[] {
  const pattern = pathPattern(g.form);
  const ids = g.keys.map((k) => rules.id(k));
  // A key listed without `otherwise` must have matched (JD_n) for the group to match.
  const when = [
    ...formatConditions(g.format, sets.id(g.negotiable)),
    ...g.keys.flatMap((k, i) =>
      k.alternatives.some((a) => a.match.kind === 'otherwise') ? [] : [`RewriteCond %{ENV:JD_${ids[i]}} =1`],
    ),
  ];
  const lines = [
    `# ${g.resource}${g.form.suffix ? ` .${g.form.suffix}` : ''} ${g.format.format} by ${g.format.by}: ${g.target}`,
  ];
  g.keys.forEach((k, i) => {
    if (k.alternatives.some((a) => a.outcome.kind === 'refuse'))
      lines.push(...error(pattern, [...when, `RewriteCond %{ENV:JE_${ids[i]}} ^(.+)$`], 404, '%1'));
  });
  let target = g.target;
  const safe: string[] = [];
  if (placeholderAt(target, ID_PLACEHOLDER) !== -1) {
    target = target.split(ID_PLACEHOLDER).join('$1');
    safe.push(`RewriteCond $1 ${SAFE}`);
  }
  g.keys.forEach((k, i) => {
    if (k.placeholder === null) return;
    target = target.replace(new RegExp(`:${k.placeholder}(?![a-z_])`), `%{ENV:JK_${ids[i]}}`);
    safe.push(`RewriteCond %{ENV:JK_${ids[i]}} ${SAFE}`);
  });
  lines.push(
    ...when,
    ...safe,
    `RewriteCond %{DOCUMENT_ROOT}${target} -f`,
    `RewriteRule ${pattern} ${target} "[END,T=${g.mediaType}]"`,
  );
  g.keys.forEach((k, i) => {
    if (k.alternatives.some((a) => a.missing))
      lines.push(...error(pattern, [...when, `RewriteCond %{ENV:JM_${ids[i]}} ^(.+)$`], 404, '%1'));
  });
  lines.push(...error(pattern, when, 404, g.missing.name));
  return lines;
}

/** The rules of every group, in order. */
export function groupLines(
  groups: readonly Group[],
  rules: Numbered<KeyRule>,
  sets: Numbered<readonly FormatName[]>,
): string[] {
  const lines: string[] = [];
  for (const g of groups) {
    if (g.kind === 'serve') {
      lines.push(...serveRules(g, rules, sets));
      continue;
    }
    const pattern = pathPattern(g.form);
    if (g.when === 'not-acceptable')
      lines.push(
        ...error(
          pattern,
          ['RewriteCond %{ENV:JFQ} !=1', `RewriteCond %{ENV:JN_${sets.id(g.negotiable)}} ^$`],
          406,
          g.error.name,
        ),
      );
    else if (g.when === 'unknown-format')
      lines.push(...error(pattern, ['RewriteCond %{ENV:JFQ} =1'], 404, g.error.name));
    else lines.push(...error(pattern, matchConditions(g.when.key, g.when.match), 404, g.error.name));
  }
  return lines;
}
