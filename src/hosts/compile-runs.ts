/**
 * The whole rule table as runs (runs.ts): split into blocks of one path pattern (a DRF suffix
 * counts as the query key SUFFIX_KEY), each block into the longest stretches that are runs.
 * Candidate ends are the natural seams of the generated table (around error rules, where suffix
 * rules end, the end of the block), longest first; a single rule is always a run.
 */
import type { Rule } from './rules.js';
import { conditionIds, SUFFIX_KEY, tryRun, type Run } from './runs.js';

const hasSuffix = (r: Rule) => r.query[0]?.key === SUFFIX_KEY;

/** Positions inside [start, end) where a run may end: around error rules, where suffix rules end, and the end. */
function candidateEnds(rules: readonly Rule[], start: number, end: number): number[] {
  const out = new Set<number>([end]);
  for (let i = start + 1; i < end; i++) {
    if ((rules[i] as Rule).action.kind === 'error') out.add(i).add(i + 1);
    if (hasSuffix(rules[i] as Rule) !== hasSuffix(rules[i - 1] as Rule)) out.add(i);
  }
  return [...out].filter((e) => e > start && e <= end).sort((a, b) => b - a);
}

/** The rule with its suffix as a SUFFIX_KEY condition. */
function suffixAsKey(rule: Rule): Rule {
  if (rule.suffix === undefined) return rule;
  return { path: rule.path, query: [{ key: SUFFIX_KEY, value: rule.suffix }, ...rule.query], action: rule.action };
}

/** The whole table as runs, in table order; every rule belongs to exactly one run. */
export function compileRuns(table: readonly Rule[]): Run[] {
  const rules = table.map(suffixAsKey);
  const condIds = rules.map(conditionIds);
  const runs: Run[] = [];
  let i = 0;
  while (i < rules.length) {
    let blockEnd = i + 1;
    while (blockEnd < rules.length && (rules[blockEnd] as Rule).path === (rules[i] as Rule).path) blockEnd++;
    for (const end of [...candidateEnds(rules, i, blockEnd), i + 1]) {
      const run = tryRun(rules.slice(i, end), condIds.slice(i, end));
      if (run) {
        runs.push(run);
        i = end;
        break;
      }
    }
  }
  return runs;
}
