/**
 * Factoring the outcomes of a run (runs.ts): the targets of its rules become one template whose
 * slots each depend on one key's option, and its error codes (the error a rewrite answers when
 * its file is missing, or the error an error rule answers) one table over the few keys they
 * depend on. Both are checked against every rule of the run; null when they do not fit.
 */
import type { ErrorName } from '../routes/paths.js';

/** A constant piece of a target, or a slot filled with the fragment of one key's option. */
export type TemplatePart = string | { readonly key: number; readonly fragments: readonly (string | null)[] };

/** An error code as a function of the options of `keys` (mixed radix, first key most significant). */
export interface CodeTable {
  readonly keys: readonly number[];
  readonly codes: readonly (ErrorName | null)[];
}

/** Split before every `/` and `.`, so formats, orders and extensions are tokens of their own. */
const tokens = (s: string): string[] => (s === '' ? [] : s.split(/(?=[/.])/));

/** For each token of `a`, the index of the token of `b` it is aligned with (longest common subsequence), or -1. */
function align(a: readonly string[], b: readonly string[]): number[] {
  const n = a.length;
  const m = b.length;
  const dp: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      dp[i]![j] = a[i] === b[j] ? dp[i + 1]![j + 1]! + 1 : Math.max(dp[i + 1]![j]!, dp[i]![j + 1]!);
    }
  }
  const map = new Array<number>(n).fill(-1);
  for (let i = 0, j = 0; i < n && j < m; ) {
    if (a[i] === b[j]) map[i++] = j++;
    else if (dp[i + 1]![j]! >= dp[i]![j + 1]!) i++;
    else j++;
  }
  return map;
}

/** The stretches of `a` that differ in `b`, as [start, end) over `a` (empty for insertions). */
function editRegions(map: readonly number[], bLength: number): [number, number][] {
  const out: [number, number][] = [];
  let prevA = -1;
  let prevB = -1;
  for (let i = 0; i <= map.length; i++) {
    const j = i === map.length ? bLength : (map[i] as number);
    if (i < map.length && j === -1) continue;
    if (i > prevA + 1 || j > prevB + 1) out.push([prevA + 1, i]);
    prevA = i;
    prevB = j;
  }
  return out;
}

function mergeRegions(regions: [number, number][]): [number, number][] {
  const sorted = [...regions].sort((x, y) => x[0] - y[0] || x[1] - y[1]);
  const out: [number, number][] = [];
  for (const r of sorted) {
    const last = out.at(-1);
    if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
    else out.push([r[0], r[1]]);
  }
  return out;
}

/**
 * The template of the full tuples of a run. `variant(k, o)` is the index (into `tuples`) of the
 * base tuple with key `k` set to option `o`; `fixed[k][o]` marks options that have no fragment.
 */
export function factorTemplate(
  tuples: readonly (readonly number[])[],
  targets: readonly string[],
  base: number,
  variant: (key: number, option: number) => number,
  fixed: readonly (readonly boolean[])[],
): TemplatePart[] | null {
  const baseTuple = tuples[base] as readonly number[];
  const tb = tokens(targets[base] as string);
  const perKey: { regions: [number, number][]; maps: Map<number, { map: number[]; t: string[] }> }[] = [];
  for (let k = 0; k < fixed.length; k++) {
    const maps = new Map<number, { map: number[]; t: string[] }>();
    const regions: [number, number][] = [];
    (fixed[k] as readonly boolean[]).forEach((isFixed, o) => {
      if (isFixed || o === baseTuple[k]) return;
      const t = tokens(targets[variant(k, o)] as string);
      const map = align(tb, t);
      maps.set(o, { map, t });
      regions.push(...editRegions(map, t.length));
    });
    perKey.push({ regions: mergeRegions(regions), maps });
  }
  const slots = perKey.flatMap((p, key) => p.regions.map(([a, b]) => ({ key, a, b }))).sort((x, y) => x.a - y.a || x.b - y.b);
  for (let i = 1; i < slots.length; i++) if ((slots[i] as { a: number }).a < (slots[i - 1] as { b: number }).b) return null;

  const parts: TemplatePart[] = [];
  let at = 0;
  for (const { key, a, b } of slots) {
    if (a > at) parts.push(tb.slice(at, a).join(''));
    const fragments: (string | null)[] = [];
    for (let o = 0; o < (fixed[key] as readonly boolean[]).length; o++) {
      if ((fixed[key] as readonly boolean[])[o]) fragments.push(null);
      else if (o === baseTuple[key]) fragments.push(tb.slice(a, b).join(''));
      else {
        const { map, t } = perKey[key]!.maps.get(o)!;
        const left = a === 0 ? 0 : (map[a - 1] as number) + 1;
        const right = b === tb.length ? t.length : (map[b] as number);
        if ((a > 0 && map[a - 1] === -1) || (b < tb.length && map[b] === -1)) return null;
        fragments.push(t.slice(left, right).join(''));
      }
    }
    parts.push({ key, fragments });
    at = b;
  }
  if (at < tb.length) parts.push(tb.slice(at).join(''));
  const compose = (t: readonly number[]) => parts.map((p) => (typeof p === 'string' ? p : p.fragments[t[p.key] as number])).join('');
  return tuples.every((t, i) => compose(t) === targets[i]) ? parts : null;
}

/** The code of every tuple as a table over the keys it depends on; null when that fails. */
export function codeTable(tuples: readonly (readonly number[])[], codes: readonly ErrorName[], optionCounts: readonly number[]): CodeTable | null {
  const keys: number[] = [];
  for (let k = 0; k < optionCounts.length; k++) {
    const seen = new Map<string, ErrorName>();
    for (let i = 0; i < tuples.length; i++) {
      const id = (tuples[i] as readonly number[]).map((o, j) => (j === k ? '_' : o)).join(',');
      const code = seen.get(id);
      if (code === undefined) seen.set(id, codes[i] as ErrorName);
      else if (code !== codes[i]) {
        keys.push(k);
        break;
      }
    }
  }
  const size = keys.reduce((n, k) => n * (optionCounts[k] as number), 1);
  const table = new Array<ErrorName | null>(size).fill(null);
  for (let i = 0; i < tuples.length; i++) {
    const index = keys.reduce((n, k) => n * (optionCounts[k] as number) + ((tuples[i] as readonly number[])[k] as number), 0);
    if (table[index] !== null && table[index] !== codes[i]) return null;
    table[index] = codes[i] as ErrorName;
  }
  return { keys, codes: table };
}
