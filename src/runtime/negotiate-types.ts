/**
 * DRF's content negotiation over media types (rest_framework/negotiation.py): the Accept
 * header's media types ranked by specificity, not by `q` (`type/sub;param` > `type/sub` >
 * `type/*` > `*\/*`, a lone `q` parameter not counting); within a rank, the first renderer
 * type, in the order given, that one of them matches. No header (or an empty one) is `*\/*`.
 * ./negotiate.ts reads it over the format table, the CloudFront function over its own
 * table's media types. It imports nothing, so the function bundles it alone.
 * Runtime-safe subset (docs/runtime.md).
 */

/** An Accept entry as DRF matches it: type and subtype, lower case. */
type Accepted = readonly [main: string, sub: string];

/** Where an Accept entry ranks, 0 the most specific (its parameters' names as Django's parse_header_parameters reads them). */
function rank(main: string, sub: string, parameters: readonly string[]): number {
  if (main === '*') return 3;
  if (sub === '*') return 2;
  const names: string[] = [];
  for (let i = 0; i < parameters.length; i++) {
    const eq = parameters[i]!.indexOf('=');
    const name = (eq === -1 ? parameters[i]! : parameters[i]!.slice(0, eq)).trim().toLowerCase();
    if (name !== '' && names.indexOf(name) === -1) names.push(name);
  }
  // A lone `q` does not count.
  return names.length === 0 || (names.length === 1 && names[0] === 'q') ? 1 : 0;
}

/**
 * The index in `types` (renderer media types without parameters, in preference order) of the
 * one DRF's negotiation picks for an Accept header, or -1 when none is acceptable (→ 406).
 */
export function negotiateType(accept: string | null, types: readonly string[]): number {
  const tokens = (accept === null || accept.trim() === '' ? '*/*' : accept).split(',');
  const ranked: Accepted[][] = [[], [], [], []];
  for (let i = 0; i < tokens.length; i++) {
    const parameters = tokens[i]!.split(';');
    const type = parameters.shift()!.trim().toLowerCase();
    const slash = type.indexOf('/');
    const main = slash === -1 ? type : type.slice(0, slash);
    const sub = slash === -1 ? '' : type.slice(slash + 1);
    ranked[rank(main, sub, parameters)]!.push([main, sub]);
  }
  for (let r = 0; r < ranked.length; r++)
    for (let c = 0; c < types.length; c++) {
      const slash = types[c]!.indexOf('/');
      for (let k = 0; k < ranked[r]!.length; k++) {
        // DRF's `_MediaType.match` of the renderer's type against the accepted one.
        const a = ranked[r]![k]!;
        if (
          (a[1] === '*' || a[1] === types[c]!.slice(slash + 1)) &&
          (a[0] === '*' || a[0] === types[c]!.slice(0, slash))
        )
          return c;
      }
    }
  return -1;
}
