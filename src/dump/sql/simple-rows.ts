/**
 * Statements and rows written plainly, read straight from the text without tokens: nearly every
 * statement of a SQLite dump is `INSERT INTO name VALUES(1,'A',2,0.5);` on a line of its own,
 * and nearly every row of a mysqldump is `(1,'A',2,0.5)`. Making a token of each of their
 * values, commas and parentheses took most of reading JASPAR 2026 (issue 46).
 *
 * What is plain is narrow, so reading it here gives what the tokens would: values are bare words
 * (numbers, NULL) and `'…'` strings with no quote, backslash or line break inside, separated by
 * commas without spaces; the statement is `INSERT INTO ` + a bare name + ` VALUES(` or
 * ` VALUES (` + one row + `;`. Anything else, or text cut off by the chunk's end, is read in
 * tokens (the functions return -1 and consume nothing).
 */
import { BACKSLASH, CLOSE, COMMA, DASH, isWordChar, NL, OPEN, QUOTE, SLASH } from './tokens.js';
import type { WordTable } from './words.js';

/**
 * The character code at `k`, -1 past the end: text cut by a chunk's end is met on every chunk, and
 * `charCodeAt` past a string's end (NaN) makes V8 throw its optimized code away.
 */
export function codeAt(s: string, k: number): number {
  return k < s.length ? s.charCodeAt(k) : -1;
}

/** How many tokens a plain row of `values` values stands for: its values, commas and parentheses. */
export function rowTokens(values: number): number {
  return values === 0 ? 2 : 2 * values + 1;
}

/**
 * The plain row `(…)` at `s[i]` (which is `(`): its values are pushed onto `values` (null for
 * NULL) and the index after its `)` returned, or -1 when the row is not plain (then `values`
 * may hold some of its values; the caller starts it again).
 */
export function plainRow(s: string, i: number, values: (string | null)[], words: WordTable): number {
  const n = s.length;
  let k = i + 1;
  if (codeAt(s, k) === CLOSE) return k + 1;
  for (;;) {
    const c = codeAt(s, k);
    if (c === QUOTE) {
      let j = k + 1;
      for (; j < n; j++) {
        const d = s.charCodeAt(j);
        if (d === QUOTE) break;
        if (d === BACKSLASH || d === NL) return -1;
      }
      // No closing quote in the chunk. (A doubled quote, '' for ', is no `,` or `)` below.)
      if (j >= n) return -1;
      values.push(s.slice(k + 1, j));
      k = j + 1;
    } else if (isWordChar(c) && c !== SLASH && !(c === DASH && codeAt(s, k + 1) === DASH)) {
      // Not a comment's start: `--` or `/*` (a word starting with `/` is left to the tokens).
      let j = k + 1;
      while (j < n && isWordChar(s.charCodeAt(j))) j++;
      const word = words.word(s, k, j);
      values.push(word.length === 4 && word.toUpperCase() === 'NULL' ? null : word);
      k = j;
    } else return -1;
    const d = codeAt(s, k);
    if (d === CLOSE) return k + 1;
    if (d !== COMMA) return -1;
    k++;
  }
}

/** Where a plain INSERT's name ends and its row starts (filled by {@link plainInsertHead}). */
export interface PlainHead {
  nameEnd: number;
  row: number;
}

/** `INSERT INTO ` */
const INSERT_INTO = 'INSERT INTO ';
/** ` VALUES` */
const VALUES = ' VALUES';

/**
 * The plain statement `INSERT INTO name VALUES(…);` at `s[i]`: where its name starts and ends
 * and where its row starts, or -1 when it is not plain up to the row. The row and the `;` are
 * the caller's to read ({@link plainRow}).
 */
export function plainInsertHead(s: string, i: number, at: PlainHead): number {
  if (!s.startsWith(INSERT_INTO, i)) return -1;
  const start = i + INSERT_INTO.length;
  let j = start;
  for (; j < s.length; j++) {
    const c = s.charCodeAt(j);
    const bare = (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || (c >= 48 && c <= 57 && j > start);
    if (!bare) break;
  }
  if (j === start || !s.startsWith(VALUES, j)) return -1;
  let row = j + VALUES.length;
  if (codeAt(s, row) === 32) row++;
  if (codeAt(s, row) !== OPEN) return -1;
  at.nameEnd = j;
  at.row = row;
  return start;
}
