/**
 * The rules tier's table as structured groups (docs/hosting.md): what a host that only rewrites
 * (Netlify `_redirects`, Apache mod_rewrite) answers, derived from the resource table, the
 * format table and the build's PrebuiltLists, so it describes exactly the prebuilt set of
 * src/plan/generate.ts and the runtime's rules mode (src/routes/prebuilt.ts). Every
 * rules-only host's configuration is rendered from these groups.
 *
 * Semantics (the reference evaluator is group-match.ts): groups are tried in order and the
 * first that matches wins. A group matches when the path has its form, the format condition
 * holds, and every key it lists has an alternative that matches; keys it does not list are
 * ignored. In the winning group each key takes its first matching alternative: a refusal
 * answers its error (keys in listed order), otherwise the fills make the target file, and a
 * missing file answers the group's `missing` error (or the first alternative's override).
 */
import type { FormatName } from '../../api/formats.js';
import type { ResourceName } from '../../api/resources.js';
import type { HostError } from './host-errors.js';

/** Which values of a query key (its last value, form-decoded) an alternative accepts. */
export type KeyMatch =
  /** One of these values exactly, or ignoring ASCII case where `caseless`. */
  | { readonly kind: 'literal'; readonly values: readonly string[]; readonly caseless: boolean }
  /** The key is present, with any value (empty too). */
  | { readonly kind: 'any' }
  /** Whatever the alternatives before it did not take, absence included. */
  | { readonly kind: 'otherwise' };

/** What a matching alternative does. */
export type KeyOutcome =
  /** Fill the key's placeholder: with the value itself (`text: null`, folded where the key says) or a fixed text. */
  | { readonly kind: 'fill'; readonly text: string | null }
  /** Answer this error at once. */
  | { readonly kind: 'refuse'; readonly error: HostError };

export interface KeyAlternative {
  readonly match: KeyMatch;
  readonly outcome: KeyOutcome;
  /** The error of a missing target file when this alternative was taken (before the group's own). */
  readonly missing?: HostError;
}

export interface KeyRule {
  readonly key: string;
  /** The target's placeholder this key fills (without `:`), or null when it only selects. */
  readonly placeholder: string | null;
  /** The case stored values use: hosts that can fold a bound value first (Apache) do; others match it as sent. */
  readonly fold: 'upper' | 'lower' | null;
  /** Tried in order: literals, then `any`, then `otherwise`. */
  readonly alternatives: readonly KeyAlternative[];
  /**
   * The key's literal values are every value that names a file at its placeholder (besides the
   * `otherwise` text, which names the file of the absent key): a host that cannot afford a rule
   * per value may bind any value instead, and any other value then finds no file (its missing
   * error, a 404) instead of the refusal.
   */
  readonly closed: boolean;
}

/** A path below `/api/v1/`. */
export interface PathForm {
  /** Segments; `:id` binds one non-empty segment. A trailing slash is optional. */
  readonly segments: readonly string[];
  /** DRF's format suffix on the last segment (`matrix.json`, `MA0004.1.jaspar`), or null. */
  readonly suffix: FormatName | null;
}

/** How a request selects a group's format. */
export interface FormatCondition {
  readonly format: FormatName;
  /** `query`: `format=<format>`; `suffix`: the path form's suffix; `none`: no format named. */
  readonly by: 'query' | 'suffix' | 'none';
  /**
   * Hosts that read `Accept` (contract §8): whether a request naming no format (or an empty
   * `format=`) whose negotiation picks this format matches too.
   */
  readonly negotiated: boolean;
}

/** Serve a prebuilt file. */
export interface ServeGroup {
  readonly kind: 'serve';
  readonly resource: ResourceName;
  readonly form: PathForm;
  readonly format: FormatCondition;
  /** The formats Accept negotiation chooses among on this resource, in DRF's renderer order. */
  readonly negotiable: readonly FormatName[];
  readonly keys: readonly KeyRule[];
  /** The file, from the path function, with `:placeholders` (`:id` from the path, the others from keys). */
  readonly target: string;
  readonly mediaType: string;
  readonly missing: HostError;
}

/**
 * Answer an error when a key matches; or when the request names a format (`format=`, non-empty
 * where the host negotiates) that no earlier group took (`unknown-format`); or, on hosts that
 * read Accept, when a request naming no format has no acceptable one (`not-acceptable`).
 */
export interface RefuseGroup {
  readonly kind: 'refuse';
  readonly resource: ResourceName;
  readonly form: PathForm;
  readonly when: { readonly key: string; readonly match: KeyMatch } | 'unknown-format' | 'not-acceptable';
  readonly negotiable: readonly FormatName[];
  readonly error: HostError;
}

export type Group = ServeGroup | RefuseGroup;

/** Every error the groups can answer (for the error files), each once. */
export function groupErrors(groups: readonly Group[], also: readonly HostError[] = []): HostError[] {
  const out: HostError[] = [];
  const add = (e: HostError) => {
    if (!out.some((x) => x.name === e.name)) out.push(e);
  };
  for (const g of groups) {
    if (g.kind === 'refuse') add(g.error);
    else {
      add(g.missing);
      for (const k of g.keys)
        for (const a of k.alternatives) {
          if (a.outcome.kind === 'refuse') add(a.outcome.error);
          if (a.missing) add(a.missing);
        }
    }
  }
  for (const e of also) add(e);
  return out;
}
