/**
 * The rule table, compiled for hosts that evaluate it themselves (CloudFront, nginx, Apache).
 *
 * The table is generated as nested loops (filters × format × order × page × page size), so long
 * stretches of it are complete products: each rule picks, for every query key, one option — a
 * literal value, a placeholder (the key is present), or nothing (the rule ignores the key). Such
 * a stretch is a *run*, evaluated key by key instead of rule by rule: for each key take the most
 * specific option the request allows (its literal value, else "present", else "ignore"); an
 * option that answers an error at once ends the walk (a *fixed* option, e.g. `format=:format`
 * → 404). A run is accepted only when this gives the same answer as first-match over its rules:
 *  - its rules are exactly the product (a fixed option stands for one rule, later keys ignored);
 *  - every rule comes after each rule that is more specific in one key (which makes the first
 *    matching rule the most specific one, the one the walk finds);
 *  - its targets factor into one template and its error codes into one table (run-template.ts).
 * Runs never cross a change of path pattern, so they keep the order of the table (a DRF format
 * suffix counts as a query key, SUFFIX_KEY). A stretch that
 * fits nothing else is a run of one rule. A CloudFront function holds at most 10 KB, so the
 * 7,000-rule table must shrink to this (about 40 runs).
 */
import type { ErrorName } from '../routes/paths.js';
import type { QueryCondition, Rule } from './rules.js';
import { codeTable, factorTemplate, type CodeTable, type TemplatePart } from './run-template.js';

export type Option =
  | { readonly kind: 'literal'; readonly value: string }
  /** The key is present; its value (case-folded, digits above `max` clamped) fills `:name`. */
  | { readonly kind: 'bind'; readonly name: string; readonly fold?: 'upper' | 'lower'; readonly max?: number }
  | { readonly kind: 'ignore' };

export interface RunKey {
  readonly key: string;
  /** Literals first, then the placeholder, then "ignore": most specific first. */
  readonly options: readonly Option[];
  /** Per option: the error it answers at once, or null. */
  readonly fixed: readonly (ErrorName | null)[];
}

export type RunOutcome =
  /** Serve the template's file; when it is missing answer `missing`. */
  | { readonly kind: 'rewrite'; readonly parts: readonly TemplatePart[]; readonly missing: CodeTable }
  | { readonly kind: 'error'; readonly error: CodeTable }
  /** Every option path ends in a fixed option. */
  | { readonly kind: 'none' };

/**
 * The pseudo query key standing for DRF's format suffix: a rule with `suffix: 'json'` is read as
 * having the condition `.=json`, met when the path matches once `.json` is cut off its last
 * segment; "ignore" for this key means the path matches as it is.
 */
export const SUFFIX_KEY = '.';

export interface Run {
  /** Path pattern; with a SUFFIX_KEY key, matched after cutting the suffix off. */
  readonly path: string;
  readonly keys: readonly RunKey[];
  readonly outcome: RunOutcome;
  /** How many rules of the table it stands for. */
  readonly rules: number;
}

const optionId = (q: QueryCondition | undefined): string =>
  q === undefined ? '*' : 'value' in q ? `=${q.value}` : `:${q.placeholder}:${q.fold ?? ''}:${q.max ?? ''}`;

/** The condition on `key` with option id `id` in one of `rules`. */
function conditionOf(rules: readonly Rule[], key: string, id: string): QueryCondition {
  for (const r of rules) for (const q of r.query) if (q.key === key && optionId(q) === id) return q;
  throw new Error(`no condition ${key} ${id}`);
}

function toOption(q: QueryCondition): Option {
  if ('value' in q) return { kind: 'literal', value: q.value };
  return { kind: 'bind', name: q.placeholder, ...(q.fold ? { fold: q.fold } : {}), ...(q.max === undefined ? {} : { max: q.max }) };
}

/**
 * Key order: keys an error rule ends with come early (their fixed option must precede the keys
 * that rule ignores), but after the keys listed before them in that rule; else first appearance.
 */
function keyOrder(rules: readonly Rule[]): string[] {
  const first = new Map<string, number>();
  const score = new Map<string, number>();
  const preds = new Map<string, Set<string>>();
  rules.forEach((r, i) => {
    for (const q of r.query) if (!first.has(q.key)) first.set(q.key, first.size);
    const last = r.query.at(-1);
    if (r.action.kind !== 'error' || !last) return;
    if (!score.has(last.key)) score.set(last.key, i);
    const set = preds.get(last.key) ?? new Set<string>();
    for (const q of r.query.slice(0, -1)) set.add(q.key);
    preds.set(last.key, set);
  });
  const order: string[] = [];
  const rank = (k: string) => [score.get(k) ?? Infinity, first.get(k) as number] as const;
  const pending = [...first.keys()];
  while (pending.length) {
    const ready = pending.filter((k) => [...(preds.get(k) ?? [])].every((p) => order.includes(p) || p === k));
    if (!ready.length) return [...first.keys()];
    ready.sort((a, b) => rank(a)[0] - rank(b)[0] || rank(a)[1] - rank(b)[1]);
    const next = ready[0] as string;
    order.push(next);
    pending.splice(pending.indexOf(next), 1);
  }
  return order;
}

/** Each rule's option id per key it lists (computed once per table). */
export const conditionIds = (rule: Rule): Map<string, string> => new Map(rule.query.map((q) => [q.key, optionId(q)]));

