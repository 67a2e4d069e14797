/**
 * Statement parser: fed one token at a time (`token(t)`, `token(null)` at end of input), it
 * recognises the statements carrying data — CREATE TABLE and INSERT … VALUES — and hands them to
 * a {@link StatementSink}. Every other statement (PRAGMA, BEGIN/COMMIT, SET, LOCK/UNLOCK TABLES,
 * DROP TABLE, CREATE INDEX, DELETE …) is skipped up to its `;`, and so are the CREATE/INSERT
 * statements of tables the sink does not want, without building any rows.
 *
 * INSERT, nearly every statement of a dump (SQLite's write one a row), is an explicit state
 * machine; the rare statements are generators fed the same tokens. A generator resumed per token
 * (through `yield*`, one made per statement) took about a third of reading JASPAR 2026 (issue 46).
 * A plainly written INSERT or row is read whole from the text, without tokens ({@link
 * StatementParser.plain}, simple-rows.ts), doing what its tokens would.
 */
import { UserError } from '../../errors.js';
import type { DialectGuess } from './dialect.js';
import { codeAt, plainInsertHead, plainRow, rowTokens, type PlainHead } from './simple-rows.js';
import { renderRow, type StatementState } from './statement-state.js';
import { CAPITAL_I, OPEN, SEMICOLON, type Token } from './tokens.js';
import { WordTable } from './words.js';

/** A CREATE TABLE of a wanted table: its column names in declaration order. */
export interface CreateTable {
  readonly table: string;
  readonly columns: readonly string[];
  readonly line: number;
}

/** The head of an INSERT into a wanted table; its rows follow through {@link StatementSink.row}. */
export interface InsertHead {
  readonly table: string;
  /** The explicit column list, when the statement has one. */
  readonly columns: readonly string[] | undefined;
  readonly line: number;
  /** The statement's start rendered back to SQL, for error messages (rendered when read). */
  readonly text: string;
}

/** Receives the data statements; its methods may throw UserError (file/table are added later). */
export interface StatementSink {
  /** Whether the statements of this table (name as written) are wanted. */
  wants(table: string): boolean;
  create(statement: CreateTable): void;
  insert(head: InsertHead): void;
  /**
   * One row tuple of the last INSERT: its values (null = NULL), the line where its `(` is and
   * its text as SQL (for error messages: rendered only when read, and only during this call).
   */
  row(values: (string | null)[], line: number, text: RowText): void;
}

/** A row's text as SQL, `(1,'a',NULL)`, rendered when an error message needs it. */
export class RowText {
  private tokens: readonly Token[] = [];
  private s = '';
  private from = 0;
  private to = 0;

  /** The row read in these value tokens. */
  ofTokens(tokens: readonly Token[]): this {
    this.tokens = tokens;
    this.s = '';
    return this;
  }

  /** The row written plainly in `s[from, to)` (simple-rows.ts), which is how its tokens render. */
  ofText(s: string, from: number, to: number): this {
    this.s = s;
    this.from = from;
    this.to = to;
    return this;
  }

  get text(): string {
    return this.s === '' ? renderRow(this.tokens) : this.s.slice(this.from, this.to);
  }
}

/** Table-level constraint lines of a CREATE TABLE, which are not columns. */
const NOT_COLUMNS = new Set([
  'PRIMARY',
  'KEY',
  'INDEX',
  'UNIQUE',
  'CONSTRAINT',
  'FOREIGN',
  'CHECK',
  'FULLTEXT',
  'SPATIAL',
]);

type Feed = Generator<void, void, Token | null>;

const isPunct = (t: Token, p: string): boolean => t.kind === 'punct' && t.text === p;
const isWord = (t: Token, w: string): boolean =>
  t.kind === 'word' && t.text.length === w.length && t.text.toUpperCase() === w;

/** A name token's name (a bare `schema.table` word gives `table`). */
function nameOf(t: Token, state: StatementState): string {
  if (t.kind === 'word') return t.text.slice(t.text.lastIndexOf('.') + 1);
  if (t.kind === 'punct')
    throw new UserError(`expected a name, found "${t.text}"`, { line: t.line, text: state.excerpt });
  return t.text;
}

