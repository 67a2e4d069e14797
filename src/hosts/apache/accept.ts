/**
 * DRF's content negotiation (contract §8, src/runtime/negotiate.ts) as regular expressions on
 * the Accept header, for hosts that can only match it (Apache's `RewriteCond %{HTTP:Accept}`,
 * PCRE, matched case-insensitively). DRF ranks the header's entries by specificity — level 3
 * `type/sub;param` (a parameter other than `q`), 2 `type/sub`, 1 `type/*`, 0 `*` as the type —
 * and takes, at the most specific level that has an entry matching some renderer, the first
 * renderer (format-table order) one of them matches. So the answer is the first (level from 3
 * down, renderer in order) for which the header has an entry of that level matching that
 * renderer: one pattern per level and renderer, tried in that order. The patterns use only
 * syntax JavaScript and PCRE read alike, and contain no spaces (Apache takes them unquoted).
 */
import { negotiatedType, type FormatName } from '../../api/formats.js';

const esc = (s: string): string => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** One entry's start: after the header's start or a comma, optional whitespace. */
const START = '(?:^|,)\\s*';
/** The rest of an entry: its parameters (no comma inside), up to the next comma or the end. */
const PARAMS = '(?:;[^,]*)?(?=,|$)';
/** A parameter whose name is not `q` (and not empty: `;`, `;=x` name nothing). */
const NAMED_PARAM = ';\\s*(?!q\\s*(?:[;=,]|$))[^;,=\\s]';
/** Parameters that name nothing but `q`. */
const Q_ONLY = '(?:;\\s*(?:q\\s*)?(?:=[^;,]*)?)*\\s*(?=,|$)';

/** The pattern of an Accept entry of `level` that DRF's match accepts for a renderer of `mediaType` (`type/sub`). */
export function acceptPattern(level: 0 | 1 | 2 | 3, mediaType: string): string {
  const [main, sub] = mediaType.split('/') as [string, string];
  switch (level) {
    case 3:
      return `${START}${esc(main)}/${esc(sub)}\\s*(?:;[^,]*)?${NAMED_PARAM}`;
    case 2:
      return `${START}${esc(main)}/${esc(sub)}\\s*${Q_ONLY}`;
    case 1:
      return `${START}${esc(main)}/\\*\\s*${PARAMS}`;
    case 0:
      return `${START}\\*/(?:\\*|${esc(sub)})\\s*${PARAMS}`;
  }
}

/** A header with no entry at all (absent or blank): DRF reads it as `*\/*`. */
export const BLANK_ACCEPT = '^\\s*$';

/** The patterns to try in order for `candidates` (format-table order), each with the format it picks. */
export function negotiationSteps(
  candidates: readonly FormatName[],
): { readonly pattern: string; readonly format: FormatName }[] {
  const steps: { pattern: string; format: FormatName }[] = [];
  if (candidates[0] !== undefined) steps.push({ pattern: BLANK_ACCEPT, format: candidates[0] });
  for (const level of [3, 2, 1, 0] as const) {
    for (const format of candidates) steps.push({ pattern: acceptPattern(level, negotiatedType(format)), format });
  }
  return steps;
}
