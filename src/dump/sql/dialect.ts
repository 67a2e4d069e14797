/**
 * Which SQL dialect a dump is written in, decided from its content while it streams by.
 *
 * How the decision is made: the FIRST piece of decisive evidence wins and fixes the dialect for
 * the rest of the file (later contrary evidence is ignored).
 * - MySQL (mysqldump): a `/*!…*\/` conditional comment, a `LOCK TABLES` / `UNLOCK TABLES`
 *   statement, a backtick-quoted table name in an INSERT, or a valid backslash escape
 *   (`\'`, `\\`, `\n`, …) inside a string literal.
 * - SQLite (`sqlite3 .dump`, DB Browser): a `PRAGMA` or `BEGIN [TRANSACTION]` statement. These
 *   open every SQLite dump, so a later literal backslash in a SQLite string (a Windows path, a
 *   regular expression) is never mistaken for an escape.
 * A dump without any evidence is standard SQL with `''` quoting only, reported as SQLite.
 *
 * The decision matters for parsing only in one place: whether a backslash inside a quoted
 * string is an escape (MySQL) or an ordinary character (SQLite).
 */

export type Dialect = 'sqlite' | 'mysql';

/** The `shape` label of a RawDump for each dialect. */
export const DIALECT_SHAPES: Readonly<Record<Dialect, string>> = {
  sqlite: 'SQL dump (SQLite dialect)',
  mysql: 'SQL dump (MySQL dialect)',
};

/** The dialect decided so far for one dump; shared by the tokenizer and the statement parser. */
export class DialectGuess {
  private decided: Dialect | undefined;
  private why = 'no dialect-specific syntax seen';

  /** Record evidence; only the first call has an effect. */
  decide(dialect: Dialect, reason: string): void {
    if (this.decided !== undefined) return;
    this.decided = dialect;
    this.why = reason;
  }

  /** The dialect decided so far, or undefined while there has been no evidence. */
  get current(): Dialect | undefined {
    return this.decided;
  }

  /** The final dialect: SQLite when nothing decided otherwise. */
  get final(): Dialect {
    return this.decided ?? 'sqlite';
  }

  /** Why the dialect was chosen, e.g. `conditional comment /*! on line 5`. */
  get reason(): string {
    return this.why;
  }
}
