/**
 * YAML exactly as PyYAML writes it with
 * `yaml.safe_dump(data, default_flow_style=False, allow_unicode=True)`.
 *
 * This is a port of the parts of PyYAML's `Emitter` (yaml/emitter.py) that `safe_dump` of
 * JSON-like data reaches, with the `SafeRepresenter`'s scalar forms and the `Resolver`'s
 * implicit tags:
 *
 * - mappings are block mappings with keys sorted by code point; sequences are block
 *   sequences, not indented under a mapping key (`key:\n- a`); empty ones are `[]` / `{}`;
 * - a string is written plain when PyYAML's `analyze_scalar` allows it and reading it back
 *   would give a string (not `'9606'`, `'yes'`, `'null'`, `'1.0'`, `'2001-01-01'`…),
 *   otherwise single-quoted, otherwise (control characters, tabs…) double-quoted;
 * - plain and quoted scalars are folded at spaces once the column passes 80, exactly where
 *   PyYAML folds them (columns count code points, as Python does);
 * - a top-level plain scalar is followed by the `...` document end marker.
 *
 * PyYAML writes `&id001` anchors when the same Python list/dict object occurs twice; data
 * loaded from JSON or built by DRF never shares objects, so this module never writes them
 * (a JS object reused in two places is written twice).
 *
 * Performance: list pages repeat the same records, so a record can be rendered once with
 * {@link RawYaml.listItem} (or {@link yamlListItem}) and spliced into many pages.
 */
import { Float, type Json } from '../model/json.js';
import { pyFloatRepr, pyInt } from '../api/numbers.js';
import { resolvesToNonString } from './yaml-resolve.js';

/** PyYAML's `best_width`: plain and quoted scalars fold at spaces past this column. */
const BEST_WIDTH = 80;
/** PyYAML's `best_indent`. */
const BEST_INDENT = 2;
/**
 * Keys this long (in code points) or longer are written as explicit `? key` keys:
 * check_simple_key wants len(key) + len('!!str') < 128 (the str tag counts though unwritten).
 */
const MAX_SIMPLE_KEY_LENGTH = 128 - '!!str'.length;

/**
 * A value pre-rendered as one item of a top-level block sequence (`- key: v\n  key2: v\n`).
 *
 * {@link toYaml} splices it verbatim where it occurs as an item of a sequence that PyYAML
 * writes at indent 0: the document itself (`[a, b]`) or the value of a key of the top-level
 * mapping (`{count: 2, results: [a, b]}`). Those are the only places where an item's bytes
 * do not depend on its surroundings; anywhere else `toYaml` throws. Create it with
 * {@link RawYaml.listItem}.
 */
export class RawYaml {
  private constructor(
    /** The item's YAML: starts with `-`, ends with a newline. */
    readonly text: string,
  ) {}

  /** Render `value` once as a top-level sequence item, to splice into many lists. */
  static listItem(value: YamlValue): RawYaml {
    return new RawYaml(yamlListItem(value));
  }
}

/** What {@link toYaml} renders: the {@link Json} model plus pre-rendered list items. */
export type YamlValue = Json | RawYaml | readonly YamlValue[] | YamlObject;
/** A mapping whose values may hold pre-rendered list items. */
export interface YamlObject {
  readonly [key: string]: YamlValue;
}

/**
 * Render `value` as `yaml.safe_dump(value, default_flow_style=False, allow_unicode=True)`
 * does for the equivalent Python data ({@link Float} → float, number → int, object → dict,
 * array → list, null → None). Plain numbers must be integers (a Python int); anything else
 * throws, as does a {@link RawYaml} outside a sequence at indent 0.
 */
export function toYaml(value: YamlValue): string {
  const emitter = new Emitter();
  emitter.document(value);
  return emitter.out;
}

/**
 * `value` rendered as one item of a top-level block sequence: `toYaml([value])`, e.g.
 * `- key: v\n  key2: v\n`. Concatenating such items gives the same bytes as rendering the
 * list itself, both for a top-level list and for a list under a key of the top-level
 * mapping (`results:\n` + items).
 */
export function yamlListItem(value: YamlValue): string {
  return toYaml([value]);
}

// ---------------------------------------------------------------------------------------
// Scalar analysis (Emitter.analyze_scalar with allow_unicode=True), reduced to what the
// style choice for str scalars needs.

