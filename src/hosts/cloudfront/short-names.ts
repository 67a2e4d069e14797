/**
 * The CloudFront function's table with its property names shortened: the function reads its
 * table with the names written in full (./function-table.ts), the bundler shortens them in the
 * code (src/hosting/edge/bundle.ts `bundleShortened`), and the table literal is written with
 * the same short names. Every object in the table is a row of named fields (no object is keyed
 * by data), so every property name in it is one the code reads.
 */

type Json = string | number | boolean | null | undefined | readonly Json[] | { readonly [key: string]: Json };

/** Every property name of the objects in `value`, each once, in the order first met. */
export function propertyNames(value: unknown): string[] {
  const out = new Set<string>();
  const visit = (v: unknown): void => {
    if (Array.isArray(v)) for (const item of v) visit(item);
    else if (v !== null && typeof v === 'object')
      for (const [k, item] of Object.entries(v)) {
        out.add(k);
        visit(item);
      }
  };
  visit(value);
  return [...out];
}

/** `value` with every property name renamed by `short` (every one must be in it). */
export function renamed(value: unknown, short: { readonly [name: string]: string }): Json {
  if (Array.isArray(value)) return value.map((v) => renamed(v, short));
  if (value === null || typeof value !== 'object') return value as Json;
  const out: { [key: string]: Json } = {};
  for (const [k, v] of Object.entries(value)) {
    const s = short[k];
    if (s === undefined) throw new Error(`no short name for the table's property ${k}`);
    if (Object.hasOwn(out, s)) throw new Error(`two of the table's properties are shortened to ${s}`);
    out[s] = renamed(v, short);
  }
  return out;
}