/** The run standing for `rules` (one path pattern, suffixes as SUFFIX_KEY), or null when they are not one. */
export function tryRun(rules: readonly Rule[], condIds: readonly Map<string, string>[] = rules.map(conditionIds)): Run | null {
  const names = keyOrder(rules);
  const ids: string[][] = names.map((key) => {
    const lits = new Set<string>();
    const binds = new Set<string>();
    let ignore = false;
    for (const c of condIds) {
      const id = c.get(key);
      if (id === undefined) ignore = true;
      else (id.startsWith('=') ? lits : binds).add(id);
    }
    return binds.size > 1 ? [] : [...lits, ...binds, ...(ignore ? ['*'] : [])];
  });
  if (ids.some((o) => o.length === 0)) return null;
  const index = ids.map((o) => new Map(o.map((id, j) => [id, j])));
  const tuples = condIds.map((c) => names.map((key, k) => (index[k] as Map<string, number>).get(c.get(key) ?? '*') as number));
  const m = names.length;

  // Fixed options, key by key, counting only tuples not already fixed at an earlier key.
  const fixed: (ErrorName | null)[][] = ids.map((o) => o.map(() => null));
  const firstFixed = tuples.map(() => m);
  // The last key each tuple does not ignore.
  const lastKey = tuples.map((t) => t.reduce((last, o, k) => ((ids[k] as string[])[o] === '*' ? last : k), -1));
  for (let k = 0; k < m; k++) {
    (ids[k] as string[]).forEach((_, o) => {
      let error: ErrorName | null = null;
      let ok = false;
      for (let i = 0; i < tuples.length; i++) {
        const t = tuples[i] as number[];
        if (firstFixed[i]! < k || t[k] !== o) continue;
        const action = (rules[i] as Rule).action;
        if (action.kind !== 'error' || (lastKey[i] as number) > k || (error !== null && error !== action.error)) return;
        error = action.error;
        ok = true;
      }
      if (ok) (fixed[k] as (ErrorName | null)[])[o] = error;
    });
    tuples.forEach((t, i) => {
      if (firstFixed[i] === m && (fixed[k] as (ErrorName | null)[])[t[k] as number] !== null) firstFixed[i] = k;
    });
  }
  // Shapes below key k: a fixed option is one shape, any other option every shape below it.
  let below = 1;
  for (let k = m - 1; k >= 0; k--) below = (fixed[k] as (ErrorName | null)[]).reduce((n, f) => n + (f === null ? below : 1), 0);
  if (below !== tuples.length) return null;

  // Completeness (distinct + right count) and precedence of every one-key refinement.
  const shape = (prefix: readonly number[]) => names.map((_, k) => (k < prefix.length ? (prefix[k] as number) : (ids[k] as string[]).indexOf('*')));
  const position = new Map<string, number>();
  tuples.forEach((t, i) => position.set(t.join(','), i));
  if (position.size !== tuples.length) return null;
  const moreSpecific = (k: number, o: number): number[] => {
    const kind = ((ids[k] as string[])[o] as string)[0];
    return kind === '=' ? [] : (ids[k] as string[]).flatMap((id, j) => (j < o && (kind === '*' || id[0] === '=') ? [j] : []));
  };
  for (let i = 0; i < tuples.length; i++) {
    const t = tuples[i] as number[];
    for (let k = 0; k <= Math.min(firstFixed[i] as number, m - 1); k++) {
      for (const o of moreSpecific(k, t[k] as number)) {
        const refined = (fixed[k] as (ErrorName | null)[])[o] !== null ? shape([...t.slice(0, k), o]) : t.map((x, j) => (j === k ? o : x));
        const p = position.get(refined.join(','));
        if (p === undefined || p > i) return null;
      }
    }
  }

  const keys: RunKey[] = names.map((key, k) => ({
    key,
    options: (ids[k] as string[]).map((id) => (id === '*' ? { kind: 'ignore' } : toOption(conditionOf(rules, key, id)))),
    fixed: fixed[k] as (ErrorName | null)[],
  }));
  const outcome = fullOutcome(rules, tuples, firstFixed, keys);
  if (outcome === null) return null;
  return { path: (rules[0] as Rule).path, keys, outcome, rules: rules.length };
}

/** The outcome of the tuples that end in no fixed option. */
function fullOutcome(rules: readonly Rule[], tuples: readonly number[][], firstFixed: readonly number[], keys: readonly RunKey[]): RunOutcome | null {
  const full = tuples.map((_, i) => i).filter((i) => firstFixed[i] === keys.length);
  if (!full.length) return { kind: 'none' };
  const actions = full.map((i) => (rules[i] as Rule).action);
  const counts = keys.map((k) => k.options.length);
  const fullTuples = full.map((i) => tuples[i] as number[]);
  if (actions.every((a) => a.kind === 'error')) {
    const error = codeTable(fullTuples, actions.map((a) => (a.kind === 'error' ? a.error : 'not-found')), counts);
    return error && { kind: 'error', error };
  }
  if (!actions.every((a) => a.kind === 'rewrite')) return null;
  const missing = codeTable(fullTuples, actions.map((a) => (a.kind === 'rewrite' ? a.missing : 'not-found')), counts);
  const base = keys.map((k) => k.fixed.findIndex((f) => f === null));
  const index = new Map(fullTuples.map((t, i) => [t.join(','), i]));
  const baseIndex = index.get(base.join(','));
  if (!missing || baseIndex === undefined) return null;
  const parts = factorTemplate(
    fullTuples,
    actions.map((a) => (a.kind === 'rewrite' ? a.target : '')),
    baseIndex,
    (k, o) => index.get(base.map((x, j) => (j === k ? o : x)).join(',')) as number,
    keys.map((k) => k.fixed.map((f) => f !== null)),
  );
  return parts && { kind: 'rewrite', parts, missing };
}