interface ScalarAnalysis {
  /** Length in code points (Python's len). */
  readonly length: number;
  /** Contains a character outside the BMP (so UTF-16 length ≠ code point length). */
  readonly astral: boolean;
  readonly multiline: boolean;
  readonly allowPlain: boolean;
  readonly allowSingleQuoted: boolean;
}

/** '\0 \t\r\n\x85\u2028\u2029': what counts as whitespace around indicators. */
function isWhitespaceOrEnd(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x09 || c === 0x0d || c === 0 || c === 0x85 || c === 0x2028 || c === 0x2029;
}

function isBreak(c: number): boolean {
  return c === 0x0a || c === 0x85 || c === 0x2028 || c === 0x2029;
}

/** Characters PyYAML cannot write in plain or single-quoted style (allow_unicode=True). */
function isSpecial(cp: number): boolean {
  if (cp >= 0x20 && cp <= 0x7e) return false;
  if (cp === 0x0a || cp === 0x85) return false;
  if (cp >= 0xa0 && cp <= 0xd7ff) return false;
  if (cp >= 0xe000 && cp <= 0xfffd) return cp === 0xfeff;
  return !(cp >= 0x10000 && cp < 0x10ffff);
}

/** Emitter.analyze_scalar, one pass over the code points of `s`. */
function analyzeScalar(s: string): ScalarAnalysis {
  const n = s.length;
  let blockIndicators = s.startsWith('---') || s.startsWith('...');
  let lineBreaks = false;
  let special = false;
  let astral = false;
  let leadingSpaceOrBreak = false;
  let trailingSpaceOrBreak = false;
  let breakSpace = false;
  let spaceBreak = false;
  let previousSpace = false;
  let previousBreak = false;
  let length = 0;
  let precededByWhitespace = true;
  for (let i = 0; i < n; ) {
    let cp = s.charCodeAt(i);
    let next = i + 1;
    if (cp >= 0xd800 && cp <= 0xdbff && next < n) {
      const lo = s.charCodeAt(next);
      if (lo >= 0xdc00 && lo <= 0xdfff) {
        cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
        next += 1;
        astral = true;
      }
    }
    const first = i === 0;
    const last = next >= n;
    // Surrogate halves are never whitespace, so peeking at one code unit is enough.
    const followedByWhitespace = last || isWhitespaceOrEnd(s.charCodeAt(next));
    if (cp < 0x80) {
      switch (cp) {
        case 0x23: // #
          if (first || precededByWhitespace) blockIndicators = true;
          break;
        case 0x2c:
        case 0x5b:
        case 0x5d:
        case 0x7b:
        case 0x7d: // , [ ] { }
        case 0x26:
        case 0x2a:
        case 0x21:
        case 0x7c:
        case 0x3e: // & * ! | >
        case 0x27:
        case 0x22:
        case 0x25:
        case 0x40:
        case 0x60: // ' " % @ `
          if (first) blockIndicators = true;
          break;
        case 0x3f:
        case 0x3a: // ? :
          if (followedByWhitespace && (first || cp === 0x3a)) blockIndicators = true;
          break;
        case 0x2d: // -
          if (first && followedByWhitespace) blockIndicators = true;
          break;
      }
    }
    if (isBreak(cp)) lineBreaks = true;
    if (isSpecial(cp)) special = true;
    if (cp === 0x20) {
      if (first || last) {
        if (first) leadingSpaceOrBreak = true;
        if (last) trailingSpaceOrBreak = true;
      }
      if (previousBreak) breakSpace = true;
      previousSpace = true;
      previousBreak = false;
    } else if (isBreak(cp)) {
      if (first) leadingSpaceOrBreak = true;
      if (last) trailingSpaceOrBreak = true;
      if (previousSpace) spaceBreak = true;
      previousSpace = false;
      previousBreak = true;
    } else {
      previousSpace = false;
      previousBreak = false;
    }
    precededByWhitespace = isWhitespaceOrEnd(cp);
    length += 1;
    i = next;
  }
  const allowSingleQuoted = !breakSpace && !spaceBreak && !special;
  const allowPlain =
    n > 0 && allowSingleQuoted && !leadingSpaceOrBreak && !trailingSpaceOrBreak && !lineBreaks && !blockIndicators;
  return { length, astral, multiline: lineBreaks, allowPlain, allowSingleQuoted };
}

