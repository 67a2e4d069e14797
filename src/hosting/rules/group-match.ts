/**
 * The reference evaluator of the rule groups (groups.ts): what a rules-only host configured
 * from them answers for an API request. Hosts render the groups (netlify.ts, apache.ts); this
 * states their meaning once, for the tests that compare the groups with the runtime's rules
 * mode and the hosts with the groups. Query names are compared as sent (a name with `%`
 * escapes is refused, as Apache does); values are form-decoded, the last one of a name wins.
 */
import { isSafeSegment } from '../../segments.js';
import { negotiate } from '../../runtime/negotiate.js';
import { asciiLower, foldValue, formDecode, parsePath } from '../../routes/request.js';
import type { Group, KeyMatch, PathForm, ServeGroup } from './groups.js';
import { ENCODED_NAME_ERROR, NOT_FOUND_ERROR, type HostError } from './host-errors.js';
import { ID_PLACEHOLDER } from './group-targets.js';

export type GroupAnswer =
  | {
      readonly kind: 'file';
      readonly file: string;
      readonly mediaType: string;
      readonly missing: HostError;
      readonly group: ServeGroup;
    }
  | { readonly kind: 'error'; readonly error: HostError };

export interface EvalOptions {
  /** Whether the host reads Accept (Apache, CloudFront) or not (Netlify). */
  readonly negotiate: boolean;
}

/** Query values by name as sent, the last one winning, form-decoded; null for a name with `%` escapes. */
function readQuery(query: string): Map<string, string> | null {
  const out = new Map<string, string>();
  for (const part of query.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const key = eq === -1 ? part : part.slice(0, eq);
    if (key.includes('%')) return null;
    out.set(key, eq === -1 ? '' : formDecode(part.slice(eq + 1)));
  }
  return out;
}

/** The `:id` of a path form's match, '' without one, or null when the path is not of the form. */
function matchForm(form: PathForm, below: readonly string[]): string | null {
  const segs = below.slice();
  if (form.suffix !== null) {
    const last = segs.pop();
    const end = `.${form.suffix}`;
    if (last === undefined || last.length <= end.length || !last.endsWith(end)) return null;
    segs.push(last.slice(0, -end.length));
  }
  if (segs.length !== form.segments.length) return null;
  let id = '';
  for (let i = 0; i < segs.length; i++) {
    const p = form.segments[i]!;
    if (p === ID_PLACEHOLDER) {
      if (segs[i] === '') return null;
      id = segs[i]!;
    } else if (p !== segs[i]) return null;
  }
  return id;
}

function matches(m: KeyMatch, value: string | undefined): boolean {
  if (m.kind === 'otherwise') return true;
  if (value === undefined) return false;
  if (m.kind === 'any') return true;
  return m.caseless ? m.values.some((v) => asciiLower(v) === asciiLower(value)) : m.values.includes(value);
}

/** The answer of a serve group that matched: a refusal, or the file with its fills. */
function serve(g: ServeGroup, id: string, q: Map<string, string>): GroupAnswer {
  let file = g.target.split(ID_PLACEHOLDER).join(id);
  let safe = id === '' || isSafeSegment(id);
  let missing: HostError | null = null;
  for (const rule of g.keys) {
    const value = q.get(rule.key);
    const alt = rule.alternatives.find((a) => matches(a.match, value));
    if (!alt) throw new Error('serve() on a group that does not match');
    if (alt.outcome.kind === 'refuse') return { kind: 'error', error: alt.outcome.error };
    missing ??= alt.missing ?? null;
    if (rule.placeholder === null) continue;
    const text = alt.outcome.text ?? foldValue(rule.fold, value ?? '');
    if (alt.outcome.text === null) safe &&= isSafeSegment(text);
    file = file.replace(new RegExp(`:${rule.placeholder}(?![a-z_])`), text);
  }
  const miss = missing ?? g.missing;
  return safe
    ? { kind: 'file', file, mediaType: g.mediaType, missing: miss, group: g }
    : { kind: 'error', error: miss };
}

/**
 * The groups' answer to a GET of `path` (raw) with `query` (raw, without `?`): a file or an
 * error (`Not found.` when no group matches); null for a path outside `/api/v1/`.
 */
export function evaluateGroups(
  groups: readonly Group[],
  path: string,
  query: string,
  accept: string | null,
  options: EvalOptions,
): GroupAnswer | null {
  const segments = parsePath(path);
  if (segments === null || segments[0] !== 'api' || segments[1] !== 'v1') return null;
  const below = segments.slice(2);
  const q = readQuery(query);
  if (q === null) return { kind: 'error', error: ENCODED_NAME_ERROR };
  const asked = q.get('format');
  for (const g of groups) {
    const id = matchForm(g.form, below);
    if (id === null) continue;
    // A suffix names the format; so does `format=`, unless empty where the host negotiates.
    const named = g.form.suffix !== null || (asked !== undefined && (asked !== '' || !options.negotiate));
    const picked = options.negotiate && !named ? negotiate(accept, g.negotiable) : null;
    if (g.kind === 'refuse') {
      const hit =
        g.when === 'not-acceptable'
          ? options.negotiate && !named && picked === null
          : g.when === 'unknown-format'
            ? named
            : matches(g.when.match, q.get(g.when.key));
      if (hit) return { kind: 'error', error: g.error };
      continue;
    }
    const f = g.format;
    const formatOk =
      f.by === 'suffix' ||
      (f.by === 'query' && named && asked === f.format) ||
      (f.by === 'query' && !named && f.negotiated && picked === f.format) ||
      (f.by === 'none' && !named && (!options.negotiate || picked === f.format));
    if (!formatOk) continue;
    if (!g.keys.every((k) => k.alternatives.some((a) => matches(a.match, q.get(k.key))))) continue;
    return serve(g, id, q);
  }
  return { kind: 'error', error: NOT_FOUND_ERROR };
}
