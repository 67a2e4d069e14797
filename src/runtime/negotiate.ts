/**
 * Which format answers a request (contract §6, §8): the DRF suffix, then `?format=`, win;
 * otherwise DRF's content negotiation over the Accept header. DRF ranks the header's media
 * types by specificity, not by `q` (`type/sub;param` > `type/sub` > `type/*` > `*\/*`, a lone
 * `q` parameter not counting), and within a rank takes the first renderer, in the format
 * table's order, that one of them matches. No header (or an empty one) is `*\/*`.
 *
 * The negotiation itself is over media types (./negotiate-types.ts), so the CloudFront
 * function, which holds the site's media types in its table, runs the same steps.
 * Runtime-safe subset (docs/runtime.md).
 */
import { negotiatedType, type FormatName } from '../api/formats.js';
import { negotiateType } from './negotiate-types.js';

/**
 * The format DRF's negotiation picks among `candidates` (in format-table order) for an Accept
 * header, or null when none is acceptable (→ 406).
 */
export function negotiate(accept: string | null, candidates: readonly FormatName[]): FormatName | null {
  const i = negotiateType(accept, candidates.map(negotiatedType));
  return i === -1 ? null : candidates[i]!;
}
