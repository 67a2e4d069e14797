/**
 * A JSON string as DRF's JSONRenderer writes it: UTF-8 not escaped, but U+2028 and U+2029
 * escaped. Runtime-safe subset (docs/runtime.md): list envelopes use it on every host.
 */
export function jsonString(s: string): string {
  const out = JSON.stringify(s);
  return out.indexOf('\u2028') !== -1 || out.indexOf('\u2029') !== -1
    ? out.replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029')
    : out;
}
