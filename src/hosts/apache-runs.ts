/**
 * Runs (runs.ts) as mod_rewrite rules. Apache cannot walk a run key by key, so each run becomes
 * one rule group per combination of option kinds (a literal set, "present", "ignore"), emitted
 * literal < present < ignore key by key: the first group that matches holds the run's most
 * specific rule, which is the one the walk picks (runs.ts). Query values come from environment
 * variables set once per request (apache.ts): JP_<key>=1 when present, JQ_<key> its decoded last
 * value. A literal slot's fragment is looked up in the `jaspar_fragment` map by value.
 */
import type { ErrorName } from '../routes/paths.js';
import { SUFFIX_KEY, type Option, type Run } from './runs.js';

/** A fragment map entry: `<list>/<value>` → fragment. */
export type FragmentMap = Map<string, string>;

const SAFE = '^(?!\\.\\.?$)[A-Za-z0-9._-]+$';
const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Option classes of one key: all its non-fixed literals, or one option. */
interface OptionClass {
  readonly kind: Option['kind'];
  readonly options: readonly number[];
  readonly fixed: ErrorName | null;
}

function classes(run: Run, k: number): OptionClass[] {
  const key = run.keys[k]!;
  const literals = key.options.flatMap((o, i) => (o.kind === 'literal' && key.fixed[i] === null ? [i] : []));
  const out: OptionClass[] = [];
  // The suffix comes from the path, not from a variable: one group per suffix.
  if (literals.length && key.key !== SUFFIX_KEY) out.push({ kind: 'literal', options: literals, fixed: null });
  key.options.forEach((o, i) => {
    if (key.key === SUFFIX_KEY || o.kind !== 'literal' || key.fixed[i] !== null) out.push({ kind: o.kind, options: [i], fixed: key.fixed[i] ?? null });
  });
  const rank = { literal: 0, bind: 1, ignore: 2 };
  return out.sort((a, b) => rank[a.kind] - rank[b.kind]);
}

/** Every class combination in walk order; a fixed class ends the combination. */
function groups(run: Run): OptionClass[][] {
  const out: OptionClass[][] = [];
  const walk = (k: number, acc: OptionClass[]) => {
    if (k === run.keys.length) return void out.push(acc);
    for (const c of classes(run, k)) {
      if (c.fixed !== null) out.push([...acc, c]);
      else walk(k + 1, [...acc, c]);
    }
  };
  walk(0, []);
  return out;
}

/** The path regex of a run for one suffix (or none), and its placeholders in capture order. */
function pathRegex(path: string, suffix: string | null): { re: string; params: string[] } {
  const params: string[] = [];
  const segs = path.split('/').filter(Boolean);
  let re = '^';
  segs.forEach((s, i) => {
    if (s === '*') re += '(?:/.*)?';
    else if (s.startsWith(':')) {
      params.push(s.slice(1));
      re += suffix !== null && i === segs.length - 1 ? '/([^/]+)' : '/([^/]*)';
    } else re += `/${esc(s)}`;
  });
  if (suffix !== null) re += `\\.${esc(suffix)}`;
  return { re: segs.at(-1) === '*' ? `${re}$` : `${re}/?$`, params };
}

/** The variable holding a key's value with digits above `max` clamped to `max` (set by apache.ts). */
export const clampVar = (key: string, max: number): string => `JC_${key}_${max}`;

/** A regex matching digit strings whose number is above `max` (leading zeros allowed). */
export function greaterThan(max: number): string {
  const m = String(max);
  const alts = [`[1-9]\\d{${m.length},}`];
  for (let i = 0; i < m.length; i++) {
    const d = Number(m[i]);
    if (d < 9) alts.push(`${m.slice(0, i)}[${i === 0 ? Math.max(d + 1, 1) : d + 1}-9]\\d{${m.length - i - 1}}`);
  }
  return `^0*(?:${alts.join('|')})$`;
}

const errorRule = (re: string, conds: string[], code: ErrorName) => [...conds, `RewriteRule ${re} - [R=404,E=JASPAR_ERROR:${code}]`];

