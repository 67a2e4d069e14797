/**
 * The query keys of the rule groups (groups.ts), one builder per key, each saying which values
 * a rules-only host answers from a prebuilt file and what it refuses — the list's prebuilt plan
 * (src/routes/prebuilt-plan.ts), as the runtime's rules mode reads it (src/routes/prebuilt.ts),
 * restricted to what a host can match: exact values. Where the
 * runtime reads a value more leniently (`page=02`, `page_size=5000`, `order=name,zzz`), the
 * group refuses or finds no file: a 404, never a different list (contract §8).
 */
import type { PrebuiltFilter } from '../../routes/prebuilt-plan.js';
import type { ReleaseConfig } from '../../routes/site-data.js';
import { CALLBACK_ERROR, ORDER_ERROR, PAGE_MISSING_ERROR, PAGE_SIZE_ERROR, type HostError } from './host-errors.js';
import { DEFAULT_CALLBACK } from '../../routes/request.js';
import type { KeyAlternative, KeyMatch, KeyRule } from './groups.js';

const literal = (values: readonly string[], caseless = false): KeyMatch => ({ kind: 'literal', values, caseless });
const ANY: KeyMatch = { kind: 'any' };
const OTHERWISE: KeyMatch = { kind: 'otherwise' };
const fill = (match: KeyMatch, text: string | null = null, missing?: HostError): KeyAlternative => ({
  match,
  outcome: { kind: 'fill', text },
  ...(missing ? { missing } : {}),
});
const refuse = (match: KeyMatch, error: HostError): KeyAlternative => ({ match, outcome: { kind: 'refuse', error } });

/**
 * A filter value bound into a path segment must not be a dot segment: a host resolving the
 * rewritten path would step to another folder (another list). The runtime finds no file for
 * them either. Refused before the groups (derive-groups.ts).
 */
export const DOT_SEGMENTS: readonly string[] = ['.', '..'];

/** The spellings of a release a request may use (contract §8): its year and its name, ignoring case. */
export const releaseValues = (release: ReleaseConfig): string[] =>
  release.year === null ? [release.name] : [String(release.year), release.name];

/** `release`: the served release's year or name passes, any other value is refused. */
export function releaseKey(release: ReleaseConfig, error: HostError): KeyRule {
  return {
    key: 'release',
    placeholder: null,
    fold: null,
    closed: false,
    alternatives: [fill(literal(releaseValues(release), true)), refuse(ANY, error), fill(OTHERWISE)],
  };
}

/**
 * JSONP's `callback` (contract §8.1): the default name, or none, passes (the prebuilt files call
 * it); any other value is refused, a name the runtime would reject (a 400) included: a host
 * that only matches values cannot tell the two apart.
 */
export function callbackKey(): KeyRule {
  return {
    key: 'callback',
    placeholder: null,
    fold: null,
    closed: false,
    alternatives: [fill(literal([DEFAULT_CALLBACK])), refuse(ANY, CALLBACK_ERROR), fill(OTHERWISE)],
  };
}

/** A prebuilt filter of the group's selection: required, its value (folded to the stored case) in the path. */
export function filterKey(spec: PrebuiltFilter): KeyRule {
  const key = spec.key;
  if (spec.only !== null)
    return { key, placeholder: key, fold: null, closed: false, alternatives: [fill(literal([spec.only]))] };
  return { key, placeholder: key, fold: spec.fold, closed: false, alternatives: [fill(ANY)] };
}

/**
 * `order`: a prebuilt order value, or none (the default order, the path function's `absent`
 * segment). Closed: the order folders are exactly these and `absent` (which names the default
 * order, as the runtime reads an order naming no field); a dot segment only shortens a path
 * whose files all sit at the same depth, so it names no file either.
 */
export function orderKey(orders: readonly string[], absent: string): KeyRule {
  const alternatives: KeyAlternative[] = orders.length ? [fill(literal(orders))] : [];
  return {
    key: 'order',
    placeholder: 'order',
    fold: null,
    closed: true,
    alternatives: [...alternatives, refuse(ANY, ORDER_ERROR), fill(OTHERWISE, absent)],
  };
}

/** `page_size`: a prebuilt size as the client wrote it, or none. Closed, as `order`. */
export function pageSizeKey(sizes: readonly number[], absent: string): KeyRule {
  const alternatives: KeyAlternative[] = sizes.length ? [fill(literal(sizes.map(String)))] : [];
  return {
    key: 'page_size',
    placeholder: 'page_size',
    fold: null,
    closed: true,
    alternatives: [...alternatives, refuse(ANY, PAGE_SIZE_ERROR), fill(OTHERWISE, absent)],
  };
}

/**
 * `page`: any value names its file (a number or `last`), or page 1. A value naming none is past
 * the end or spelt other than its file (`02`, which DRF reads as 2): the host cannot tell which.
 */
export function pageKey(first: string): KeyRule {
  return {
    key: 'page',
    placeholder: 'page',
    fold: null,
    closed: false,
    alternatives: [fill(ANY, null, PAGE_MISSING_ERROR), fill(OTHERWISE, first)],
  };
}
