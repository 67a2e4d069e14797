/**
 * Evaluates the rule table for one request, with the semantics Netlify's engine has (see
 * rules.ts). Used by the dev server and by tests; pure.
 */
import { isSafeSegment } from '../model/segments.js';
import { parseQuery } from './query.js';
import type { Rule, RuleAction } from './rules.js';

export interface RuleMatch {
  readonly rule: Rule;
  readonly action: RuleAction;
  /** For rewrites: the target path with placeholders filled, or null when a bound value cannot name a file. */
  readonly target: string | null;
}

/** Query parameters with the last value of a repeated key winning, as every host reads them (query.ts). */
export const lastValues = (search: string): Map<string, string> => parseQuery(search);

function matchPath(pattern: string, segments: readonly string[], bind: Map<string, string>): boolean {
  const parts = pattern.split('/').filter(Boolean);
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i] as string;
    if (p === '*') return true;
    const s = segments[i];
    if (s === undefined) return false;
    if (p.startsWith(':')) bind.set(p.slice(1), s);
    else if (p !== s) return false;
  }
  return parts.length === segments.length;
}

/** A bound value as hosts that can compute normalise it: case folding and numeric clamping. */
export function normalise(q: { fold?: 'upper' | 'lower'; max?: number }, v: string): string {
  if (q.max !== undefined && /^\d+$/.test(v) && Number(v) > q.max) return String(q.max);
  return q.fold === 'upper' ? v.toUpperCase() : q.fold === 'lower' ? v.toLowerCase() : v;
}

const NO_MATCH: readonly string[] = ['\0'];

/** The segments with `.suffix` removed from the last one; a never-matching path if it lacks it. */
function withoutSuffix(segments: readonly string[], suffix: string | undefined): readonly string[] {
  if (suffix === undefined) return segments;
  const last = segments.at(-1);
  const end = `.${suffix}`;
  if (last === undefined || last.length <= end.length || !last.endsWith(end)) return NO_MATCH;
  return [...segments.slice(0, -1), last.slice(0, -end.length)];
}

/**
 * First rule matching `segments` (decoded path segments, no empty ones) and `query`.
 * Placeholders bound to values that are not safe file names leave `target` null (→ missing).
 */
export function matchRules(rules: readonly Rule[], segments: readonly string[], query: ReadonlyMap<string, string>): RuleMatch | null {
  for (const rule of rules) {
    const bind = new Map<string, string>();
    if (!matchPath(rule.path, withoutSuffix(segments, rule.suffix), bind)) continue;
    let ok = true;
    for (const q of rule.query) {
      const v = query.get(q.key);
      if (v === undefined || ('value' in q && v !== q.value)) {
        ok = false;
        break;
      }
      if ('placeholder' in q) bind.set(q.placeholder, normalise(q, v));
    }
    if (!ok) continue;
    if (rule.action.kind !== 'rewrite') return { rule, action: rule.action, target: null };
    let safe = true;
    const target = rule.action.target.replace(/:([a-z_]+)/g, (_m, name: string) => {
      const v = bind.get(name) ?? '';
      if (!isSafeSegment(v)) safe = false;
      return v;
    });
    return { rule, action: rule.action, target: safe ? target : null };
  }
  return null;
}
