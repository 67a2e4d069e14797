/**
 * Strings made flat before they are copied many times. A string made by concatenation is, in V8,
 * a tree of its pieces, which the engine walks again each time it copies the string; a record's
 * fragment or a matrix's block is copied into every page, chunk and bundle that holds it (a page of
 * a thousand records joins several times faster from flat fragments). A regular expression's
 * search flattens its subject in place; the string is unchanged.
 */
const FLATTEN = /\u0000\u0001/;

/** `s`, flattened in place. */
export function flat(s: string): string {
  FLATTEN.test(s);
  return s;
}
