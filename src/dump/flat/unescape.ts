/**
 * MySQL batch / `--tab` field escaping (contract §1): `\t` `\n` `\r` `\\` `\0` `\Z` are
 * escapes inside a field and a field that is exactly `\N` is NULL.
 */
const ESCAPES: Readonly<Record<string, string>> = {
  t: '\t',
  n: '\n',
  r: '\r',
  '\\': '\\',
  '0': '\0',
  Z: '\x1a',
  b: '\b',
  "'": "'",
  '"': '"',
};

/** Unescape one field; returns null for `\N`. Throws a message for a bad escape. */
export function unescapeMysqlField(field: string): string | null {
  if (field === '\\N') return null;
  if (!field.includes('\\')) return field;
  let out = '';
  for (let i = 0; i < field.length; i++) {
    const c = field[i];
    if (c !== '\\') {
      out += c;
      continue;
    }
    const next = field[i + 1];
    if (next === undefined) throw new Error('field ends with a lone backslash');
    // MySQL writes any other escaped character as itself (e.g. an escaped TAB or newline).
    out += ESCAPES[next] ?? next;
    i++;
  }
  return out;
}
