/**
 * nginx's fast path (issue 35): the prebuilt answers found by nginx itself, without starting the
 * njs module, compiled from the rule groups (src/hosting/rules/groups.ts) that describe exactly
 * the prebuilt set. What the fast path does not take goes to the module, which answers every
 * request exactly; so the fast path only has to be right where it serves a file, never complete.
 *
 * It takes a request only when nginx reads it as the runtime does: GET or HEAD, the raw target
 * equal to nginx's normalized one (no `%` escapes, no `//` or dot segments), query names among
 * the groups' keys each given once with a non-empty value of safe characters (no `%`, no `+`),
 * and an Accept header naming no format beyond `*\/*` or `application/json`. For such a
 * request the group that answers depends only on the path form, the format (named or
 * negotiated) and the class of each key that selects a group (absent, one of the literal values
 * the groups name, or another value): the build evaluates the groups (group-match.ts, the
 * reference the runtime is tested against) once per combination and writes the winning group's
 * file template into an exact-match map. Each key's part of the file comes from a map of its
 * value: a literal, the value itself where any safe value fills, the absent text, or `%` where
 * the group refuses, which names no file (so the module answers). nginx serves the file when
 * it exists (`-f`), through the typed location of its folder, as the module's internal
 * redirect did.
 *
 * All of it is `map` blocks, which nginx allows only in the `http` context: the deploy folder's
 * `jaspar-http.conf`.
 */
import { Numbered } from '../../hosting/rules/numbered.js';
import { esc } from '../../hosting/rules/pattern.js';
import { FORMATS, type FormatName } from '../../api/formats.js';
import { API_PREFIX } from '../../api/urls.js';
import { RESOURCES } from '../../api/resources.js';
import { evaluateGroups } from '../../hosting/rules/group-match.js';
import { ID_PLACEHOLDER, placeholderAt } from '../../hosting/rules/group-targets.js';
import type { Group, KeyRule, PathForm, ServeGroup } from '../../hosting/rules/groups.js';

/** The variable the API location tests and rewrites to (empty when the fast path does not apply). */
export const FAST_FILE = '$jaspar_file';

const SAFE_VALUE = '[A-Za-z0-9._-]+';
/** A safe path segment (src/segments.ts) as a PCRE pattern. */
const SAFE_SEGMENT = `(?!\\.\\.?(?:/|$))${SAFE_VALUE}`;
/** What a refusing key contributes: a character no built file name holds, so `-f` fails. */
const NO_FILE = '%';

/** An nginx string: quoted, with backslashes and quotes escaped. */
const str = (s: string): string => `"${s.replace(/[\\"]/g, '\\$&')}"`;
const variable = (name: string): string => `\${${name}}`;

/** The query keys the serve groups read, `format` first. */
function fastKeys(groups: readonly Group[]): string[] {
  const keys = ['format'];
  for (const g of groups) if (g.kind === 'serve') for (const k of g.keys) if (!keys.includes(k.key)) keys.push(k.key);
  return keys;
}

/** The path pattern of a form over `$uri`, capturing `:id` (a safe segment). */
function formPattern(form: PathForm): string {
  let re = `^${esc(API_PREFIX.slice(0, -1))}`;
  form.segments.forEach((s, i) => {
    re += s === ID_PLACEHOLDER ? `/(${SAFE_SEGMENT})` : `/${esc(s)}`;
    if (form.suffix !== null && i === form.segments.length - 1) re += `\\.${esc(form.suffix)}`;
  });
  return `${re}/?$`;
}

/** A path of the form, for evaluating the groups. */
function formPath(form: PathForm): string {
  const segs = form.segments.map((s) => (s === ID_PLACEHOLDER ? 'ID0' : s));
  const last = segs.length - 1;
  if (form.suffix !== null) segs[last] = `${segs[last]}.${form.suffix}`;
  return `${API_PREFIX}${segs.join('/')}/`;
}

