/**
 * Statement parser: a generator fed one token at a time (`feed.next(token)`, `feed.next(null)` at
 * end of input) that recognises the statements carrying data — CREATE TABLE and INSERT … VALUES —
 * and hands them to a {@link StatementSink}. Every other statement (PRAGMA, BEGIN/COMMIT, SET,
 * LOCK/UNLOCK TABLES, DROP TABLE, CREATE INDEX, DELETE …) is skipped up to its `;`, and so are the
 * CREATE/INSERT statements of tables the sink does not want, without building any rows.
 */
import { UserError } from '../../errors.js';
import type { DialectGuess } from './dialect.js';
import { renderRow, type StatementState } from './statement-state.js';
import type { Token } from './tokens.js';

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
  readonly text: string;
}

/** Receives the data statements; its methods may throw UserError (file/table are added later). */
export interface StatementSink {
  /** Whether the statements of this table (name as written) are wanted. */
  wants(table: string): boolean;
  create(statement: CreateTable): void;
  insert(head: InsertHead): void;
  /**
   * One row tuple of the last INSERT: its values (null = NULL), the tokens they came from (for
   * error excerpts) and the line where its `(` is.
   */
  row(values: (string | null)[], tokens: readonly Token[], line: number): void;
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
const isWord = (t: Token, w: string): boolean => t.kind === 'word' && t.text.toUpperCase() === w;

/** A name token's name (a bare `schema.table` word gives `table`). */
function nameOf(t: Token, state: StatementState): string {
  if (t.kind === 'word') return t.text.slice(t.text.lastIndexOf('.') + 1);
  if (t.kind === 'punct')
    throw new UserError(`expected a name, found "${t.text}"`, { line: t.line, text: state.excerpt });
  return t.text;
}

/** The parser; prime it with one `next()` before feeding tokens. */
export function* parseStatements(sink: StatementSink, dialect: DialectGuess, state: StatementState): Feed {
  for (;;) {
    const first = yield;
    if (first === null) return;
    if (isPunct(first, ';')) continue;
    state.begin(first);
    const keyword = first.kind === 'word' ? first.text.toUpperCase() : '';
    if (keyword === 'CREATE') yield* createStatement(sink, state);
    else if (keyword === 'INSERT' || keyword === 'REPLACE') yield* insertStatement(sink, dialect, state);
    else {
      if (keyword === 'LOCK' || keyword === 'UNLOCK')
        dialect.decide('mysql', `${keyword} TABLES on line ${first.line}`);
      if (keyword === 'PRAGMA' || keyword === 'BEGIN') dialect.decide('sqlite', `${keyword} on line ${first.line}`);
      yield* skipRest(first, state);
    }
    state.finish();
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

/** After INSERT/REPLACE: `[modifiers] INTO name [(columns)] VALUES (…)[, (…)]… [ON …];`. */
function* insertStatement(sink: StatementSink, dialect: DialectGuess, state: StatementState): Feed {
  let t = state.need(yield);
  while (t.kind === 'word' && !isWord(t, 'INTO')) t = state.need(yield); // OR REPLACE, IGNORE, LOW_PRIORITY…
  if (isWord(t, 'INTO')) t = state.need(yield);
  if (t.kind === 'quoted' && t.quote === '`')
    dialect.decide('mysql', `backtick-quoted table name in INSERT on line ${t.line}`);
  const { name, next } = yield* tableName(t, state);
  if (!sink.wants(name)) return yield* skipRest(next, state);
  t = next;
  let columns: string[] | undefined;
  if (isPunct(t, '(')) {
    columns = [];
    for (t = state.need(yield); !isPunct(t, ')'); t = state.need(yield))
      if (!isPunct(t, ',')) columns.push(nameOf(t, state));
    t = state.need(yield);
  }
  if (!isWord(t, 'VALUES') && !isWord(t, 'VALUE')) {
    throw new UserError(`expected VALUES in INSERT INTO ${name} (only INSERT … VALUES is supported)`, {
      line: t.line,
      text: state.excerpt,
    });
  }
  sink.insert({ table: name, columns, line: state.line, text: state.excerpt });
  for (;;) {
    t = state.need(yield);
    if (!isPunct(t, '('))
      throw new UserError(`expected ( to start a row of ${name}`, { line: t.line, text: state.excerpt });
    const rowLine = t.line;
    const values: (string | null)[] = [];
    const tokens: Token[] = [];
    let sep = state.need(yield);
    if (!isPunct(sep, ')')) {
      for (;;) {
        values.push(literalOf(sep, tokens, name));
        tokens.push(sep);
        sep = state.need(yield);
        if (isPunct(sep, ')')) break;
        if (!isPunct(sep, ',')) throw rowError(`expected , or ) after a value in a row of ${name}`, sep, tokens);
        sep = state.need(yield);
      }
    }
    sink.row(values, tokens, rowLine);
    t = state.need(yield);
    if (isPunct(t, ';')) return;
    if (!isPunct(t, ',')) return yield* skipRest(t, state); // ON DUPLICATE KEY UPDATE / ON CONFLICT …: no data
  }
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
