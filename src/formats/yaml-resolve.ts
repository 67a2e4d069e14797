/**
 * PyYAML's implicit resolution (yaml/resolver.py), and the style PyYAML picks for the strings a
 * list page's envelope holds (`next`/`previous` links). Used by the full emitter (yaml.ts) and
 * by list assembly in the request runtime, so it keeps to the runtime-safe subset
 * (docs/runtime.md).
 */

// ---------------------------------------------------------------------------------------
// Implicit resolution (yaml/resolver.py): a string that PyYAML would read back as something
// else (bool, int, float, null, timestamp, merge, value) cannot be written plain. Python's
// `$` also matches before a final newline, hence `\n?$`.

const BOOL_RE = /^(?:yes|Yes|YES|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF)\n?$/;
const FLOAT_RE =
  /^(?:[-+]?[0-9][0-9_]*\.[0-9_]*(?:[eE][-+][0-9]+)?|\.[0-9][0-9_]*(?:[eE][-+][0-9]+)?|[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))\n?$/;
const INT_RE =
  /^(?:[-+]?0b[0-1_]+|[-+]?0[0-7_]+|[-+]?(?:0|[1-9][0-9_]*)|[-+]?0x[0-9a-fA-F_]+|[-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+)\n?$/;
const NULL_RE = /^(?:~|null|Null|NULL|)\n?$/;
const TIMESTAMP_RE =
  /^(?:[0-9]{4}-[0-9]{2}-[0-9]{2}|[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}(?:[Tt]|[ \t]+)[0-9]{1,2}:[0-9]{2}:[0-9]{2}(?:\.[0-9]*)?(?:[ \t]*(?:Z|[-+][0-9]{1,2}(?::[0-9]{2})?))?)\n?$/;
const SINGLE_CHAR_TAGS = /^(?:<<|=|!|&|\*)\n?$/;

/** Whether PyYAML's resolver would read the plain scalar `s` as something other than str. */
export function resolvesToNonString(s: string): boolean {
  if (s.length === 0) return true; // null
  const c = s.charCodeAt(0);
  if ((c >= 0x30 && c <= 0x39) || c === 0x2b /* + */ || c === 0x2d /* - */ || c === 0x2e /* . */) {
    return INT_RE.test(s) || FLOAT_RE.test(s) || (c >= 0x30 && c <= 0x39 && TIMESTAMP_RE.test(s));
  }
  switch (s[0]) {
    case 'y':
    case 'Y':
    case 't':
    case 'T':
    case 'f':
    case 'F':
    case 'o':
    case 'O':
      return BOOL_RE.test(s);
    case 'n':
    case 'N':
      return BOOL_RE.test(s) || NULL_RE.test(s);
    case '~':
      return NULL_RE.test(s);
    case '<':
    case '=':
    case '!':
    case '&':
    case '*':
      return SINGLE_CHAR_TAGS.test(s);
    default:
      return false;
  }
}

/** Printable ASCII without spaces: the strings {@link yamlWord} writes exactly as PyYAML does. */
const WORD = /^[!-~]+$/;
/** First characters that make a plain scalar impossible (analyze_scalar's indicators at index 0). */
const BAD_START = /^(?:[#,[\]{}&*!|>'"%@`]|---|\.\.\.)/;

/**
 * A string as PyYAML's safe_dump writes it as a block mapping value, for a printable ASCII word
 * (no spaces, no controls, as a URL is): plain when analyze_scalar allows it and the resolver
 * reads it back as a string, else single-quoted. Anything else is written double-quoted as
 * JSON, which YAML reads back the same (not byte-identical to PyYAML; never produced for URLs).
 */
export function yamlWord(s: string): string {
  if (!WORD.test(s)) return JSON.stringify(s);
  const blocked =
    BAD_START.test(s) ||
    (s.charAt(0) === '?' && s.length === 1) ||
    (s.charAt(0) === '-' && s.length === 1) ||
    s.charAt(s.length - 1) === ':';
  if (!blocked && !resolvesToNonString(s)) return s;
  return `'${s.split("'").join("''")}'`;
}