/** Where the parser is inside an INSERT (see {@link StatementParser.insert}). */
enum At {
  /** Between statements. */
  Start,
  /** In a statement another parser (a generator) reads. */
  Other,
  /** After INSERT/REPLACE: modifiers up to INTO. */
  Modifiers,
  /** The table name. */
  Name,
  /** After the name's first token: `.` of a qualified name, the column list or VALUES. */
  AfterName,
  /** After `name .`: the table part. */
  QualifiedName,
  /** The name read: the token after it. */
  NameRead,
  /** In the column list, after its `(`. */
  Columns,
  /** Where VALUES must come. */
  Values,
  /** Where a row's `(` must come. */
  RowOpen,
  /** After a row's `(`: its first value or `)`. */
  RowFirst,
  /** After a `,` in a row: a value. */
  RowValue,
  /** After a value: `,` or `)`. */
  RowSeparator,
  /** After a row's `)`: `,`, `;` or anything else (ON CONFLICT …), skipped to the `;`. */
  AfterRow,
  /** Skipping to the statement's `;`. */
  Skip,
}

/** The head of an INSERT whose excerpt is rendered only if an error reads it. */
class LazyHead implements InsertHead {
  constructor(
    readonly table: string,
    readonly columns: readonly string[] | undefined,
    readonly line: number,
    private readonly state: StatementState,
  ) {}

  get text(): string {
    return this.state.excerpt;
  }
}

/** The parser of one dump's statements. */
export class StatementParser {
  private at = At.Start;
  /** The generator reading a statement that is not an INSERT. */
  private other: Feed | null = null;
  private name = '';
  private columns: string[] | undefined = undefined;
  private rowLine = 0;
  private values: (string | null)[] = [];
  private tokens: Token[] = [];
  private readonly rowText = new RowText();
  private readonly plainHead: PlainHead = { nameEnd: 0, row: 0 };

  /** @param words the short words kept once while they repeat (shared with the tokenizer) */
  constructor(
    private readonly sink: StatementSink,
    private readonly dialect: DialectGuess,
    private readonly state: StatementState,
    private readonly words = new WordTable(),
  ) {}

  /**
   * The plainly written statement or row at `s[i]`, on `line`, read whole without tokens
   * (simple-rows.ts): where it ends, or -1 when it is not one, or not where this parser is.
   */
  plain(s: string, i: number, line: number): number {
    const at = this.at;
    if (at === At.RowOpen) return s.charCodeAt(i) === OPEN ? this.plainRow(s, i, line) : -1;
    return at === At.Start && s.charCodeAt(i) === CAPITAL_I ? this.plainInsert(s, i, line) : -1;
  }

  /** A plain row where a row's `(` must come (what At.RowOpen to At.AfterRow read in tokens). */
  private plainRow(s: string, i: number, line: number): number {
    const values: (string | null)[] = [];
    const end = plainRow(s, i, values, this.words);
    if (end < 0) return -1;
    this.state.needText(s, i, end, rowTokens(values.length));
    this.sink.row(values, line, this.rowText.ofText(s, i, end));
    this.at = At.AfterRow;
    return end;
  }

  /** A plain `INSERT INTO name VALUES(…);` between statements (what its tokens would do). */
  private plainInsert(s: string, i: number, line: number): number {
    const head = this.plainHead;
    const nameStart = plainInsertHead(s, i, head);
    if (nameStart < 0) return -1;
    const values: (string | null)[] = [];
    const rowEnd = plainRow(s, head.row, values, this.words);
    if (rowEnd < 0 || codeAt(s, rowEnd) !== SEMICOLON) return -1;
    const { state, sink } = this;
    // INSERT INTO name VALUES, the row, and ;
    state.beginText(s.slice(i, rowEnd + 1), line, 4 + rowTokens(values.length) + 1);
    const name = this.words.word(s, nameStart, head.nameEnd);
    state.table = name;
    if (sink.wants(name)) {
      sink.insert(new LazyHead(name, undefined, line, state));
      sink.row(values, line, this.rowText.ofText(s, head.row, rowEnd));
    }
    this.finish();
    return rowEnd + 1;
  }

  /** The next token, or null at end of input (an open statement is then an error). */
  token(token: Token | null): void {
    const at = this.at;
    if (at === At.Start) {
      if (token === null || isPunct(token, ';')) return;
      this.begin(token);
    } else if (at === At.Other) {
      if ((this.other as Feed).next(token).done) this.finish();
    } else this.insert(this.state.need(token));
  }

