/**
 * Incremental SQL tokenizer: text arrives in chunks of any size (down to one character) and
 * tokens come out through a callback as soon as they are complete. A token may span any number
 * of chunks; at most two undecidable characters (a quote that may be doubled, a backslash, `-`,
 * `/`, `/*`, `*`) are carried over to the next chunk, so memory never grows with the input.
 *
 * Comments (`-- …` to end of line, `/* … *\/`, mysqldump's `/*!40101 … *\/`) are dropped; a
 * conditional comment is evidence of the MySQL dialect. Backslash escapes inside `'…'` and
 * `"…"` apply unless the dialect is SQLite (see dialect.ts).
 */
import { UserError } from '../../errors.js';
import type { DialectGuess } from './dialect.js';
import { WordTable } from './words.js';
import {
  BACKSLASH,
  BACKTICK,
  BANG,
  DASH,
  DQUOTE,
  isPunctChar,
  isWordChar,
  MAX_TOKEN_LENGTH,
  MYSQL_ESCAPES,
  NL,
  OPEN,
  CAPITAL_I,
  QUOTE,
  SLASH,
  STAR,
  tooLong,
  unterminated,
  type Token,
  type TokenKind,
} from './tokens.js';

type Mode = 'none' | 'word' | 'string' | 'line-comment' | 'block-comment';

/** Turns chunks of SQL text into tokens; errors carry `line` and `text` (the reader adds file and table). */
export class SqlTokenizer {
  private mode: Mode = 'none';
  private carry = '';
  private parts: string[] = [];
  private partsLength = 0;
  private quote = 0;
  private startLine = 1;
  private lineNo = 1;

  /**
   * @param emit receives each token
   * @param dialect the dump's dialect so far (decides what a backslash in a string is)
   * @param maxTokenLength the longest token accepted
   * @param words the short words kept once while they repeat
   * @param plain reads a plainly written statement or row at `s[i]` without tokens (see
   *   simple-rows.ts): where it ends, or -1 to read on in tokens
   */
  constructor(
    private readonly emit: (token: Token) => void,
    private readonly dialect: DialectGuess,
    private readonly maxTokenLength = MAX_TOKEN_LENGTH,
    private readonly words = new WordTable(),
    private readonly plain: ((s: string, i: number, line: number) => number) | null = null,
  ) {}

  /** The 1-based line of the input read so far (where the next character is). */
  get line(): number {
    return this.lineNo;
  }

  /** Feed the next chunk of text. */
  push(chunk: string): void {
    this.scan(this.carry + chunk, false);
  }

  /** End of input: flush a last word; an open string or comment is an error. */
  end(): void {
    this.scan(this.carry, true);
    if (this.mode === 'word') this.finish('word', '');
    if (this.mode === 'string') throw unterminated(this.quote, this.startLine, this.parts.join(''));
    if (this.mode === 'block-comment') throw unterminated(STAR, this.startLine, '');
  }

  private scan(s: string, eof: boolean): void {
    this.carry = '';
    const n = s.length;
    let i = 0;
    let end = 0;
    while (i < n) {
      if (this.mode === 'none') {
        const c = s.charCodeAt(i);
        if (c <= 32) {
          if (c === NL) this.lineNo++;
          i++;
        } else if (
          (c === OPEN || c === CAPITAL_I) &&
          this.plain !== null &&
          (end = this.plain(s, i, this.lineNo)) >= 0
        ) {
          i = end; // a statement or row read whole, on this line
        } else if (isPunctChar(c)) {
          this.emit({ kind: 'punct', text: s[i] ?? '', line: this.lineNo, quote: undefined });
          i++;
        } else if (c === QUOTE || c === DQUOTE || c === BACKTICK) {
          this.begin('string', c);
          i++;
        } else if ((c === DASH || c === SLASH) && i + 1 >= n && !eof) {
          this.carry = s.slice(i);
          return;
        } else if (c === DASH && s.charCodeAt(i + 1) === DASH) {
          this.mode = 'line-comment';
          i += 2;
        } else if (c === SLASH && s.charCodeAt(i + 1) === STAR) {
          if (i + 2 >= n && !eof) {
            this.carry = s.slice(i);
            return;
          }
          if (s.charCodeAt(i + 2) === BANG)
            this.dialect.decide('mysql', `conditional comment /*! on line ${this.lineNo}`);
          this.begin('block-comment', 0);
          i += 2;
        } else {
          // A word that ends inside this chunk is emitted at once; one cut by the chunk's end
          // is read on in 'word' mode.
          let j = i + 1;
          while (j < n && isWordChar(s.charCodeAt(j))) j++;
          if (j < n || eof) {
            this.emit({ kind: 'word', text: this.words.word(s, i, j), line: this.lineNo, quote: undefined });
            i = j;
          } else this.begin('word', 0);
        }
      } else if (this.mode === 'word') {
        let j = i;
        while (j < n && isWordChar(s.charCodeAt(j))) j++;
        if (j === n && !eof) {
          this.addPart(s.slice(i));
          return;
        }
        this.finish('word', s.slice(i, j));
        i = j;
      } else if (this.mode === 'string') {
        i = this.scanString(s, i, eof);
      } else if (this.mode === 'line-comment') {
        const k = s.indexOf('\n', i);
        if (k < 0) return;
        this.lineNo++;
        this.mode = 'none';
        i = k + 1;
      } else {
        const k = s.indexOf('*/', i);
        if (k >= 0) {
          this.countLines(s, i, k);
          this.mode = 'none';
          i = k + 2;
        } else {
          const keep = !eof && s.charCodeAt(n - 1) === STAR ? 1 : 0; // may start the closing */
          this.countLines(s, i, n - keep);
          this.carry = s.slice(n - keep);
          return;
        }
      }
    }
  }

