/**
 * Fitting the compiled table into CloudFront functions, which hold at most 10 KB of code each.
 * When the whole table fits, one function serves `/api/*`. Otherwise the runs are grouped by
 * resource (the first three literal path segments, e.g. `/api/v1/matrix`), groups are packed
 * into functions that fit, and each group gets a cache behavior (`/api/v1/matrix*`) running its
 * function; runs whose path does not start with three literal segments (the API root, the
 * catch-all 404) go into every function, in table order, and into the `/api/*` fallback.
 */
import type { Run } from './runs.js';

/** CloudFront's limit on a function's code, in bytes. */
export const FUNCTION_LIMIT = 10 * 1024;

export interface FunctionPlan {
  /** File stem and function-name suffix, e.g. `api` or `matrix`. */
  readonly name: string;
  readonly runs: readonly Run[];
}

export interface Behavior {
  /** CloudFront path pattern (`*` matches anything, `?` one character). */
  readonly pathPattern: string;
  readonly fn: string;
}

/** The group of a run: its path's first three segments when all literal, else null (shared). */
function groupOf(run: Run): string | null {
  const segs = run.path.split('/').filter(Boolean).slice(0, 3);
  return segs.length === 3 && segs.every((s) => !s.startsWith(':') && s !== '*') ? `/${segs.join('/')}` : null;
}

/** Functions and behaviors for `runs`; `source` renders a function so its size can be checked. */
export function splitFunctions(runs: readonly Run[], source: (runs: readonly Run[]) => string): { functions: FunctionPlan[]; behaviors: Behavior[] } {
  const size = (rs: readonly Run[]) => Buffer.byteLength(source(rs));
  if (size(runs) <= FUNCTION_LIMIT) return { functions: [{ name: 'api', runs }], behaviors: [{ pathPattern: '/api/*', fn: 'api' }] };
  const groups: string[] = [];
  for (const run of runs) {
    const g = groupOf(run);
    if (g !== null && !groups.includes(g)) groups.push(g);
  }
  const select = (gs: readonly string[]) => runs.filter((r) => groupOf(r) === null || gs.includes(groupOf(r) as string));
  const packs: string[][] = [];
  for (const g of groups) {
    const last = packs.at(-1);
    if (last && size(select([...last, g])) <= FUNCTION_LIMIT) last.push(g);
    else packs.push([g]);
  }
  const functions: FunctionPlan[] = packs.map((gs) => ({ name: (gs[0] as string).split('/').pop() as string, runs: select(gs) }));
  functions.push({ name: 'api', runs: select([]) });
  // Longer patterns first, so /api/v1/matrix* cannot take /api/v1/matrixes requests.
  const behaviors: Behavior[] = packs
    .flatMap((gs, i) => gs.map((g) => ({ pathPattern: `${g}*`, fn: (functions[i] as FunctionPlan).name })))
    .sort((a, b) => b.pathPattern.length - a.pathPattern.length);
  behaviors.push({ pathPattern: '/api/*', fn: 'api' });
  return { functions, behaviors };
}

/** CloudFront's path-pattern match (case-sensitive; `*` any run of characters, `?` one). */
export function pathPatternMatches(pattern: string, path: string): boolean {
  const re = pattern.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.');
  return new RegExp(`^${re}$`).test(path);
}