  /** A statement starts with `first`. */
  private begin(first: Token): void {
    const { state, dialect } = this;
    state.begin(first);
    const keyword = first.kind === 'word' ? first.text.toUpperCase() : '';
    if (keyword === 'INSERT' || keyword === 'REPLACE') {
      this.at = At.Modifiers;
      return;
    }
    let other: Feed;
    if (keyword === 'CREATE') other = createStatement(this.sink, state);
    else {
      if (keyword === 'LOCK' || keyword === 'UNLOCK')
        dialect.decide('mysql', `${keyword} TABLES on line ${first.line}`);
      if (keyword === 'PRAGMA' || keyword === 'BEGIN') dialect.decide('sqlite', `${keyword} on line ${first.line}`);
      other = skipRest(first, state);
    }
    this.other = other;
    this.at = At.Other;
    if (other.next().done) this.finish();
  }

  /** The statement ended (its `;` was read). */
  private finish(): void {
    this.at = At.Start;
    this.other = null;
    this.state.finish();
  }

  /**
   * One token of `[modifiers] INTO name [(columns)] VALUES (…)[, (…)]… [ON …];` after
   * INSERT/REPLACE (the grammar the generator this replaced read, step for step).
   */
  private insert(t: Token): void {
    const { state } = this;
    switch (this.at) {
      case At.Modifiers:
        // OR REPLACE, IGNORE, LOW_PRIORITY…; then INTO, or the name when there is no INTO.
        if (t.kind === 'word' && !isWord(t, 'INTO')) return;
        if (isWord(t, 'INTO')) this.at = At.Name;
        else this.tableName(t);
        return;
      case At.Name:
        this.tableName(t);
        return;
      case At.AfterName:
        // A qualified name: `"main".X` (the word `.X`) or `"main" . "X"`.
        if (t.kind === 'word' && t.text.startsWith('.')) {
          if (t.text === '.') this.at = At.QualifiedName;
          else {
            this.name = nameOf(t, state);
            this.at = At.NameRead;
          }
        } else this.afterName(t);
        return;
      case At.QualifiedName:
        this.name = nameOf(t, state);
        this.at = At.NameRead;
        return;
      case At.NameRead:
        this.afterName(t);
        return;
      case At.Columns:
        if (isPunct(t, ')')) this.at = At.Values;
        else if (!isPunct(t, ',')) (this.columns as string[]).push(nameOf(t, state));
        return;
      case At.Values:
        this.valuesKeyword(t);
        return;
      case At.RowOpen:
        if (!isPunct(t, '('))
          throw new UserError(`expected ( to start a row of ${this.name}`, { line: t.line, text: state.excerpt });
        this.rowLine = t.line;
        this.values = [];
        this.tokens = [];
        this.at = At.RowFirst;
        return;
      case At.RowFirst:
        if (isPunct(t, ')')) this.row();
        else this.value(t);
        return;
      case At.RowValue:
        this.value(t);
        return;
      case At.RowSeparator:
        if (isPunct(t, ')')) this.row();
        else if (isPunct(t, ',')) this.at = At.RowValue;
        else throw rowError(`expected , or ) after a value in a row of ${this.name}`, t, this.tokens);
        return;
      case At.AfterRow:
        if (isPunct(t, ';')) this.finish();
        else if (isPunct(t, ',')) this.at = At.RowOpen;
        else this.at = At.Skip; // ON DUPLICATE KEY UPDATE / ON CONFLICT …: no data
        return;
      default:
        if (isPunct(t, ';')) this.finish();
    }
  }

  /** The table name's first token (a bare `schema.table` word gives `table`). */
  private tableName(t: Token): void {
    if (t.kind === 'quoted' && t.quote === '`')
      this.dialect.decide('mysql', `backtick-quoted table name in INSERT on line ${t.line}`);
    this.name = nameOf(t, this.state);
    this.at = At.AfterName;
  }

  /** The token after the name: the statement's table is known, and whether it is read. */
  private afterName(t: Token): void {
    this.state.table = this.name;
    this.columns = undefined;
    if (!this.sink.wants(this.name)) {
      if (isPunct(t, ';')) this.finish();
      else this.at = At.Skip;
    } else if (isPunct(t, '(')) {
      this.columns = [];
      this.at = At.Columns;
    } else this.valuesKeyword(t);
  }

