/**
 * How each rules-tier host is asked and judged (the host suites' settings, test/hosts/): whether
 * it reads Accept, and whether it answers methods other than GET and HEAD (Netlify serves every
 * method as GET, so it is asked GET and HEAD only). Unknown (a site for several hosts): either.
 */
import type { HostTarget } from '../hosts/registry.js';
import type { RulesTraits } from './judge.js';
import type { ClientRequest } from './types.js';

interface HostTraits extends RulesTraits {
  readonly everyMethod: boolean;
}

const RULES_HOSTS: Partial<Record<HostTarget, HostTraits>> = {
  netlify: { negotiates: false, everyMethod: false },
  apache: { negotiates: true, everyMethod: true },
  cloudfront: { negotiates: true, everyMethod: true },
};

export const traitsOf = (target: HostTarget | null): HostTraits =>
  (target === null ? undefined : RULES_HOSTS[target]) ?? { negotiates: 'maybe', everyMethod: false };

/** The requests a host of the rules tier is asked. */
export const askable = (traits: HostTraits, requests: readonly ClientRequest[]): ClientRequest[] =>
  requests.filter((r) => traits.everyMethod || r.method === 'GET' || r.method === 'HEAD');