/** The value classes of a key that selects groups: each literal value the groups name for it, then any other. */
interface KeyClasses {
  readonly key: string;
  /** Literal values, each with its class letter; `caseless` values compared ignoring ASCII case. */
  readonly literals: readonly { readonly value: string; readonly caseless: boolean }[];
}

const OTHER_VALUE = 'Zz9q';

/** The keys whose value decides which group of a form matches: required keys and refusal keys. */
function selectingKeys(groups: readonly Group[], keys: readonly string[]): KeyClasses[] {
  const out = new Map<string, { value: string; caseless: boolean }[]>();
  const add = (key: string, values: readonly string[], caseless: boolean) => {
    if (!keys.includes(key)) return;
    const list = out.get(key) ?? [];
    for (const value of values) if (!list.some((l) => l.value === value)) list.push({ value, caseless });
    out.set(key, list);
  };
  for (const g of groups) {
    if (g.kind === 'refuse') {
      if (typeof g.when === 'string') continue;
      const m = g.when.match;
      add(g.when.key, m.kind === 'literal' ? m.values : [], m.kind === 'literal' && m.caseless);
      continue;
    }
    for (const k of g.keys) {
      if (k.alternatives.some((a) => a.match.kind === 'otherwise')) continue;
      for (const a of k.alternatives)
        add(k.key, a.match.kind === 'literal' ? a.match.values : [], a.match.kind === 'literal' && a.match.caseless);
    }
  }
  return [...out].map(([key, literals]) => ({ key, literals }));
}

/** The class letters of a key: `_` absent, `a`… its literals, `z` any other value. */
const classLetters = (k: KeyClasses): string[] => ['_', ...k.literals.map((_, i) => String.fromCharCode(97 + i)), 'z'];

function classMap(k: KeyClasses, n: number): string[] {
  const name = `jaspar_class_${n}`;
  return [
    `map $arg_${k.key} $${name} {`,
    '    "" _;',
    ...k.literals.map((l, i) =>
      l.caseless
        ? `    ${str(`~*^${esc(l.value)}$`)} ${String.fromCharCode(97 + i)};`
        : `    ${str(l.value)} ${String.fromCharCode(97 + i)};`,
    ),
    '    default z;',
    '}',
  ];
}

/** A key rule's part of the file, from the key's value: its first matching alternative's fill, or `%`. */
function ruleMap(rule: KeyRule, n: number): string[] {
  const lines = [`map $arg_${rule.key} $jaspar_rule_${n} {`];
  const fill = (text: string | null, value: string) => (rule.placeholder === null ? '' : (text ?? value));
  let absent = NO_FILE;
  let any: string | null = null;
  const exact = new Map<string, string>();
  const patterns: string[] = [];
  for (const a of rule.alternatives) {
    const out = a.outcome.kind === 'refuse' ? NO_FILE : null;
    const text = a.outcome.kind === 'fill' ? a.outcome.text : null;
    if (a.match.kind === 'otherwise') {
      if (absent === NO_FILE) absent = out ?? fill(text, '');
      // Present values no earlier alternative took: the `otherwise` text, as `any` would.
      any ??= out ?? fill(text, '');
      break;
    }
    if (a.match.kind === 'any') {
      if (any === null) {
        // A value filled in as sent must already be in the stored case (nginx cannot fold it).
        const cls = rule.fold === 'upper' ? '[A-Z0-9._-]+' : rule.fold === 'lower' ? '[a-z0-9._-]+' : SAFE_VALUE;
        if (out === null && text === null && rule.placeholder !== null)
          patterns.push(`    ${str(`~^(?!\\.\\.?$)(${cls})$`)} "$1";`);
        else patterns.push(`    ${str(`~^${SAFE_VALUE}$`)} ${str(out ?? fill(text, ''))};`);
        any = NO_FILE;
      }
      continue;
    }
    for (const v of a.match.values) {
      if (a.match.caseless && rule.placeholder !== null) continue; // a case variant would need folding: the module answers
      if (a.match.caseless) patterns.push(`    ${str(`~*^${esc(v)}$`)} ${str(out ?? '')};`);
      else if (!exact.has(v)) exact.set(v, out ?? fill(text, v));
    }
  }
  lines.push(`    "" ${str(absent)};`);
  for (const [v, out] of exact) lines.push(`    ${str(v)} ${str(out)};`);
  lines.push(...patterns, `    default ${str(any ?? NO_FILE)};`, '}');
  return lines;
}

