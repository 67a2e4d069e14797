/**
 * The compiled rule table (runs.ts) as compact JSON for the JavaScript runtime that CloudFront
 * and nginx run (runtime-source.ts). Repeated option lists and fragment lists are stored once;
 * errors are one-character codes. A CloudFront function holds at most 10 KB of code, so every
 * byte here counts (runtime-source.test.ts checks the size).
 */
import { ERROR_BODIES, type ErrorName } from '../routes/paths.js';
import { ACCEPT_HTML, ACCEPT_JSON, FORMAT_PARAM } from './accept.js';
import { ALLOW, BAD_REQUEST_BODY } from './content-types.js';
import type { CodeTable, TemplatePart } from './run-template.js';
import type { Option, Run } from './runs.js';

/** A run: path index, keys as `name,option-list index[,fixed codes]`, outcome. */
type RunData = [number, string[], OutcomeData];
/** A template part: a constant, an index into S, or [key, fragment list]. */
type PartData = string | number | [number, number];
/** 0: no full tuples; ['e', keys, codes]; ['r', parts, keys, codes]. */
type OutcomeData = 0 | ['e', number[], string] | ['r', PartData[], number[], string];

export interface RuntimeData {
  /** Path patterns. */
  readonly P: string[];
  /**
   * Option lists, space-separated: `=value`, `:name` (bind), `^name` / `_name` (bind,
   * upper/lower-cased), `*` (ignore); a bind may end in `<max` (digits above max clamp to it).
   * Values and names never contain spaces (safe segments).
   */
  readonly O: string[];
  /** Fragment lists, space-separated (empty for fixed options, which have none). */
  readonly F: string[];
  /** Template constants used more than once. */
  readonly S: string[];
  /** Error names; a code is `String.fromCharCode(48 + index)`, `-` for none. */
  readonly E: ErrorName[];
  /** Error bodies, parallel to E. */
  readonly B: string[];
  readonly R: RunData[];
  /** The not-found body (unknown paths, paths not to serve). */
  readonly N: string;
  /** The HTML format negotiation may pick, or null; the query key it fills. */
  readonly H: string | null;
  readonly fk: string;
  /** Site paths no host may serve. */
  readonly X: string[];
  readonly aj: string;
  readonly ah: string;
  readonly allow: string;
  readonly bad: string;
}

function optionCode(o: Option): string {
  if (o.kind === 'literal') return `=${o.value}`;
  if (o.kind === 'ignore') return '*';
  return `${o.fold === 'upper' ? '^' : o.fold === 'lower' ? '_' : ':'}${o.name}${o.max === undefined ? '' : `<${o.max}`}`;
}

/** Interns JSON-equal values, returning their index. */
function interner<T>(list: T[]): (value: T) => number {
  const seen = new Map<string, number>();
  return (value) => {
    const id = JSON.stringify(value);
    let i = seen.get(id);
    if (i === undefined) seen.set(id, (i = list.push(value) - 1));
    return i;
  };
}

/** The runtime's data for a build: runs, the HTML format (or null) and the paths not to serve. */
export function runtimeData(runs: readonly Run[], htmlFormat: string | null, notServed: readonly string[]): RuntimeData {
  const E = Object.keys(ERROR_BODIES) as ErrorName[];
  const P: string[] = [];
  const O: string[] = [];
  const F: string[] = [];
  const path = interner(P);
  const options = interner(O);
  const fragments = interner(F);
  const code = (e: ErrorName | null) => (e === null ? '-' : String.fromCharCode(48 + E.indexOf(e)));
  const table = (t: CodeTable): [number[], string] => [[...t.keys], t.codes.map(code).join('')];
  const uses = new Map<string, number>();
  for (const run of runs) {
    if (run.outcome.kind !== 'rewrite') continue;
    for (const p of run.outcome.parts) if (typeof p === 'string') uses.set(p, (uses.get(p) ?? 0) + 1);
  }
  const S = [...uses].filter(([, n]) => n > 1).map(([p]) => p);
  const part = (p: TemplatePart): PartData =>
    typeof p !== 'string' ? [p.key, fragments(p.fragments.map((f) => f ?? '').join(' '))] : S.includes(p) ? S.indexOf(p) : p;
  const R: RunData[] = runs.map((run) => {
    const keys = run.keys.map((k) => {
      const fixed = k.fixed.some((f) => f !== null) ? `,${k.fixed.map(code).join('')}` : '';
      return `${k.key},${options(k.options.map(optionCode).join(' '))}${fixed}`;
    });
    const o = run.outcome;
    const outcome: OutcomeData =
      o.kind === 'none' ? 0 : o.kind === 'error' ? ['e', ...table(o.error)] : ['r', o.parts.map(part), ...table(o.missing)];
    return [path(run.path), keys, outcome];
  });
  return {
    P, O, F, S, E, B: E.map((e) => ERROR_BODIES[e]), R, N: ERROR_BODIES['not-found'], H: htmlFormat, fk: FORMAT_PARAM, X: [...notServed],
    aj: ACCEPT_JSON, ah: ACCEPT_HTML, allow: ALLOW, bad: BAD_REQUEST_BODY,
  };
}
