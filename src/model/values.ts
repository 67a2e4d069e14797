/**
 * The door for dump values that leave the model as something other than escaped text (issue 37
 * item 4): a value that becomes a path segment (ids, collections, tax ids, tax groups), a line
 * of a text format (names, the annotations of TRANSFAC's CC lines, UniProt accessions), or a
 * number every renderer must handle (counts), and the sizes past which a value would multiply
 * the site (a name is on every list page of every format). Each refusal is one line naming the
 * table, the row and the value (docs/errors.md, "Fatal: the model").
 */
import { shorten } from '../errors.js';
import { isSafeSegment } from '../segments.js';
import type { CellReader } from './parse-cells.js';

/** A name's most characters: the width of NAME in JASPAR's own schema (`varchar(255)`). */
export const MAX_NAME_LENGTH = 255;

/** A matrix's most columns (JASPAR's widest, 2016 to 2026, has 33); each is a line of every text answer. */
export const MAX_COLUMNS = 1000;

/**
 * The largest count, in magnitude (JASPAR's largest is 312,906): four of them add up exactly
 * (below 2^53), so a column's total is finite and MEME's `nsites` an integer.
 */
export const MAX_COUNT = 1e15;

/**
 * Annotation tags whose values are written as lines of a text format (TRANSFAC's `CC` lines;
 * src/formats/transfac.ts types its sources by this list, so a tag it writes is checked here).
 */
export const LINE_TAGS = ['tax_group', 'family', 'class', 'medline', 'type'] as const;
export type LineTag = (typeof LINE_TAGS)[number];

/** Line breaks as Python's `str.splitlines` sees them: a parser of the text formats may split at any. */
const LINE_BREAK = /[\n\r\v\f\x1c-\x1e\x85\u2028\u2029]/;

/** `"value"` for a message: shortened, its line breaks and control characters shown, never raw. */
export const quoted = (value: string): string => `"${shorten(value)}"`;

/** `value` if it can be one path segment of the site, else fail at the row: `BASE_ID "../x" cannot be published: ids must use only …`. */
export function checkSegment(value: string, column: string, at: CellReader, what = 'ids'): string {
  if (!isSafeSegment(value))
    at.fail(`${column} ${quoted(value)} cannot be published: ${what} must use only A-Z a-z 0-9 . _ -`);
  return value;
}

/** `value` if it holds no line break, else fail: it would start a line of its own in `answers`. */
export function checkOneLine(value: string, column: string, at: CellReader, answers: string): string {
  const found = LINE_BREAK.exec(value);
  if (found !== null)
    at.fail(
      `${column} holds a line break (${quoted(found[0]).slice(1, -1)}), which would start a record of its own in ${answers}: ${quoted(value)}`,
    );
  return value;
}

/** Characters (code points) of `s`, without an array of them (a name may be megabytes). */
function codePoints(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const unit = s.charCodeAt(i);
    // The second half of a surrogate pair is not a character of its own.
    if (unit < 0xdc00 || unit > 0xdfff) n++;
  }
  return n;
}

/** A name of at most {@link MAX_NAME_LENGTH} characters (it is on every list page of every format). */
export function checkLength(value: string, column: string, at: CellReader): string {
  if (value.length <= MAX_NAME_LENGTH) return value;
  const length = codePoints(value);
  if (length > MAX_NAME_LENGTH)
    at.fail(
      `${column} is ${length} characters long, more than the ${MAX_NAME_LENGTH} a name may have (the width of NAME in JASPAR's schema): ${quoted(value)}`,
    );
  return value;
}

/** A matrix name: one line of the text formats, of at most {@link MAX_NAME_LENGTH} characters. */
export const checkName = (value: string, column: string, at: CellReader): string =>
  checkLength(checkOneLine(value, column, at, 'the TRANSFAC, JASPAR, PFM and MEME answers'), column, at);