/** Whether a group serves a list: its file stands for the request only with exactly the pairs its links were made from. */
const isList = (g: ServeGroup): boolean => RESOURCES.some((r) => r.name === g.resource && r.kind === 'list');

/**
 * The file template of a serve group: `:id` and each key's placeholder as variables. Keys that
 * only select are appended (empty, or `%` where refused); for a list, every other key must be
 * absent (the runtime serves a list's file only for the pairs its links were made from,
 * src/runtime/resolve-list.ts `isCanonical`: `release=` or a `callback` would be in its links).
 */
function template(g: ServeGroup, keys: readonly string[], rules: Numbered<KeyRule>): string {
  let t = g.target.split(ID_PLACEHOLDER).join(variable('jaspar_id'));
  const tail: string[] = [];
  const filled = new Set<string>();
  for (const k of g.keys) {
    if (k.placeholder === null) {
      if (!isList(g)) tail.push(variable(`jaspar_rule_${rules.id(k)}`));
      continue;
    }
    filled.add(k.key);
    const v = variable(`jaspar_rule_${rules.id(k)}`);
    const at = placeholderAt(t, `:${k.placeholder}`);
    if (at === -1) throw new Error(`no :${k.placeholder} in ${g.target}`);
    t = `${t.slice(0, at)}${v}${t.slice(at + k.placeholder.length + 1)}`;
  }
  if (isList(g))
    for (const key of keys)
      if (key !== 'format' && key !== 'page' && !filled.has(key)) tail.push(variable(absentVar(key)));
  return `${t}${tail.join('')}`;
}

const absentVar = (key: string): string => `jaspar_absent_${key}`;

/** `""` when the key is absent, else `%`. */
const absentMap = (key: string): string => `map $arg_${key} $${absentVar(key)} { "" ""; default "${NO_FILE}"; }`;

/** Whether a list group's file is the answer under a format condition: a named format only by `format=`, else none named. */
const canonicalCondition = (g: ServeGroup, format: string | null): boolean =>
  !isList(g) || (g.format.by === 'query') === (format !== null);

/** Every combination of the classes of `keys`. */
function combinations(keys: readonly KeyClasses[]): string[][] {
  let out: string[][] = [[]];
  for (const k of keys) out = out.flatMap((c) => classLetters(k).map((l) => [...c, l]));
  return out;
}

/** The query of a combination: a representative value per class. */
function queryOf(keys: readonly KeyClasses[], combo: readonly string[], format: string | null): string {
  const parts = format === null ? [] : [`format=${format}`];
  keys.forEach((k, i) => {
    const l = combo[i]!;
    if (l === '_') return;
    parts.push(`${k.key}=${l === 'z' ? OTHER_VALUE : k.literals[l.charCodeAt(0) - 97]!.value}`);
  });
  return parts.join('&');
}

/** The format conditions a request can take on the fast path: named, or negotiated from `*\/*` or JSON. */
const CONDITIONS: readonly { readonly key: string; readonly format: string | null; readonly accept: string | null }[] =
  [
    { key: 'a:star', format: null, accept: null },
    { key: 'a:json', format: null, accept: 'application/json' },
    ...FORMATS.map((f) => ({ key: `q:${f.name as FormatName}`, format: f.name, accept: null })),
  ];

