import { Script, createContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { defaultRouteOptions } from '../routes/generate.js';
import { ERROR_BODIES } from '../routes/paths.js';
import { matchRules } from './match.js';
import { parsePath, parseQuery } from './query.js';
import { ruleTable, type Rule } from './rules.js';
import { compileRuns } from './compile-runs.js';
import { tryRun } from './runs.js';
import { runtimeData } from './runtime-data.js';
import { runtimeScript } from './runtime-source.js';

type Resolve = (method: string, path: string, qs: string, accept: string) => { s: number; f?: string; m?: string; b?: string } | null;

function runtime(rules: readonly Rule[]): Resolve {
  const ctx = createContext({});
  new Script(`${runtimeScript(runtimeData(compileRuns(rules), null, []))}\nthis.resolve = jasparResolve;`).runInContext(ctx);
  return ctx.resolve as Resolve;
}

/** What the reference evaluator (match.ts, the dev server's) answers, in the runtime's shape. */
function reference(rules: readonly Rule[], path: string, qs: string) {
  const m = matchRules(rules, parsePath(path) ?? [], parseQuery(qs));
  if (!m) return { s: 404, b: ERROR_BODIES['not-found'] };
  if (m.action.kind === 'error') return { s: 404, b: ERROR_BODIES[m.action.error] };
  if (m.target === null) return { s: 404, b: ERROR_BODIES[m.action.missing] };
  return { s: 200, f: m.target, m: ERROR_BODIES[m.action.missing] };
}

const PATHS = [
  '/api/v1/matrix/', '/api/v1/matrix', '/api/v1/matrix.json', '/api/v1/matrix.meme', '/api/v1/matrix.bogus', '/api/v1/matrix/MA0004.1/',
  '/api/v1/matrix/MA0004.1.jaspar', '/api/v1/matrix/MA0004.1.bogus', '/api/v1/matrix/MA0004/versions/', '/api/v1/matrix/MA0004/versions.yaml',
  '/api/v1/tffm/', '/api/v1/tffm.json', '/api/v1/tffm/TFFM0001.1/', '/api/v1/collections/', '/api/v1/collections/CORE/', '/api/v1/collections/core.json',
  '/api/v1/taxon/vertebrates/', '/api/v1/species/9606/', '/api/v1/releases/', '/api/v1/', '/api/v1', '/api/v1/nothing', '/api/v1//matrix/',
  '/api/v1/matrix//', '/api/v1/matrix/a%20b/', '/api/v1/matrix/..%2F..%2Fx/',
];
const VALUES: Record<string, (string | undefined)[]> = {
  format: [undefined, 'json', 'jsonp', 'yaml', 'jaspar', 'api', 'xml', ''],
  order: [undefined, 'name', '-version', '-log_p_1st_order', 'zzz'],
  page: [undefined, '2', 'last', 'abc', '..%2F', ''],
  page_size: [undefined, '100', '1000', '5000', 'x'],
  collection: [undefined, 'core', 'CORE'],
  tax_group: [undefined, 'Vertebrates'],
  tax_id: [undefined, '9606'],
  version: [undefined, 'latest', '2'],
  search: [undefined, 'x'],
};

describe('the compiled rule table', () => {
  const rules = ruleTable(defaultRouteOptions());
  const runs = compileRuns(rules);

  it('stands for every rule exactly once, in far fewer runs', () => {
    expect(runs.reduce((n, r) => n + r.rules, 0)).toBe(rules.length);
    expect(runs.length).toBeLessThan(rules.length / 20);
  });

  it('answers as the reference evaluator on thousands of requests', () => {
    const resolve = runtime(rules);
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const differences: string[] = [];
    for (const path of PATHS) {
      for (let i = 0; i < 300; i++) {
        const qs = Object.entries(VALUES)
          .map(([k, vs]) => [k, vs[Math.floor(random() * vs.length)]])
          .filter(([, v]) => v !== undefined)
          .map(([k, v]) => `${k}=${v}`)
          .join('&');
        const want = JSON.stringify(reference(rules, path, qs));
        const got = JSON.stringify(resolve('GET', path, qs, ''));
        if (want !== got) differences.push(`${path}?${qs}: ${want} ≠ ${got}`);
      }
    }
    expect(differences.slice(0, 10)).toEqual([]);
  });

  it('refuses a stretch whose first match is not the most specific rule', () => {
    const rewrite = (target: string) => ({ kind: 'rewrite' as const, target, format: 'json' as const, missing: 'not-found' as const });
    const general: Rule = { path: '/x', query: [], action: rewrite('/a.json') };
    const specific: Rule = { path: '/x', query: [{ key: 'k', value: 'v' }], action: rewrite('/b.json') };
    expect(tryRun([specific, general])).not.toBeNull();
    expect(tryRun([general, specific])).toBeNull();
    expect(compileRuns([general, specific]).map((r) => r.rules)).toEqual([1, 1]);
  });
});
