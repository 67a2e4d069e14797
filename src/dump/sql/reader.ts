/**
 * One SQL dump being read: bytes in (any chunking), a RawDump out. Wires a streaming fatal
 * UTF-8 decoder, the tokenizer, the statement parser and the table collector together, and
 * gives every error the dump's file name and the table of the statement in progress.
 */
import { UserError, type Place } from '../../errors.js';
import type { RawDump } from '../tables.js';
import type { ReadBudget } from '../limits.js';
import { TableCollector } from './collect.js';
import { DialectGuess, DIALECT_SHAPES } from './dialect.js';
import { StatementState } from './statement-state.js';
import { StatementParser } from './statements.js';
import { SqlTokenizer } from './tokenizer.js';
import { MAX_TOKEN_LENGTH } from './tokens.js';
import { firstInvalidUtf8, utf8Error } from './utf8.js';
import { WordTable } from './words.js';

/** Incremental reader of one SQL dump (not gzip-aware: feed it decompressed bytes). */
export class SqlDumpReader {
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });
  private readonly dialect = new DialectGuess();
  private readonly state = new StatementState();
  private readonly collector: TableCollector;
  private readonly tokenizer: SqlTokenizer;
  private readonly parser: StatementParser;

  /**
   * @param file the dump's path as the user gave it, for error messages
   * @param name the release name (see releaseName)
   * @param budget the memory the kept rows may take (limits.ts)
   * @param plain whether plainly written statements and rows are read without tokens
   *   (simple-rows.ts; off only for the tests that compare both ways)
   */
  constructor(
    readonly file: string,
    readonly name: string,
    maxTokenLength = MAX_TOKEN_LENGTH,
    budget?: ReadBudget,
    plain = true,
  ) {
    this.collector = new TableCollector(file, budget);
    const words = new WordTable();
    const parser = new StatementParser(this.collector, this.dialect, this.state, words);
    this.parser = parser;
    this.tokenizer = new SqlTokenizer(
      (token) => parser.token(token),
      this.dialect,
      maxTokenLength,
      words,
      plain ? (s, i, line) => parser.plain(s, i, line) : null,
    );
  }

  /** Feed the next chunk of (decompressed) bytes. */
  push(bytes: Uint8Array): void {
    let text: string;
    try {
      text = this.decoder.decode(bytes, { stream: true });
    } catch {
      this.failUtf8(bytes);
    }
    this.guard(() => this.tokenizer.push(text));
  }

  /** Tokenize the valid text before the first bad bytes (so line and table are theirs), then fail. */
  private failUtf8(bytes: Uint8Array): never {
    const bad = firstInvalidUtf8(bytes);
    if (bad > 0) {
      const before = new TextDecoder('utf-8').decode(bytes.subarray(0, bad));
      this.guard(() => this.tokenizer.push(before));
    }
    throw this.located(utf8Error(bytes, bad, this.tokenizer.line));
  }

  /** End of input: check nothing is left open and return what was read. */
  end(): RawDump {
    let text: string;
    try {
      text = this.decoder.decode();
    } catch {
      throw this.located(
        new UserError('text is not valid UTF-8 (file ends inside a multi-byte character)', {
          line: this.tokenizer.line,
        }),
      );
    }
    this.guard(() => {
      this.tokenizer.push(text);
      this.tokenizer.end();
      this.parser.token(null);
    });
    return {
      shape: DIALECT_SHAPES[this.dialect.final],
      name: this.name,
      tables: this.collector.tables(),
      notServed: this.collector.notServed(),
    };
  }

  /** Where reading is now: file, table and start of the statement in progress, current line. */
  place(): Place {
    return {
      file: this.file,
      table: this.state.table,
      line: this.tokenizer.line,
      text: this.state.excerpt || undefined,
    };
  }

  /** Why the dialect was chosen (for logs and tests). */
  get dialectReason(): string {
    return this.dialect.reason;
  }

  private guard(step: () => void): void {
    try {
      step();
    } catch (error) {
      throw error instanceof UserError ? this.located(error) : error;
    }
  }

  /** The error with file (and the statement's table, when it names none) filled in. */
  private located(error: UserError): UserError {
    const { table, line, text } = error.place;
    return new UserError(error.message, { file: this.file, table: table ?? this.state.table, line, text });
  }
}