  /** VALUES (or VALUE), where the rows start. */
  private valuesKeyword(t: Token): void {
    if (!isWord(t, 'VALUES') && !isWord(t, 'VALUE')) {
      throw new UserError(`expected VALUES in INSERT INTO ${this.name} (only INSERT … VALUES is supported)`, {
        line: t.line,
        text: this.state.excerpt,
      });
    }
    this.sink.insert(new LazyHead(this.name, this.columns, this.state.line, this.state));
    this.at = At.RowOpen;
  }

  /** A value of the row. */
  private value(t: Token): void {
    this.values.push(literalOf(t, this.tokens, this.name));
    this.tokens.push(t);
    this.at = At.RowSeparator;
  }

  /** The row's `)`. */
  private row(): void {
    this.sink.row(this.values, this.rowLine, this.rowText.ofTokens(this.tokens));
    this.at = At.AfterRow;
  }
}

/** Consume tokens up to and including the `;` that ends the statement (`t` is the current token). */
function* skipRest(t: Token, state: StatementState): Feed {
  while (!isPunct(t, ';')) t = state.need(yield);
}

/** A table name, possibly qualified (`"main"."X"`, `main.X`); returns it and the token after it. */
function* tableName(first: Token, state: StatementState): Generator<void, { name: string; next: Token }, Token | null> {
  let name = nameOf(first, state);
  let next = state.need(yield);
  if (next.kind === 'word' && next.text.startsWith('.')) {
    name = next.text === '.' ? nameOf(state.need(yield), state) : nameOf(next, state);
    next = state.need(yield);
  }
  state.table = name;
  return { name, next };
}

/** After CREATE: `[TEMP] TABLE [IF NOT EXISTS] name (definitions) options;` — anything else is skipped. */
function* createStatement(sink: StatementSink, state: StatementState): Feed {
  let t = state.need(yield);
  while (isWord(t, 'TEMP') || isWord(t, 'TEMPORARY')) t = state.need(yield);
  if (isWord(t, 'TRIGGER')) {
    // A trigger body holds `;`s: skip to `END;`.
    for (let previousEnd = false; !(previousEnd && isPunct(t, ';')); ) {
      previousEnd = isWord(t, 'END');
      t = state.need(yield);
    }
    return;
  }
  if (!isWord(t, 'TABLE')) return yield* skipRest(t, state);
  t = state.need(yield);
  if (isWord(t, 'IF')) {
    while (!isWord(t, 'EXISTS') && !isPunct(t, ';')) t = state.need(yield);
    t = state.need(yield);
  }
  const { name, next } = yield* tableName(t, state);
  if (!sink.wants(name) || !isPunct(next, '(')) return yield* skipRest(next, state); // e.g. CREATE TABLE … AS SELECT
  const columns: string[] = [];
  let depth = 0;
  let atStart = true;
  for (;;) {
    t = state.need(yield);
    if (atStart && t.kind !== 'punct') {
      // A definition starts with the column name, unless it is a table constraint (bare keyword).
      if (!(t.kind === 'word' && NOT_COLUMNS.has(t.text.toUpperCase()))) columns.push(nameOf(t, state));
      atStart = false;
    } else if (isPunct(t, '(')) depth++;
    else if (isPunct(t, ')')) {
      if (depth === 0) break;
      depth--;
    } else if (isPunct(t, ',') && depth === 0) atStart = true;
    else if (isPunct(t, ';'))
      throw new UserError(`CREATE TABLE ${name} ends before its closing )`, { line: state.line, text: state.excerpt });
  }
  sink.create({ table: name, columns, line: state.line });
  yield* skipRest(state.need(yield), state);
}

/** A literal: '…' or "…" text, NULL, or a number/keyword kept as written. */
function literalOf(t: Token, before: readonly Token[], table: string): string | null {
  if (t.kind === 'string' || (t.kind === 'quoted' && t.quote === '"')) return t.text;
  if (t.kind === 'word') return t.text.length === 4 && t.text.toUpperCase() === 'NULL' ? null : t.text;
  throw rowError(`expected a value in a row of ${table}`, t, before);
}

function rowError(message: string, t: Token, before: readonly Token[]): UserError {
  return new UserError(message, { line: t.line, text: renderRow([...before, t]).slice(0, -1) });
}
