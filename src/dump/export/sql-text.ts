/**
 * Writing a RawDump back out as a SQL dump in either dialect (contract §1): SQLite's
 * `.dump` layout (one INSERT per row, `''` quoting) or mysqldump's (backticks, multi-row
 * INSERTs, backslash escapes). Used to test that every shape builds the same site, and by
 * the shapes benchmark.
 */
import type { Dialect } from '../sql/dialect.js';
import { TABLE_NAMES, type RawDump, type Row, type TableName } from '../tables.js';
import { exportedColumns, extraValue, isBareNumber, type ColumnType } from './columns.js';

const MYSQL_TYPES: Readonly<Record<ColumnType, string>> = { integer: 'int(11)', real: 'double', text: 'varchar(255)' };
const MYSQL_ESCAPES: Readonly<Record<string, string>> = {
  '\\': '\\\\',
  "'": "\\'",
  '"': '\\"',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
  '\0': '\\0',
  '\x1a': '\\Z',
};
/** Rows per INSERT in the MySQL dialect (mysqldump packs rows up to a byte limit). */
const MYSQL_ROWS_PER_INSERT = 50;

/** A value as a SQL literal of `dialect`: NULL, a bare number for a numeric column, else a quoted string. */
export function literal(dialect: Dialect, type: ColumnType, value: string | null): string {
  if (value === null) return 'NULL';
  if (isBareNumber(type, value)) return value;
  if (dialect === 'sqlite') return `'${value.replace(/'/g, "''")}'`;
  return `'${value.replace(/[\\'"\n\r\t\0\x1a]/g, (c) => MYSQL_ESCAPES[c] ?? c)}'`;
}

function values(dialect: Dialect, table: TableName, cells: Row, index: number): string {
  const columns = exportedColumns(table);
  const texts = columns.map((c, i) => literal(dialect, c.type, c.extra ? extraValue(index) : (cells[i] ?? null)));
  return `(${texts.join(',')})`;
}

function createTable(dialect: Dialect, table: TableName): string {
  const columns = exportedColumns(table);
  if (dialect === 'sqlite') {
    return `CREATE TABLE \`${table}\` (\n  ${columns.map((c) => `\`${c.name}\` ${c.type}`).join('\n,  ')}\n);`;
  }
  const lines = columns.map(
    (c) => `  \`${c.name}\` ${MYSQL_TYPES[c.type]}${c.name === 'ID' ? ' NOT NULL' : ' DEFAULT NULL'}`,
  );
  return `DROP TABLE IF EXISTS \`${table}\`;\nCREATE TABLE \`${table}\` (\n${lines.join(',\n')},\n  KEY \`ID\` (\`${columns[0]?.name ?? 'ID'}\`)\n) ENGINE=MyISAM DEFAULT CHARSET=utf8;`;
}

/** A table the API does not need, as full dumps carry (Django's own tables). */
function extraTable(dialect: Dialect): string[] {
  const q = dialect === 'mysql' ? '`' : '';
  return [
    `CREATE TABLE ${q}django_migrations${q} (${q}id${q} integer, ${q}app${q} varchar(255));`,
    `INSERT INTO ${q}django_migrations${q} VALUES (1,'portal');`,
  ];
}

/** The dump as SQL text, as a sequence of lines (statements may span several). */
export function* sqlDumpLines(dump: RawDump, dialect: Dialect): Generator<string> {
  if (dialect === 'sqlite') yield 'PRAGMA foreign_keys=OFF;\nBEGIN TRANSACTION;';
  else yield `-- MySQL dump 10.13\n/*!40101 SET NAMES utf8 */;\n/*!40103 SET TIME_ZONE='+00:00' */;`;
  yield* extraTable(dialect);
  for (const table of TABLE_NAMES) {
    const raw = dump.tables[table];
    if (!raw) continue;
    yield createTable(dialect, table);
    if (dialect === 'sqlite') {
      for (const [i, row] of raw.rows.entries())
        yield `INSERT INTO ${table} VALUES${values(dialect, table, row.cells, i)};`;
      continue;
    }
    yield `LOCK TABLES \`${table}\` WRITE;`;
    for (let start = 0; start < raw.rows.length; start += MYSQL_ROWS_PER_INSERT) {
      const batch = raw.rows
        .slice(start, start + MYSQL_ROWS_PER_INSERT)
        .map((row, i) => values(dialect, table, row.cells, start + i));
      yield `INSERT INTO \`${table}\` VALUES ${batch.join(',')};`;
    }
    yield 'UNLOCK TABLES;';
  }
  if (dialect === 'sqlite') yield 'COMMIT;';
}

/** The whole dump as SQL text. */
export function sqlDumpText(dump: RawDump, dialect: Dialect): string {
  return `${[...sqlDumpLines(dump, dialect)].join('\n')}\n`;
}
