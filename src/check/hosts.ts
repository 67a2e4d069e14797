/**
 * How each rules-tier host is asked and judged: whether it reads Accept, and whether it answers
 * methods other than GET and HEAD (Netlify serves every method as GET, so it is asked GET and
 * HEAD only). Unknown (a site for several hosts): either. The one source of these settings:
 * `check` and the host suites (test/hosts/support/rules-suite.ts) read them here.
 */
import type { HostTarget } from '../targets/registry.js';
import type { RulesTraits } from './judge.js';
import type { ClientRequest } from './types.js';

interface HostTraits extends RulesTraits {
  readonly everyMethod: boolean;
}

/** A known rules-tier host: whether it reads Accept is known too. */
interface RulesHost extends HostTraits {
  readonly negotiates: boolean;
}

const RULES_HOSTS: Partial<Record<HostTarget, RulesHost>> = {
  netlify: { negotiates: false, everyMethod: false },
  apache: { negotiates: true, everyMethod: true },
  cloudfront: { negotiates: true, everyMethod: true },
};

export const traitsOf = (target: HostTarget | null): HostTraits =>
  (target === null ? undefined : RULES_HOSTS[target]) ?? { negotiates: 'maybe', everyMethod: false };

/** The settings of a host of the rules tier; throws for any other target. */
export function rulesHostSettings(target: HostTarget): RulesHost {
  const host = RULES_HOSTS[target];
  if (host === undefined) throw new Error(`${target} is not a host of the rules tier`);
  return host;
}

/** The requests a host of the rules tier is asked. */
export const askable = (traits: HostTraits, requests: readonly ClientRequest[]): ClientRequest[] =>
  requests.filter((r) => traits.everyMethod || r.method === 'GET' || r.method === 'HEAD');
