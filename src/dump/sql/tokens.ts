/** The tokens of the SQL tokenizer, and the character classes, escapes and errors it uses. */
import { UserError } from '../../errors.js';

/** Kinds of token. */
export type TokenKind = 'word' | 'string' | 'quoted' | 'punct';

/** One token, with the line it starts on. */
export interface Token {
  /** word: bare word or number; string: '…' literal; quoted: `…` or "…"; punct: ( ) , ; = */
  readonly kind: TokenKind;
  /** The word or punctuation as written; for string/quoted the unescaped content. */
  readonly text: string;
  /** 1-based line where the token starts. */
  readonly line: number;
  /**
   * For kind 'quoted': the quote character; undefined, but present, on every other token, so
   * all tokens have one shape and the parser's reads of them stay monomorphic.
   */
  readonly quote?: '`' | '"' | undefined;
}

/** Longest token (string literal, word) accepted; longer means a quote is almost surely missing. */
export const MAX_TOKEN_LENGTH = 16 * 1024 * 1024;

/** What each MySQL backslash escape stands for; `\%` and `\_` keep their backslash. */
export const MYSQL_ESCAPES: Readonly<Record<string, string>> = {
  '0': '\0',
  "'": "'",
  '"': '"',
  b: '\b',
  n: '\n',
  r: '\r',
  t: '\t',
  Z: '\x1a',
  '\\': '\\',
  '%': '\\%',
  _: '\\_',
};

/** Character codes the tokenizer branches on. */
export const NL = 10,
  QUOTE = 39,
  DQUOTE = 34,
  BACKTICK = 96,
  DASH = 45,
  SLASH = 47,
  STAR = 42,
  BANG = 33,
  BACKSLASH = 92,
  OPEN = 40,
  CLOSE = 41,
  COMMA = 44,
  SEMICOLON = 59,
  CAPITAL_I = 73;

/** ( ) , ; = are tokens of their own. */
export function isPunctChar(c: number): boolean {
  return c === OPEN || c === CLOSE || c === COMMA || c === SEMICOLON || c === 61; // ( ) , ; =
}
/** Characters of a bare word or number: anything but space, quotes and punctuation. */
export function isWordChar(c: number): boolean {
  return c > 32 && c !== QUOTE && c !== DQUOTE && c !== BACKTICK && !isPunctChar(c);
}

/** End of file inside a quoted token (quote = its quote's code) or, for quote = STAR, a comment. */
export function unterminated(quote: number, line: number, content: string): UserError {
  if (quote === STAR) return new UserError('unterminated /* comment at end of file', { line, text: '/*' });
  const q = String.fromCharCode(quote);
  const what = quote === QUOTE ? 'string' : 'quoted name';
  return new UserError(`unterminated ${what} (no closing ${q} before end of file)`, {
    line,
    text: q + content.slice(0, 60),
  });
}

/** A token beyond the length limit (quote = 0 for a word). */
export function tooLong(max: number, quote: number, line: number, start: string): UserError {
  const q = quote === 0 ? '' : String.fromCharCode(quote);
  return new UserError(`token longer than ${max} characters (is a closing quote missing?)`, {
    line,
    text: q + start.slice(0, 60),
  });
}
