/**
 * The HTML fragment of one list record (docs/runtime.md): rendered once per record at build
 * time (record.ts), assembled into list pages by every host (list-page.ts). It holds the
 * record's table row and its pretty-printed JSON for the page's response block, with markers
 * that start with NUL, which escaping never lets through from data (escape.ts):
 *
 *   [HAS_BED] row PART json       every href written ROOT + path from the site root
 *
 * Assembly replaces ROOT with the page's own way to the site root: `../../…/` from a prebuilt
 * file, `/` for a page the runtime answers at an API URL. Runtime-safe subset.
 */

/** Stands for the path from the page to the site root (ends with `/`). */
export const ROOT = '\u0000/';
/** Separates the row from the JSON. */
export const PART = '\u0000|';
/** Starts the fragment of a matrix that has BED regions (so the page's `bed` variant exists). */
export const HAS_BED = '\u0000b';

/** The column a record's JSON starts at: inside `results` inside the envelope. */
export const RECORD_INDENT = 8;

/** One record's fragment, taken apart for a page. */
export interface RecordParts {
  /** `<tr>…</tr>`. */
  readonly row: string;
  /** The record as the response block shows it, indented for its place in `results`. */
  readonly json: string;
  readonly bed: boolean;
}

/** A fragment from its parts (build time). */
export function joinFragment(row: string, json: string, bed: boolean): string {
  return `${bed ? HAS_BED : ''}${row}${PART}${json}`;
}

/** A fragment's parts with ROOT replaced by `root`. */
export function fragmentParts(fragment: string, root: string): RecordParts {
  const bed = fragment.indexOf(HAS_BED) === 0;
  const body = (bed ? fragment.slice(HAS_BED.length) : fragment).split(ROOT).join(root);
  const cut = body.indexOf(PART);
  if (cut === -1) throw new Error('not an HTML record fragment: rebuild the site');
  return { row: body.slice(0, cut), json: body.slice(cut + PART.length), bed };
}