/** Python's len(s[start:end]) for a slice of a string that may hold surrogate pairs. */
function codePoints(s: string, start: number, end: number, astral: boolean): number {
  if (!astral) return end - start;
  let n = 0;
  for (let i = start; i < end; i++) {
    const c = s.charCodeAt(i);
    if (c < 0xdc00 || c > 0xdfff || i === start || !isHighSurrogate(s.charCodeAt(i - 1))) n++;
  }
  return n;
}

function isHighSurrogate(c: number): boolean {
  return c >= 0xd800 && c <= 0xdbff;
}

const DOUBLE_QUOTED_ESCAPES: ReadonlyMap<number, string> = new Map([
  [0x00, '0'],
  [0x07, 'a'],
  [0x08, 'b'],
  [0x09, 't'],
  [0x0a, 'n'],
  [0x0b, 'v'],
  [0x0c, 'f'],
  [0x0d, 'r'],
  [0x1b, 'e'],
  [0x22, '"'],
  [0x5c, '\\'],
  [0x85, 'N'],
  [0xa0, '_'],
  [0x2028, 'L'],
  [0x2029, 'P'],
]);

/** Whether write_double_quoted escapes the code point (allow_unicode=True). */
function needsDoubleQuotedEscape(cp: number): boolean {
  if (cp === 0x22 || cp === 0x5c || cp === 0x85 || cp === 0x2028 || cp === 0x2029 || cp === 0xfeff) return true;
  return !((cp >= 0x20 && cp <= 0x7e) || (cp >= 0xa0 && cp <= 0xd7ff) || (cp >= 0xe000 && cp <= 0xfffd));
}

function doubleQuotedEscape(cp: number): string {
  const named = DOUBLE_QUOTED_ESCAPES.get(cp);
  if (named !== undefined) return `\\${named}`;
  const hex = cp.toString(16).toUpperCase();
  if (cp <= 0xff) return `\\x${hex.padStart(2, '0')}`;
  if (cp <= 0xffff) return `\\u${hex.padStart(4, '0')}`;
  return `\\U${hex.padStart(8, '0')}`;
}

/** Python's sort order of str: by code point (JS's default compares UTF-16 code units). */
function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    if ((x & 0xf800) !== 0xd800 && (y & 0xf800) !== 0xd800) return x - y;
    // A surrogate: compare whole code points (lone surrogates stand for themselves). The
    // strings agree before i, so a code point starting at i - 1 starts there in both.
    const j = i > 0 && isHighSurrogate(a.charCodeAt(i - 1)) ? i - 1 : i;
    return (a.codePointAt(j) ?? 0) - (b.codePointAt(j) ?? 0);
  }
  return a.length - b.length;
}

function isMapping(value: YamlValue): value is YamlObject {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    !(value instanceof Float) &&
    !(value instanceof RawYaml)
  );
}

/** The scalar text of a non-string scalar (SafeRepresenter), or null for collections. */
function nonStringScalar(value: YamlValue): string | null {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'boolean':
      return value ? 'true' : 'false';
    case 'number':
      if (!Number.isInteger(value)) throw new TypeError(`toYaml: ${value} is not an integer; wrap floats in Float`);
      return pyInt(value);
  }
  if (value instanceof Float) return yamlFloat(value.value);
  return null;
}

/** SafeRepresenter.represent_float. */
function yamlFloat(x: number): string {
  if (Number.isNaN(x)) return '.nan';
  if (x === Infinity) return '.inf';
  if (x === -Infinity) return '-.inf';
  const repr = pyFloatRepr(x).toLowerCase();
  return !repr.includes('.') && repr.includes('e') ? repr.replace('e', '.0e') : repr;
}

// ---------------------------------------------------------------------------------------
// The emitter. One instance per document; `indent` arguments play the role of PyYAML's
// indent stack (null = PyYAML's None, before the root node).

class Emitter {
  out = '';
  private column = 0;
  /** The last character written was whitespace (PyYAML's `whitespace`). */
  private whitespace = true;
  /** Only indentation and indicators so far on this line (PyYAML's `indention`). */
  private indention = true;
  private openEnded = false;

  document(value: YamlValue): void {
    this.node(value, null, true, false, false);
    this.writeIndent(0);
    if (this.openEnded) {
      this.writeIndicator('...', true);
      this.writeIndent(0);
    }
  }