  /** Scan inside a quoted token from `i`; returns where scanning continues (n when the text is used up). */
  private scanString(s: string, i: number, eof: boolean): number {
    const n = s.length;
    const q = this.quote;
    const escapes = q !== BACKTICK && this.dialect.current !== 'sqlite';
    let j = i;
    for (; j < n; j++) {
      const c = s.charCodeAt(j);
      if (c === q || (c === BACKSLASH && escapes)) break;
      if (c === NL) this.lineNo++;
    }
    if (j >= n) {
      this.addPart(s.slice(i));
      return n;
    }
    if (j + 1 >= n && !eof) {
      this.addPart(s.slice(i, j));
      this.carry = s.slice(j);
      return n;
    }
    if (s.charCodeAt(j) === q) {
      if (s.charCodeAt(j + 1) === q) {
        this.addPart(s.slice(i, j + 1)); // doubled quote stands for one quote
        return j + 2;
      }
      this.finish(q === QUOTE ? 'string' : 'quoted', s.slice(i, j));
      return j + 1;
    }
    const next = s[j + 1];
    const meaning = next === undefined ? undefined : MYSQL_ESCAPES[next];
    if (meaning === undefined) {
      if (this.dialect.current === 'mysql') {
        const before = (this.parts.join('') + s.slice(i, j)).slice(-20);
        throw new UserError(`bad escape \\${next ?? ''} in a string`, {
          line: this.lineNo,
          text: `${before}\\${next ?? ''}`,
        });
      }
      this.addPart(s.slice(i, j + 1)); // dialect undecided: a backslash that is no escape is itself
      return j + 1;
    }
    this.dialect.decide('mysql', `backslash escape \\${next ?? ''} in a string on line ${this.lineNo}`);
    this.addPart(s.slice(i, j));
    this.addPart(meaning);
    return j + 2;
  }

  private begin(mode: Mode, quote: number): void {
    this.mode = mode;
    this.quote = quote;
    this.startLine = this.lineNo;
    this.clearParts();
  }

  /** No parts kept (a new array only when there were some: most tokens have none). */
  private clearParts(): void {
    if (this.parts.length > 0) this.parts = [];
    this.partsLength = 0;
  }

  private addPart(part: string): void {
    this.parts.push(part);
    this.partsLength += part.length;
    if (this.partsLength > this.maxTokenLength) {
      throw tooLong(this.maxTokenLength, this.mode === 'string' ? this.quote : 0, this.startLine, this.parts[0] ?? '');
    }
  }

  private finish(kind: TokenKind, last: string): void {
    const text = this.parts.length === 0 ? last : this.parts.join('') + last;
    const line = this.startLine;
    this.mode = 'none';
    this.clearParts();
    this.emit({ kind, text, line, quote: kind !== 'quoted' ? undefined : this.quote === BACKTICK ? '`' : '"' });
  }

  private countLines(s: string, from: number, to: number): void {
    for (let k = s.indexOf('\n', from); k >= 0 && k < to; k = s.indexOf('\n', k + 1)) this.lineNo++;
  }
}
