/** Corpus cases the readers reject: finding the dump, bytes, syntax, table layout (see cases.ts). */
import type { CorpusCase } from './cases.js';
import { appendLines, gz, replaceLine, sampleFolder, sqliteBytes, tinySql, TINY_SQL } from './dumps.js';

const TEN_MB = 10 * 1024 * 1024;
const MYSQL_HEAD = '/*!40101 SET NAMES utf8 */;\n';

/** Dumps that cannot be read. */
export const READER_CASES: readonly CorpusCase[] = [
  // Finding and recognising the dump
  { name: 'dump not found', dump: 'nowhere', files: () => ({}), error: '<case>/nowhere: dump not found' },
  {
    name: 'not a dump at all',
    dump: 'notes.txt',
    files: () => ({ 'notes.txt': 'hello\n' }),
    error:
      '<case>/notes.txt: not a release dump: expected a folder of flat-file tables, a SQLite database, or a .sql or .sql.gz dump',
  },
  { name: 'empty .sql file', dump: 'x.sql', files: () => ({ 'x.sql': '' }), error: '<case>/x.sql: dump file is empty' },
  {
    name: 'empty .sqlite file',
    dump: 'x.sqlite',
    files: () => ({ 'x.sqlite': '' }),
    error: '<case>/x.sqlite: dump file is empty',
  },
  {
    name: 'empty folder (missing MATRIX table)',
    dump: 'd',
    files: () => ({ 'd/README': 'nothing here\n' }),
    error: 'd: no MATRIX table found; the dump was read as flat-file tables',
  },
  {
    name: 'empty MATRIX file',
    dump: 'd',
    files: () => sampleFolder({ 'MATRIX.txt': '' }),
    error: '<case>/d/MATRIX.txt: MATRIX table has no rows',
  },
  {
    name: 'SQL dump without MATRIX table',
    dump: 'x.sql',
    files: () => ({ 'x.sql': tinySql(3, null).replace(/INSERT INTO MATRIX VALUES.*\n/, '') }),
    error: 'x: no MATRIX table found; the dump was read as SQL dump (SQLite dialect)',
  },
  // Compressed and SQL text
  {
    name: 'truncated gzip',
    dump: 'x.sql.gz',
    files: () => ({ 'x.sql.gz': gz(TINY_SQL).subarray(0, 60) }),
    error: /^<case>\/x\.sql\.gz:\d+: (\[MATRIX\] )?gzip data is truncated \(unexpected end of file\)/,
  },
  {
    name: 'corrupt gzip',
    dump: 'x.sql.gz',
    files: () => ({
      'x.sql.gz': new Uint8Array([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3, 0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0]),
    }),
    error: /^<case>\/x\.sql\.gz:1: gzip data is corrupt \(.+\)$/,
  },
  {
    name: 'truncated statement',
    dump: 'x.sql',
    files: () => ({
      'x.sql': `${TINY_SQL.split('\n').slice(0, 8).join('\n')}\nINSERT INTO MATRIX_DATA VALUES(1,'T',1`,
    }),
    error:
      '<case>/x.sql:9: [MATRIX_DATA] statement cut off at end of file (no closing ;): "INSERT INTO MATRIX_DATA VALUES (1,\'T\',1…"',
  },
  {
    name: 'wrong column count (SQL)',
    dump: 'x.sql',
    files: () => ({ 'x.sql': tinySql(4, "INSERT INTO MATRIX VALUES(1,'CORE','MA0001',1);") }),
    error:
      "<case>/x.sql:4: [MATRIX] row has 4 values, MATRIX has 5 columns (CREATE TABLE on line 3): \"(1,'CORE','MA0001',1)\"",
  },
  {
    name: 'wrong column count (flat file)',
    dump: 'd',
    files: () => sampleFolder({ 'MATRIX.txt': replaceLine(2, '102\tCORE\tMA0101') }),
    error:
      '<case>/d/MATRIX.txt:2: expected 5 fields (ID, COLLECTION, BASE_ID, VERSION, NAME), found 3: "102\\tCORE\\tMA0101"',
  },
  {
    name: 'bad escape (MySQL dialect)',
    dump: 'x.sql',
    files: () => ({
      'x.sql': `${MYSQL_HEAD}${tinySql(4, "INSERT INTO `MATRIX` VALUES (1,'CORE','MA0001',1,'AG\\q3');")}`,
    }),
    error: '<case>/x.sql:5: [MATRIX] bad escape \\q in a string: "AG\\q"',
  },
  {
    name: 'bad escape (flat file, lone backslash)',
    dump: 'd',
    files: () => sampleFolder({ 'MATRIX.txt': replaceLine(1, '101\tCORE\tMA0103\t1\tZelt\\') }),
    error: '<case>/d/MATRIX.txt:1: field ends with a lone backslash: "Zelt\\"',
  },
  {
    name: 'CREATE TABLE lacks a needed column',
    dump: 'x.sql',
    files: () => ({
      'x.sql': tinySql(3, 'CREATE TABLE MATRIX (ID integer, COLLECTION text, BASE_ID text, VERSION integer);'),
    }),
    error:
      '<case>/x.sql:3: [MATRIX] CREATE TABLE MATRIX lacks column NAME, which the API needs: "CREATE TABLE MATRIX (ID, COLLECTION, BASE_ID, VERSION)"',
  },
  // Bytes and sizes
  {
    name: 'non-UTF-8 bytes (flat file)',
    dump: 'd',
    files: () => ({
      ...sampleFolder(),
      'd/MATRIX.txt': Buffer.concat([
        Buffer.from('101\tCORE\tMA0103\t1\tZelt\n102\tCORE\tMA0101\t1\tKr'),
        Buffer.from([0xfc]),
        Buffer.from('ppel\n'),
      ]),
    }),
    error: '<case>/d/MATRIX.txt:2: text is not valid UTF-8',
  },
  {
    name: 'non-UTF-8 bytes (SQL dump)',
    dump: 'x.sql',
    files: () => {
      const [head = '', tail = ''] = tinySql().split('AGL3');
      return {
        'x.sql': Buffer.concat([Buffer.from(`${head}Kr`), Buffer.from([0xfc, 0x70]), Buffer.from(`pel${tail}`)]),
      };
    },
    error:
      "<case>/x.sql:4: [MATRIX] text is not valid UTF-8 (bytes \\xFC): \"TO MATRIX VALUES(1,'CORE','MA0001',1,'Kr\\xFC\"",
  },
  {
    name: 'a 10 MB single line (flat file)',
    dump: 'd',
    files: () => sampleFolder({ 'MATRIX_ANNOTATION.txt': appendLines('x'.repeat(TEN_MB)) }),
    error: `<case>/d/MATRIX_ANNOTATION.txt:274: expected 3 fields (ID, TAG, VAL), found 1: "${'x'.repeat(80)}…"`,
  },
  {
    name: 'a 10 MB single line (SQL, unterminated string)',
    dump: 'x.sql',
    files: () => ({ 'x.sql': `${tinySql()}INSERT INTO MATRIX VALUES(2,'CORE','MA0002',1,'${'y'.repeat(TEN_MB)}\n` }),
    error: `<case>/x.sql:11: [MATRIX] unterminated string (no closing ' before end of file): "'${'y'.repeat(60)}"`,
  },
  {
    name: 'CSV header lacks a column',
    dump: 'd',
    files: () => ({
      ...sampleFolder({ 'MATRIX.txt': null }),
      'd/MATRIX.csv': 'ID,COLLECTION,BASE_ID,VERSION\n101,CORE,MA0103,1\n',
    }),
    error: '<case>/d/MATRIX.csv:1: header row lacks column NAME: "ID,COLLECTION,BASE_ID,VERSION"',
  },
  {
    name: 'two files hold one table',
    dump: 'd',
    files: () => ({ ...sampleFolder(), 'd/matrix.csv': 'ID,COLLECTION,BASE_ID,VERSION,NAME\n' }),
    error: '<case>/d/matrix.csv: two files hold table MATRIX: <case>/d/MATRIX.txt and <case>/d/matrix.csv; keep one',
  },
  // SQLite databases
  {
    name: 'a .sqlite file that is not a database',
    dump: 'x.sqlite',
    files: () => ({ 'x.sqlite': 'CREATE TABLE MATRIX (ID);\n' }),
    error: '<case>/x.sqlite: not a SQLite database (the file does not start with "SQLite format 3\\0")',
  },
  {
    name: 'a SQLite header on garbage',
    dump: 'x.sqlite',
    files: () => ({
      'x.sqlite': Buffer.concat([Buffer.from('SQLite format 3\0', 'latin1'), Buffer.alloc(2000, 0xab)]),
    }),
    error: '<case>/x.sqlite: cannot read SQLite database (file is not a database)',
  },
  {
    name: 'a SQLite table lacking a column',
    dump: 'x.sqlite',
    files: () => ({
      'x.sqlite': sqliteBytes('CREATE TABLE Matrix (ID integer, COLLECTION text, BASE_ID text, NAME text);'),
    }),
    error:
      '<case>/x.sqlite: [MATRIX] table lacks column VERSION, which the API needs: "Matrix (ID, COLLECTION, BASE_ID, NAME)"',
  },
  {
    name: 'a truncated SQLite database',
    dump: 'x.sqlite',
    files: () => {
      const rows = Array.from(
        { length: 3000 },
        (_, i) => `(${i + 1},'CORE','MA${String(i).padStart(4, '0')}',1,'${'n'.repeat(100)}')`,
      );
      const bytes = sqliteBytes(
        `${TINY_SQL.split('\n').slice(2, 4).join('\n')} INSERT INTO MATRIX VALUES ${rows.slice(1).join(',')};`,
      );
      return { 'x.sqlite': bytes.subarray(0, bytes.length / 2) };
    },
    error: /^<case>\/x\.sqlite(:\d+)?: (\[MATRIX\] )?cannot read SQLite database \(database disk image is malformed\)$/,
  },
  {
    name: 'a BLOB in a SQLite database',
    dump: 'x.sqlite',
    files: () => ({
      'x.sqlite': sqliteBytes(`${TINY_SQL.split('\n').slice(2, 4).join('\n')} UPDATE MATRIX SET NAME = x'00ff';`),
    }),
    error: '<case>/x.sqlite:1: [MATRIX] a cell holds a BLOB; expected text or a number',
  },
];