/** The `http`-context maps of the fast path. */
export function fastPathMaps(groups: readonly Group[]): string[] {
  const keys = fastKeys(groups);
  const forms: PathForm[] = [];
  for (const g of groups) if (!forms.some((f) => JSON.stringify(f) === JSON.stringify(g.form))) forms.push(g.form);
  const rules = new Numbered<KeyRule>();
  const classes = new Numbered<KeyClasses>();
  const formMaps: string[] = [];
  const formLines: string[] = [];
  const fileLines: string[] = [];
  forms.forEach((form, n) => {
    const own = groups.filter((g) => JSON.stringify(g.form) === JSON.stringify(form));
    const sel = selectingKeys(own, keys);
    const entries: string[] = [];
    for (const c of CONDITIONS)
      for (const combo of combinations(sel)) {
        const a = evaluateGroups(own, formPath(form), queryOf(sel, combo, c.format), c.accept, { negotiate: true });
        if (a === null || a.kind !== 'file' || !canonicalCondition(a.group, c.format)) continue;
        entries.push(`    ${str(`${c.key}|${combo.join('')}`)} ${str(template(a.group, keys, rules))};`);
      }
    if (entries.length === 0) return;
    const bits = sel.map((k) => `$jaspar_class_${classes.id(k)}`).join('');
    formMaps.push(`map "$jaspar_condition|${bits}" $jaspar_file_${n} {`, ...entries, '    default "";', '}');
    formLines.push(`    ${str(`~${formPattern(form).replace('^', '^1')}`)} "${n}|$1";`);
    fileLines.push(`    ${n} $jaspar_file_${n};`);
  });
  const arg = `(?:${keys.map(esc).join('|')})=${SAFE_VALUE}`;
  return [
    '# The fast path (src/hosts/nginx/fast-path.ts): prebuilt answers nginx finds itself.',
    '# A query nginx reads as the runtime does: known names, each once, safe non-empty values.',
    'map $args $jaspar_args {',
    '    "" 1;',
    `    ${str(`~^(?!(?:.*&)?([a-z_]+)=[^&]*&(?:.*&)?\\1=)${arg}(?:&${arg})*$`)} 1;`,
    '    default 0;',
    '}',
    '# GET or HEAD, and the raw target as nginx normalized it (no escapes, no // or dot segments).',
    'map "$request_method $jaspar_args|$request_uri|$uri$is_args$args" $jaspar_ok {',
    `    ${str('~^(?:GET|HEAD) 1\\|([^|]*)\\|\\1$')} 1;`,
    '    default 0;',
    '}',
    '# The format: named, or what DRF negotiates for no Accept, */* or application/json.',
    'map $http_accept $jaspar_accept {',
    '    "" star;',
    '    "*/*" star;',
    '    "application/json" json;',
    '    default other;',
    '}',
    'map "$arg_format|$jaspar_accept" $jaspar_condition {',
    '    "|star" a:star;',
    '    "|json" a:json;',
    `    ${str('~^([a-z]+)\\|')} "q:$1";`,
    '    default none;',
    '}',
    "# The path form (the first in the groups' order that matches) and its :id.",
    'map "$jaspar_ok$uri" $jaspar_form {',
    ...formLines,
    '    default "";',
    '}',
    `map $jaspar_form $jaspar_form_number { ${str('~^(\\d+)\\|')} "$1"; default ""; }`,
    `map $jaspar_form $jaspar_id { ${str('~\\|(.+)$')} "$1"; default ""; }`,
    '# The class of each key that selects a group: _ absent, a… a literal the groups name, z another value.',
    ...classes.items.flatMap((k, i) => classMap(k, i)),
    "# A key a list page's file stands for only when absent.",
    ...keys.filter((k) => k !== 'format' && k !== 'page').map(absentMap),
    "# Each key rule's part of the file: its first matching alternative's fill, or % (no file) for a refusal.",
    ...rules.items.flatMap((r, i) => ruleMap(r, i)),
    "# Per path form: the winning group's file, by format and the selecting keys' classes.",
    ...formMaps,
    `map $jaspar_form_number ${FAST_FILE} {`,
    ...fileLines,
    '    default "";',
    '}',
  ];
}