  private node(value: YamlValue, indent: number | null, root: boolean, mapping: boolean, simpleKey: boolean): void {
    if (typeof value === 'string') {
      this.stringScalar(value, indent, root, simpleKey);
      return;
    }
    const scalar = nonStringScalar(value);
    if (scalar !== null) {
      this.writePlain(scalar, !simpleKey, indent === null ? BEST_INDENT : indent + BEST_INDENT, root, scalar.length);
    } else if (Array.isArray(value)) {
      this.sequence(value as readonly YamlValue[], indent, mapping);
    } else if (value instanceof RawYaml) {
      throw new Error('toYaml: RawYaml can only be an item of a top-level list or of a list under a top-level key');
    } else if (isMapping(value)) {
      this.mapping(value, indent);
    } else {
      throw new TypeError(`toYaml: cannot represent ${String(value)}`);
    }
  }

  private sequence(items: readonly YamlValue[], indent: number | null, mapping: boolean): void {
    if (items.length === 0) {
      this.writeIndicator('[', true, true);
      this.writeIndicator(']', false);
      return;
    }
    const indentless = mapping && !this.indention;
    const seqIndent = indent === null ? 0 : indentless ? indent : indent + BEST_INDENT;
    for (const item of items) {
      this.writeIndent(seqIndent);
      if (item instanceof RawYaml) {
        this.splice(item, seqIndent);
        continue;
      }
      this.writeIndicator('-', true, false, true);
      this.node(item, seqIndent, false, false, false);
    }
  }

  /** Write a pre-rendered item where PyYAML would start writing `- `. */
  private splice(item: RawYaml, seqIndent: number): void {
    if (seqIndent !== 0) {
      throw new Error(`toYaml: RawYaml spliced into a list at indent ${seqIndent}; only indent 0 is supported`);
    }
    const text = item.text;
    this.out += text.slice(0, -1);
    // Items never end at column 0, so whatever follows starts on a new line, as after the
    // item rendered in place; the exact column of the last line does not matter.
    this.column = text.length - 1 - (text.lastIndexOf('\n', text.length - 2) + 1);
    this.whitespace = false;
    this.indention = false;
    this.openEnded = false;
  }

  private mapping(object: YamlObject, indent: number | null): void {
    const keys = Object.keys(object);
    if (keys.length === 0) {
      this.writeIndicator('{', true, true);
      this.writeIndicator('}', false);
      return;
    }
    keys.sort(compareCodePoints);
    const mapIndent = indent === null ? 0 : indent + BEST_INDENT;
    for (const key of keys) {
      const value = object[key] as YamlValue;
      this.writeIndent(mapIndent);
      const analysis = analyzeScalar(key);
      if (analysis.length > 0 && analysis.length < MAX_SIMPLE_KEY_LENGTH && !analysis.multiline) {
        this.stringScalar(key, mapIndent, false, true, analysis);
        this.writeIndicator(':', false);
      } else {
        this.writeIndicator('?', true, false, true);
        this.stringScalar(key, mapIndent, false, false, analysis);
        this.writeIndent(mapIndent);
        this.writeIndicator(':', true, false, true);
      }
      this.node(value, mapIndent, false, true, false);
    }
  }

  /** Emitter.choose_scalar_style + process_scalar for a str scalar. */
  private stringScalar(
    s: string,
    parentIndent: number | null,
    root: boolean,
    simpleKey: boolean,
    analysis: ScalarAnalysis = analyzeScalar(s),
  ): void {
    const indent = parentIndent === null ? BEST_INDENT : parentIndent + BEST_INDENT;
    const split = !simpleKey;
    if (analysis.allowPlain && !resolvesToNonString(s)) {
      this.writePlain(s, split, indent, root, analysis.length, analysis.astral);
    } else if (analysis.allowSingleQuoted && !(simpleKey && analysis.multiline)) {
      this.writeSingleQuoted(s, split, indent, analysis.astral);
    } else {
      this.writeDoubleQuoted(s, split, indent);
    }
  }

  // Writers (Emitter.write_*).

  private writeIndicator(indicator: string, needWhitespace: boolean, whitespace = false, indention = false): void {
    const data = this.whitespace || !needWhitespace ? indicator : ` ${indicator}`;
    this.whitespace = whitespace;
    this.indention = this.indention && indention;
    this.column += data.length;
    this.openEnded = false;
    this.out += data;
  }

  private writeIndent(indent: number): void {
    if (!this.indention || this.column > indent || (this.column === indent && !this.whitespace)) {
      this.writeLineBreak('\n');
    }
    if (this.column < indent) {
      this.whitespace = true;
      this.out += ' '.repeat(indent - this.column);
      this.column = indent;
    }
  }