/** The code of the tuples of a group, split by the literal values it depends on. */
function codeConditions(run: Run, group: OptionClass[], table: { keys: readonly number[]; codes: readonly (ErrorName | null)[] }): [string[], ErrorName][] {
  const combos: [string[], number[]][] = [[[], []]];
  for (const k of table.keys) {
    const c = group[k]!;
    const next: [string[], number[]][] = [];
    for (const [conds, idx] of combos) {
      for (const o of c.options) {
        const opt = run.keys[k]!.options[o]!;
        const cond = c.kind === 'literal' && c.options.length > 1 && opt.kind === 'literal' ? [`RewriteCond %{ENV:JQ_${run.keys[k]!.key}} =${opt.value}`] : [];
        next.push([[...conds, ...cond], [...idx, o]]);
      }
    }
    combos.splice(0, combos.length, ...next);
  }
  const counts = run.keys.map((k) => k.options.length);
  const byCode = new Map<ErrorName, string[]>();
  const out: [string[], ErrorName][] = [];
  for (const [conds, idx] of combos) {
    const at = table.keys.reduce((n, k, i) => n * counts[k]! + idx[i]!, 0);
    const code = table.codes[at] ?? 'not-found';
    if (conds.length === 0 && byCode.has(code)) continue;
    byCode.set(code, conds);
    out.push([conds, code]);
  }
  return out;
}

/** The rewrite rules of one run; `fragments` collects the map entries they look up. */
export function runRules(run: Run, fragments: FragmentMap, fragmentList: (values: readonly (string | null)[]) => number): string[] {
  const lines: string[] = [];
  for (const group of groups(run)) {
    const sfx = run.keys.findIndex((k) => k.key === SUFFIX_KEY);
    const sfxOption = sfx >= 0 && group[sfx] ? run.keys[sfx]!.options[group[sfx]!.options[0]!]! : null;
    const { re, params } = pathRegex(run.path, sfxOption?.kind === 'literal' ? sfxOption.value : null);
    const conds: string[] = [];
    const binds = new Map<string, string>();
    group.forEach((c, k) => {
      const key = run.keys[k]!.key;
      if (key === SUFFIX_KEY || c.kind === 'ignore') return;
      conds.push(`RewriteCond %{ENV:JP_${key}} =1`);
      if (c.kind === 'literal') {
        const values = c.options.map((o) => esc((run.keys[k]!.options[o] as { value: string }).value));
        conds.push(`RewriteCond %{ENV:JQ_${key}} ^(?:${values.join('|')})$`);
      } else {
        const opt = run.keys[k]!.options[c.options[0]!] as Option & { kind: 'bind' };
        const map = opt.fold === 'upper' ? 'jaspar_toupper' : opt.fold === 'lower' ? 'jaspar_tolower' : null;
        const raw = `%{ENV:${opt.max === undefined ? `JQ_${key}` : clampVar(key, opt.max)}}`;
        binds.set(opt.name, map ? `\${${map}:${raw}}` : raw);
      }
    });
    const last = group.at(-1);
    if (last?.fixed) {
      lines.push(...errorRule(re, conds, last.fixed), '');
      continue;
    }
    const outcome = run.outcome;
    if (outcome.kind === 'none') continue;
    if (outcome.kind === 'error') {
      for (const [extra, code] of codeConditions(run, group, outcome.error)) lines.push(...errorRule(re, [...conds, ...extra], code));
      lines.push('');
      continue;
    }
    let target = outcome.parts
      .map((p) => {
        if (typeof p === 'string') return p;
        const c = group[p.key]!;
        if (c.options.length === 1) return p.fragments[c.options[0]!] ?? '';
        const list = fragmentList(p.fragments);
        c.options.forEach((o) => {
          const opt = run.keys[p.key]!.options[o] as { value: string };
          if (p.fragments[o]) fragments.set(`${list}/${opt.value}`, p.fragments[o] as string);
        });
        return `\${jaspar_fragment:${list}/%{ENV:JQ_${run.keys[p.key]!.key}}|}`;
      })
      .join('');
    const safety: string[] = [];
    target = target.replace(/:([a-z_]+)/g, (_m, name: string) => {
      const i = params.indexOf(name);
      const value = i >= 0 ? `$${i + 1}` : (binds.get(name) ?? '');
      safety.push(`RewriteCond ${value || '""'} ${SAFE}`);
      return value;
    });
    lines.push(...conds, ...safety, `RewriteCond %{DOCUMENT_ROOT}${target} -f`, `RewriteRule ${re} ${target}`);
    for (const [extra, code] of codeConditions(run, group, outcome.missing)) lines.push(...errorRule(re, [...conds, ...extra], code));
    lines.push('');
  }
  return lines;
}
