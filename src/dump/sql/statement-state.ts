/** The statement the parser is in, kept for error messages, and rendering tokens back to SQL. */
import { UserError } from '../../errors.js';
import { DialectGuess } from './dialect.js';
import { SqlTokenizer } from './tokenizer.js';
import type { Token } from './tokens.js';

/** How many leading tokens of a statement are kept for its excerpt. */
const HEAD_TOKENS = 24;
/** Excerpts are cut to about this many characters. */
const EXCERPT_LENGTH = 100;

/** Where the parser is: the statement in progress (reset after each `;`). */
export class StatementState {
  /** Table named by the statement in progress, as written. */
  table: string | undefined = undefined;
  /** Line where the statement in progress starts. */
  line = 0;
  /**
   * The statement's first tokens: the first {@link headLength} entries of this array (reused,
   * never shrunk). An entry is a token, or the text of plainly written tokens read without
   * making them (simple-rows.ts), made again only for an excerpt.
   */
  private readonly head: (Token | string)[] = [];
  private headLength = 0;
  /** How many tokens the head's entries stand for. */
  private headTokens = 0;

  /** A new statement starts with `first`. */
  begin(first: Token): void {
    this.line = first.line;
    this.table = undefined;
    // One array for every statement (most are a row of a SQLite dump), its length kept apart:
    // setting an array's length is a call into the runtime.
    this.head[0] = first;
    this.headLength = 1;
    this.headTokens = 1;
  }

  /** A new statement on `line`, written plainly in `text` (`tokens` tokens, simple-rows.ts). */
  beginText(text: string, line: number, tokens: number): void {
    this.line = line;
    this.table = undefined;
    this.head[0] = text;
    this.headLength = 1;
    this.headTokens = tokens;
  }

  /** The statement ended (its `;` was read). */
  finish(): void {
    this.table = undefined;
    this.headLength = 0;
    this.headTokens = 0;
  }

  /** The next token of an open statement; end of input here means the statement was cut off. */
  need(token: Token | null): Token {
    if (token === null) {
      throw new UserError('statement cut off at end of file (no closing ;)', {
        line: this.line,
        text: `${this.excerpt}…`,
      });
    }
    if (this.headTokens < HEAD_TOKENS) {
      this.head[this.headLength++] = token;
      this.headTokens++;
    }
    return token;
  }

  /** The next tokens of an open statement, written plainly in `s[from, to)` (`tokens` of them). */
  needText(s: string, from: number, to: number, tokens: number): void {
    if (this.headTokens < HEAD_TOKENS) {
      this.head[this.headLength++] = s.slice(from, to);
      this.headTokens += tokens;
    }
  }

  /** The start of the statement in progress, rendered back to SQL ('' between statements). */
  get excerpt(): string {
    let out = '';
    let count = 0;
    for (let i = 0; i < this.headLength && count < HEAD_TOKENS; i++) {
      const entry = this.head[i] as Token | string;
      for (const token of typeof entry === 'string' ? tokensOf(entry) : [entry]) {
        if (out.length >= EXCERPT_LENGTH || count++ >= HEAD_TOKENS) break;
        const glue = (token.kind === 'punct' && (token.text === ',' || token.text === ')')) || /(^|[(,])$/.test(out);
        out += (glue ? '' : ' ') + render(token);
      }
    }
    return out;
  }
}

/** The tokens of plainly written text (simple-rows.ts: no comment, backslash or line break). */
function tokensOf(text: string): Token[] {
  const tokens: Token[] = [];
  const tokenizer = new SqlTokenizer((token) => tokens.push(token), new DialectGuess());
  tokenizer.push(text);
  tokenizer.end();
  return tokens;
}

/** Render a token back to SQL, for excerpts. */
export function render(token: Token): string {
  switch (token.kind) {
    case 'string':
      return `'${token.text.replace(/'/g, "''")}'`;
    case 'quoted':
      return `${token.quote ?? '"'}${token.text}${token.quote ?? '"'}`;
    default:
      return token.text;
  }
}

/** Render the value tokens of a row tuple back to SQL, for error excerpts: `(1,'a',NULL)`. */
export function renderRow(values: readonly Token[]): string {
  return `(${values.map(render).join(',')})`;
}