  private writeLineBreak(data: string): void {
    this.whitespace = true;
    this.indention = true;
    this.column = 0;
    this.out += data;
  }

  private write(s: string, start: number, end: number, astral: boolean): void {
    if (start >= end) return;
    this.out += s.slice(start, end);
    this.column += codePoints(s, start, end, astral);
  }

  /** write_plain, for text without line breaks (PyYAML never emits multiline plain). */
  private writePlain(
    text: string,
    split: boolean,
    indent: number,
    root: boolean,
    length: number,
    astral = false,
  ): void {
    if (root) this.openEnded = true;
    if (text.length === 0) return;
    if (!this.whitespace) {
      this.out += ' ';
      this.column += 1;
    }
    this.whitespace = false;
    this.indention = false;
    // Folding happens at a space only once the column passes BEST_WIDTH.
    if (!split || this.column + length <= BEST_WIDTH + 1) {
      this.out += text;
      this.column += length;
      return;
    }
    let spaces = false;
    let start = 0;
    const n = text.length;
    for (let end = 0; end <= n; end++) {
      const c = end < n ? text.charCodeAt(end) : -1;
      if (spaces) {
        if (c !== 0x20) {
          if (start + 1 === end && this.column > BEST_WIDTH) {
            this.writeIndent(indent);
            this.whitespace = false;
            this.indention = false;
          } else {
            this.write(text, start, end, astral);
          }
          start = end;
        }
      } else if (c === -1 || c === 0x20) {
        this.write(text, start, end, astral);
        start = end;
      }
      spaces = c === 0x20;
    }
  }

  private writeSingleQuoted(text: string, split: boolean, indent: number, astral: boolean): void {
    this.writeIndicator("'", true);
    let spaces = false;
    let breaks = false;
    let start = 0;
    const n = text.length;
    for (let end = 0; end <= n; end++) {
      const c = end < n ? text.charCodeAt(end) : -1;
      if (spaces) {
        if (c !== 0x20) {
          if (start + 1 === end && this.column > BEST_WIDTH && split && start !== 0 && end !== n) {
            this.writeIndent(indent);
          } else {
            this.write(text, start, end, astral);
          }
          start = end;
        }
      } else if (breaks) {
        if (c === -1 || !isBreak(c)) {
          if (text.charCodeAt(start) === 0x0a) this.writeLineBreak('\n');
          for (let i = start; i < end; i++) this.writeLineBreak(text.charAt(i));
          this.writeIndent(indent);
          start = end;
        }
      } else if (c === -1 || c === 0x20 || c === 0x27 || isBreak(c)) {
        this.write(text, start, end, astral);
        start = end;
      }
      if (c === 0x27) {
        this.out += "''";
        this.column += 2;
        start = end + 1;
      }
      if (c !== -1) {
        spaces = c === 0x20;
        breaks = isBreak(c);
      }
    }
    this.writeIndicator("'", false);
  }

  private writeDoubleQuoted(s: string, split: boolean, indent: number): void {
    this.writeIndicator('"', true);
    const text = Array.from(s); // code points, as Python indexes str
    const n = text.length;
    const slice = (a: number, b: number): string => text.slice(a, b).join('');
    let start = 0;
    for (let end = 0; end <= n; end++) {
      const ch = text[end];
      const cp = ch === undefined ? -1 : (ch.codePointAt(0) ?? 0);
      if (ch === undefined || needsDoubleQuotedEscape(cp)) {
        if (start < end) {
          this.out += slice(start, end);
          this.column += end - start;
          start = end;
        }
        if (ch !== undefined) {
          const data = doubleQuotedEscape(cp);
          this.out += data;
          this.column += data.length;
          start = end + 1;
        }
      }
      if (0 < end && end < n - 1 && (ch === ' ' || start >= end) && this.column + (end - start) > BEST_WIDTH && split) {
        const chunk = start < end ? end - start : 0;
        this.out += `${slice(start, end)}\\`;
        this.column += chunk + 1;
        if (start < end) start = end;
        this.writeIndent(indent);
        this.whitespace = false;
        this.indention = false;
        if (text[start] === ' ') {
          this.out += '\\';
          this.column += 1;
        }
      }
    }
    this.writeIndicator('"', false);
  }
}
