/**
 * Rule groups (groups.ts) as flat first-match rules for hosts whose rules list query keys one
 * value at a time (Netlify): each group's keys are expanded in order, every alternative of a
 * key before the next key's (so a rule listing a key comes before the rule that leaves it
 * out, which then takes only what the earlier ones did not); a literal list becomes one rule
 * per value (a caseless one per spelling the host can match: as written, lower and upper
 * case); a refusal ends its rule, whatever the later keys are, but names the group's later
 * required keys (those without an `otherwise`), so each group's refusal is a rule of its own:
 * Netlify's engine lets a later copy of an identical rule take the earlier one's place in the
 * order, which put one group's refusal after another group's pages.
 */
import type { FormatCondition, Group, KeyAlternative, KeyRule, PathForm, ServeGroup } from './groups.js';
import type { HostError } from './host-errors.js';

/** One query condition: the key equal to `value`, or present with any value bound to `bind`. */
export type FlatCondition =
  | { readonly key: string; readonly value: string }
  | { readonly key: string; readonly bind: string };

export type FlatOutcome =
  /** Serve `target` (bound placeholders left in it); a missing file is `missing` where the host can say so. */
  | { readonly kind: 'serve'; readonly target: string; readonly missing: HostError }
  | { readonly kind: 'refuse'; readonly error: HostError };

export interface FlatRule {
  readonly form: PathForm;
  readonly format: FormatCondition | null;
  readonly query: readonly FlatCondition[];
  readonly outcome: FlatOutcome;
  /** The group it comes from. */
  readonly group: Group;
}

/** The spellings of a literal a case-sensitive host can match. */
function spellings(value: string, caseless: boolean): string[] {
  if (!caseless) return [value];
  const out: string[] = [];
  for (const v of [value, value.toLowerCase(), value.toUpperCase()]) if (!out.includes(v)) out.push(v);
  return out;
}

const fillIn = (target: string, placeholder: string, text: string): string =>
  target.replace(new RegExp(`:${placeholder}(?![a-z_])`), text);

/** How a host expands groups. */
export interface FlatOptions {
  /** Bind any value of a closed key (groups.ts) instead of one rule per literal value. */
  readonly bindClosed: boolean;
}

/** A key's alternatives as the host evaluates them: a closed key bound where the host asks. */
function alternativesOf(rule: KeyRule, options: FlatOptions): readonly KeyAlternative[] {
  if (!options.bindClosed || !rule.closed) return rule.alternatives;
  const rest = rule.alternatives.filter((a) => a.match.kind === 'otherwise');
  return [{ match: { kind: 'any' }, outcome: { kind: 'fill', text: null } }, ...rest];
}

/** Conditions naming the keys after `k` that every rule of the group lists (no `otherwise`), bound to any value. */
function requiredAfter(g: ServeGroup, k: number): FlatCondition[] {
  return g.keys
    .slice(k + 1)
    .filter((r) => r.alternatives.every((a) => a.match.kind !== 'otherwise'))
    .map((r) => ({ key: r.key, bind: r.placeholder ?? r.key }));
}

/** The rules of one serve group, in first-match order. */
function expandServe(g: ServeGroup, options: FlatOptions): FlatRule[] {
  const out: FlatRule[] = [];
  const walk = (k: number, query: FlatCondition[], target: string, missing: HostError | null) => {
    const rule: KeyRule | undefined = g.keys[k];
    if (rule === undefined) {
      out.push({
        form: g.form,
        format: g.format,
        query,
        outcome: { kind: 'serve', target, missing: missing ?? g.missing },
        group: g,
      });
      return;
    }
    for (const alt of alternativesOf(rule, options)) {
      const m = alt.match;
      const options: { cond: FlatCondition | null; text: string | null }[] =
        m.kind === 'literal'
          ? m.values.flatMap((v) =>
              spellings(v, m.caseless).map((s) => ({ cond: { key: rule.key, value: s }, text: v })),
            )
          : m.kind === 'any'
            ? [{ cond: { key: rule.key, bind: rule.placeholder ?? rule.key }, text: null }]
            : [{ cond: null, text: null }];
      for (const o of options) {
        const q = o.cond === null ? query : [...query, o.cond];
        if (alt.outcome.kind === 'refuse') {
          out.push({
            form: g.form,
            format: g.format,
            query: [...q, ...requiredAfter(g, k)],
            outcome: { kind: 'refuse', error: alt.outcome.error },
            group: g,
          });
          continue;
        }
        // The fill: a fixed text, the literal matched, or (bound) the placeholder left in the target.
        const text = alt.outcome.text ?? o.text;
        const next = rule.placeholder === null || text === null ? target : fillIn(target, rule.placeholder, text);
        walk(k + 1, q, next, missing ?? alt.missing ?? null);
      }
    }
  };
  walk(0, [], g.target, null);
  return out;
}

/** Every group as flat rules; groups a host cannot evaluate (Accept) are left to the caller to drop. */
export function flatRules(groups: readonly Group[], options: FlatOptions): FlatRule[] {
  const out: FlatRule[] = [];
  for (const g of groups) {
    if (g.kind === 'serve') {
      out.push(...expandServe(g, options));
      continue;
    }
    if (typeof g.when === 'string') {
      const query: FlatCondition[] = g.when === 'unknown-format' ? [{ key: 'format', bind: 'format' }] : [];
      out.push({ form: g.form, format: null, query, outcome: { kind: 'refuse', error: g.error }, group: g });
      continue;
    }
    const { key, match } = g.when;
    const conds: FlatCondition[] =
      match.kind === 'literal'
        ? match.values.flatMap((v) => spellings(v, match.caseless).map((value) => ({ key, value })))
        : [{ key, bind: 'value' }];
    for (const c of conds)
      out.push({ form: g.form, format: null, query: [c], outcome: { kind: 'refuse', error: g.error }, group: g });
  }
  return out;
}
