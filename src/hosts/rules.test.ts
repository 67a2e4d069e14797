import { describe, expect, it } from 'vitest';
import { defaultRouteOptions } from '../routes/generate.js';
import { ruleTable } from './rules.js';

describe('rule table', () => {
  const rules = ruleTable(defaultRouteOptions());

  it('never uses a placeholder name that is a prefix of another in the same rule (engines substitute textually)', () => {
    for (const rule of rules) {
      const names = [
        ...[...rule.path.matchAll(/:([a-z_]+)/g)].map((m) => m[1] as string),
        ...rule.query.flatMap((q) => ('placeholder' in q ? [q.placeholder] : [])),
      ];
      for (const a of names) for (const b of names) if (a !== b) expect(b.startsWith(a), `${a} / ${b} in ${rule.path}`).toBe(false);
    }
  });

  it('binds every placeholder of a rewrite target', () => {
    for (const rule of rules) {
      if (rule.action.kind !== 'rewrite') continue;
      const bound = new Set([
        ...[...rule.path.matchAll(/:([a-z_]+)/g)].map((m) => m[1]),
        ...rule.query.flatMap((q) => ('placeholder' in q ? [q.placeholder] : [])),
      ]);
      for (const m of rule.action.target.matchAll(/:([a-z_]+)/g)) expect(bound.has(m[1]), `${m[1]} in ${rule.action.target}`).toBe(true);
    }
  });

  it('puts rules with more filter keys before rules with fewer, so no filter is ignored', () => {
    const filterKeys = new Set(['collection', 'tax_group', 'tax_id', 'version']);
    const matrixRules = rules.filter((r) => r.path === '/api/v1/matrix' && r.action.kind === 'rewrite' && !r.suffix);
    const counts = matrixRules.map((r) => r.query.filter((q) => filterKeys.has(q.key)).length);
    const withVersion = matrixRules.map((r) => r.query.some((q) => q.key === 'version'));
    // version=latest groups first (largest first), then the others (largest first).
    const firstWithout = withVersion.indexOf(false);
    expect(withVersion.slice(firstWithout).every((v) => !v)).toBe(true);
    for (const part of [counts.slice(0, firstWithout), counts.slice(firstWithout)]) {
      for (let i = 1; i < part.length; i++) expect(part[i]).toBeLessThanOrEqual(part[i - 1] as number);
    }
  });

  it('stays within a few thousand rules (Netlify matches linearly)', () => {
    expect(rules.length).toBeLessThan(5000);
  });
});
