/**
 * Turns the data statements of a SQL dump into RawTables: matches table and column names
 * case-insensitively against TABLE_COLUMNS, checks each row's width and keeps the needed cells
 * in TABLE_COLUMNS order (extra columns, such as MATRIX_ANNOTATION.LOCAL_ID, are dropped).
 */
import { UserError } from '../../errors.js';
import { ReadBudget } from '../limits.js';
import { onceEach, TABLE_COLUMNS, TABLE_NAMES, type RawTable, type SourceRow, type TableName } from '../tables.js';
import type { CreateTable, InsertHead, RowText, StatementSink } from './statements.js';

/** How the values of a row map onto TABLE_COLUMNS[table]. */
interface Layout {
  readonly table: TableName;
  /** For each needed column, its index in the row's values. */
  readonly pick: readonly number[];
  /** How many values each row must have. */
  readonly width: number;
  /** Where the column order came from, for error messages. */
  readonly source: string;
}

/** The TABLE_COLUMNS table a dump's table name (any case) stands for, if any. */
export function neededTable(name: string): TableName | undefined {
  const upper = name.toUpperCase();
  return TABLE_NAMES.find((t) => t === upper);
}

/** neededTable of each name as a dump spells it, looked up once a spelling (SQLite dumps name a table in every row). */
function cachedTable(cache: Map<string, TableName | null>, name: string): TableName | undefined {
  let table = cache.get(name);
  if (table === undefined) cache.set(name, (table = neededTable(name) ?? null));
  return table ?? undefined;
}

/** Where each needed column is in `columns`, or the names of the needed columns it lacks. */
export function layoutOf(table: TableName, columns: readonly string[]): { pick: number[]; missing: string[] } {
  const upper = columns.map((c) => c.toUpperCase());
  const pick: number[] = [];
  const missing: string[] = [];
  for (const column of TABLE_COLUMNS[table]) {
    const index = upper.indexOf(column);
    if (index < 0) missing.push(column);
    pick.push(index);
  }
  return { pick, missing };
}

/**
 * A copy of `text` that shares no memory with the chunk it was sliced from. V8 represents a
 * slice of 13+ characters as a view of its parent string, so keeping such cells would keep
 * every 64 KiB chunk of the dump alive; concatenating and slicing again flattens into a new string.
 */
export function detach(text: string | null): string | null {
  return text === null || text.length < 13 ? text : ` ${text}`.slice(1);
}

/** A {@link StatementSink} that collects the rows of the needed tables of one dump file. */
export class TableCollector implements StatementSink {
  private readonly declared = new Map<TableName, Layout>();
  private readonly rows = new Map<TableName, SourceRow[]>();
  private current: Layout | undefined;
  /** Tables the dump declares or fills that the API does not serve (RawDump.notServed). */
  private readonly passed: string[] = [];
  private readonly names = new Map<string, TableName | null>();

  constructor(
    private readonly file: string,
    private readonly budget = new ReadBudget(),
  ) {}

  wants(table: string): boolean {
    if (cachedTable(this.names, table) !== undefined) return true;
    if (!this.passed.includes(table)) this.passed.push(table);
    return false;
  }

  create(statement: CreateTable): void {
    const table = this.table(statement.table);
    const { pick, missing } = layoutOf(table, statement.columns);
    if (missing.length > 0) {
      throw new UserError(`CREATE TABLE ${statement.table} lacks column ${missing.join(', ')}, which the API needs`, {
        file: this.file,
        table,
        line: statement.line,
        text: `CREATE TABLE ${statement.table} (${statement.columns.join(', ')})`,
      });
    }
    const source = `CREATE TABLE on line ${statement.line}`;
    this.declared.set(table, { table, pick, width: statement.columns.length, source });
    if (!this.rows.has(table)) this.rows.set(table, []); // a declared table is present, even if empty
  }

  insert(head: InsertHead): void {
    const table = this.table(head.table);
    if (head.columns !== undefined) {
      const { pick, missing } = layoutOf(table, head.columns);
      if (missing.length > 0) {
        throw new UserError(`INSERT INTO ${head.table} lists no column ${missing.join(', ')}, which the API needs`, {
          file: this.file,
          table,
          line: head.line,
          text: head.text,
        });
      }
      this.current = { table, pick, width: head.columns.length, source: 'its column list' };
    } else {
      // No column list and (so far) no CREATE TABLE: assume the contract's dump order (§1),
      // which is how every JASPAR release lays these tables out; a row of another width is
      // then reported with the assumed columns named.
      this.current = this.declared.get(table) ?? {
        table,
        pick: TABLE_COLUMNS[table].map((_, i) => i),
        width: TABLE_COLUMNS[table].length,
        source: `no CREATE TABLE, so assumed ${TABLE_COLUMNS[table].join(', ')}`,
      };
    }
    if (!this.rows.has(table)) this.rows.set(table, []);
  }

  row(values: (string | null)[], line: number, row: RowText): void {
    const layout = this.current;
    if (layout === undefined) throw new Error('row() before insert()');
    if (values.length !== layout.width) {
      throw new UserError(
        `row has ${values.length} value${values.length === 1 ? '' : 's'}, ${layout.table} has ${layout.width} columns (${layout.source})`,
        {
          file: this.file,
          table: layout.table,
          line,
          text: row.text,
        },
      );
    }
    // map, not push: an array grown by push keeps room for 16 cells, and there is one a row.
    const cells = layout.pick.map((i) => detach(values[i] ?? null));
    this.budget.add(cells, { file: this.file, table: layout.table, line });
    this.rows.get(layout.table)?.push({ cells, line });
  }

  /** The tables seen (declared or inserted into), in TABLE_COLUMNS order. */
  tables(): Partial<Record<TableName, RawTable>> {
    const out: Partial<Record<TableName, RawTable>> = {};
    for (const name of TABLE_NAMES) {
      const rows = this.rows.get(name);
      if (rows) out[name] = { name, file: this.file, rows };
    }
    return out;
  }

  /** The tables read past, as the dump names them, once each. */
  notServed(): string[] {
    return onceEach(this.passed);
  }

  private table(name: string): TableName {
    const table = cachedTable(this.names, name);
    if (table === undefined) throw new Error(`table ${name} is not wanted`);
    return table;
  }
}
