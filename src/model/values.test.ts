import { describe, expect, it } from 'vitest';
import type { RawTable } from '../dump/tables.js';
import { UserError } from '../errors.js';
import { CellReader } from './parse-cells.js';
import { checkName, checkOneLine, MAX_NAME_LENGTH, quoted } from './values.js';

const table: RawTable = { name: 'MATRIX', file: 'd/MATRIX.txt', rows: [] };
const row = new CellReader(table, { line: 4, cells: [] });

/** The one line a check fails with, or null when it passes. */
function failure(check: () => unknown): string | null {
  try {
    check();
    return null;
  } catch (e) {
    if (!(e instanceof UserError)) throw e;
    return e.format();
  }
}

describe('the door for dump values', () => {
  it('quotes a value on one line: line breaks, terminal escapes and separators shown, never raw', () => {
    expect(quoted('a\r\nb\u001b[2Jc\u2028d\u0085e\u0000')).toBe('"a\\r\\nb\\x1b[2Jc\\u2028d\\x85e\\x00"');
  });

  it('refuses every line break a parser of the text formats splits at', () => {
    for (const brk of ['\n', '\r', '\v', '\f', '\u001c', '\u0085', '\u2028', '\u2029']) {
      const line = failure(() => checkOneLine(`x${brk}y`, 'family', row, 'the TRANSFAC answers'));
      expect(line).not.toBeNull();
      expect(line).not.toMatch(/[\n\r\v\f\u001c\u0085\u2028\u2029]/);
    }
    expect(failure(() => checkOneLine('x\ty; "q" <b>', 'family', row, 'the TRANSFAC answers'))).toBeNull();
  });

  it('counts a name in characters, not UTF-16 units', () => {
    const emoji = '\u{1F9EC}';
    expect(failure(() => checkName(emoji.repeat(MAX_NAME_LENGTH), 'NAME', row))).toBeNull();
    expect(failure(() => checkName(emoji.repeat(MAX_NAME_LENGTH + 1), 'NAME', row))).toMatch(
      /^d\/MATRIX\.txt:4: NAME is 256 characters long, more than the 255 a name may have/,
    );
  });
});
