/**
 * Which format answers a request (contract §6, §8): the DRF suffix, then `?format=`, win;
 * otherwise DRF's content negotiation over the Accept header. DRF ranks the header's media
 * types by specificity, not by `q` (`type/sub;param` > `type/sub` > `type/*` > `*\/*`, a lone
 * `q` parameter not counting), and within a rank takes the first renderer, in the format
 * table's order, that one of them matches. No header (or an empty one) is `*\/*`.
 *
 * Runtime-safe subset (docs/runtime.md).
 */
import { negotiatedType, type FormatName } from '../api/formats.js';

interface MediaType {
  readonly main: string;
  readonly sub: string;
  readonly precedence: number;
}

/** One Accept entry as Django's parse_header_parameters reads it (type lower-cased, parameters by name). */
function parseMediaType(token: string): MediaType {
  const parts = token.split(';');
  const full = parts[0]!.trim().toLowerCase();
  const slash = full.indexOf('/');
  const main = slash === -1 ? full : full.slice(0, slash);
  const sub = slash === -1 ? '' : full.slice(slash + 1);
  const params: string[] = [];
  for (let i = 1; i < parts.length; i++) {
    const p = parts[i]!;
    const eq = p.indexOf('=');
    const name = (eq === -1 ? p : p.slice(0, eq)).trim().toLowerCase();
    if (name !== '' && params.indexOf(name) === -1) params.push(name);
  }
  const precedence =
    main === '*' ? 0 : sub === '*' ? 1 : params.length === 0 || (params.length === 1 && params[0] === 'q') ? 2 : 3;
  return { main, sub, precedence };
}

/** DRF's `_MediaType.match` of a renderer's type (no parameters) against an accepted one. */
function matches(renderer: string, accepted: MediaType): boolean {
  const slash = renderer.indexOf('/');
  const main = renderer.slice(0, slash);
  const sub = renderer.slice(slash + 1);
  if (accepted.sub !== '*' && accepted.sub !== sub) return false;
  if (accepted.main !== '*' && accepted.main !== main) return false;
  return true;
}

/**
 * The format DRF's negotiation picks among `candidates` (in format-table order) for an Accept
 * header, or null when none is acceptable (→ 406).
 */
export function negotiate(accept: string | null, candidates: readonly FormatName[]): FormatName | null {
  const header = accept === null || accept.trim() === '' ? '*/*' : accept;
  const tokens = header.split(',');
  const ranked: MediaType[][] = [[], [], [], []];
  for (let i = 0; i < tokens.length; i++) {
    const m = parseMediaType(tokens[i]!);
    ranked[3 - m.precedence]!.push(m);
  }
  for (let r = 0; r < ranked.length; r++) {
    const set = ranked[r]!;
    if (set.length === 0) continue;
    for (let c = 0; c < candidates.length; c++) {
      const type = negotiatedType(candidates[c]!);
      for (let k = 0; k < set.length; k++) if (matches(type, set[k]!)) return candidates[c]!;
    }
  }
  return null;
}
