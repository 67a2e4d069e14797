import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { readSqlChunks, readSqlDump } from './read-sql.js';
import { bytesOf, readText, rowsOf } from './test-support.js';

/** A small mysqldump-style dump (line numbers matter). */
const MYSQL_DUMP = `-- MySQL dump 10.13  Distrib 5.7.22, for Linux (x86_64)
--
-- Host: localhost    Database: JASPAR2020
-- ------------------------------------------------------
/*!40101 SET @OLD_CHARACTER_SET_CLIENT=@@CHARACTER_SET_CLIENT */;
/*!40101 SET NAMES utf8 */;
/*!40103 SET TIME_ZONE='+00:00' */;
SET @saved = 1;

DROP TABLE IF EXISTS \`MATRIX\`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
CREATE TABLE \`MATRIX\` (
  \`ID\` int(11) NOT NULL AUTO_INCREMENT,
  \`COLLECTION\` varchar(16) DEFAULT '' COMMENT 'a (comment), with \\'quotes\\'',
  \`BASE_ID\` varchar(16) NOT NULL DEFAULT '',
  \`VERSION\` tinyint(4) NOT NULL DEFAULT '1',
  \`NAME\` varchar(255) NOT NULL DEFAULT '',
  PRIMARY KEY (\`ID\`),
  KEY \`BASE_ID\` (\`BASE_ID\`,\`VERSION\`),
  UNIQUE KEY \`u\` (\`NAME\`),
  CONSTRAINT \`fk\` FOREIGN KEY (\`ID\`) REFERENCES \`OTHER\` (\`ID\`)
) ENGINE=InnoDB AUTO_INCREMENT=10000 DEFAULT CHARSET=latin1;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES \`MATRIX\` WRITE;
/*!40000 ALTER TABLE \`MATRIX\` DISABLE KEYS */;
INSERT INTO \`MATRIX\` VALUES (9229,'CORE','MA0001',1,'AGL3'),(9230,'CORE','MA0002',1,'it\\'s \\"q\\" \\\\ b\\nn\\tt\\rr\\0z\\Zs'),
(9231,NULL,'MA0003',2,'Krüppel;(x)');
/*!40000 ALTER TABLE \`MATRIX\` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS \`MATRIX_ANNOTATION\`;
CREATE TABLE \`MATRIX_ANNOTATION\` (
  \`LOCAL_ID\` int(11) NOT NULL,
  \`ID\` int(11) NOT NULL,
  \`TAG\` varchar(255) NOT NULL DEFAULT '',
  \`VAL\` varchar(255) DEFAULT NULL,
  KEY \`ID\` (\`ID\`)
) ENGINE=MyISAM DEFAULT CHARSET=utf8;
INSERT INTO \`MATRIX_ANNOTATION\` VALUES (1,9229,'family','MADS'),(2,9229,'comment','-\\t'),(3,9230,'medline',NULL);
CREATE TABLE \`MATRIX_DATA\` (\`ID\` int(11), \`row\` varchar(1), \`col\` int(11), \`val\` float, PRIMARY KEY (\`ID\`,\`row\`,\`col\`));
INSERT INTO \`MATRIX_DATA\` VALUES (9229,'A',1,4),(9229,'C',1,61.75),(9229,'G',1,0),(9229,'T',1,-1.5e-3);
CREATE TABLE \`MATRIX_PROTEIN\` (\`ID\` int(11), \`ACC\` varchar(255));
INSERT INTO \`MATRIX_PROTEIN\` VALUES (9229,'P29383'),(9229,'');
CREATE TABLE \`MATRIX_SPECIES\` (\`ID\` int(11), \`TAX_ID\` varchar(255));
INSERT INTO \`MATRIX_SPECIES\` VALUES (9229,'-'),(9230,'9606');
CREATE TABLE \`TAX\` (\`TAX_ID\` varchar(255), \`SPECIES\` varchar(255) DEFAULT NULL);
INSERT INTO \`TAX\` VALUES ('9606','Homo sapiens'),('4932',NULL);
CREATE TABLE \`TFFM\` (\`ID\` int(11), \`BASE_ID\` varchar(16), \`VERSION\` int(11), \`MATRIX_BASE_ID\` varchar(16),
  \`MATRIX_VERSION\` int(11), \`NAME\` varchar(255), \`LOG_P_1ST_ORDER\` double, \`LOG_P_DETAILED\` double,
  \`EXPERIMENT_NAME\` varchar(255));
INSERT INTO \`TFFM\` VALUES (1,'TFFM0091',1,'MA0002',2,'RUNX1',-1042.13,-1004.13,'Runx1_GSE22178'),(2,'TFFM0158',1,'MA0022',1,'dl',NULL,NULL,'None');
CREATE TABLE \`django_session\` (\`session_key\` varchar(40) NOT NULL, \`session_data\` longtext NOT NULL);
INSERT INTO \`django_session\` VALUES ('k1','a\\');(\\n'),('k2','b');
/*!40101 SET CHARACTER_SET_CLIENT=@OLD_CHARACTER_SET_CLIENT */;
-- Dump completed on 2020-01-01 00:00:00
`;

const dir = mkdtempSync(join(tmpdir(), 'sql-mysql-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('SQL dump, MySQL dialect', () => {
  it('reads mysqldump output: escapes, NULLs, multi-row inserts, conditional comments, keys', async () => {
    const path = join(dir, 'JASPAR2020.sql.gz');
    writeFileSync(path, gzipSync(MYSQL_DUMP));
    const dump = await readSqlDump(path);
    expect(dump.shape).toBe('SQL dump (MySQL dialect)');
    expect(dump.name).toBe('JASPAR2020');
    expect(dump.tables.MATRIX?.file).toBe(path);
    expect(rowsOf(dump, 'MATRIX')).toEqual([
      [27, '9229', 'CORE', 'MA0001', '1', 'AGL3'],
      [27, '9230', 'CORE', 'MA0002', '1', 'it\'s "q" \\ b\nn\tt\rr\0z\x1as'],
      [28, '9231', null, 'MA0003', '2', 'Krüppel;(x)'],
    ]);
    expect(rowsOf(dump, 'MATRIX_ANNOTATION')).toEqual([
      [39, '9229', 'family', 'MADS'],
      [39, '9229', 'comment', '-\t'],
      [39, '9230', 'medline', null],
    ]);
    expect(rowsOf(dump, 'MATRIX_DATA').map((r) => r.slice(1))).toEqual([
      ['9229', 'A', '1', '4'],
      ['9229', 'C', '1', '61.75'],
      ['9229', 'G', '1', '0'],
      ['9229', 'T', '1', '-1.5e-3'],
    ]);
    expect(rowsOf(dump, 'MATRIX_PROTEIN').map((r) => r.slice(1))).toEqual([
      ['9229', 'P29383'],
      ['9229', ''],
    ]);
    expect(rowsOf(dump, 'MATRIX_SPECIES').map((r) => r.slice(1))).toEqual([
      ['9229', '-'],
      ['9230', '9606'],
    ]);
    expect(rowsOf(dump, 'TAX').map((r) => r.slice(1))).toEqual([
      ['9606', 'Homo sapiens'],
      ['4932', null],
    ]);
    expect(rowsOf(dump, 'TFFM').map((r) => r.slice(1))).toEqual([
      ['1', 'TFFM0091', '1', 'MA0002', '2', 'RUNX1', '-1042.13', '-1004.13', 'Runx1_GSE22178'],
      ['2', 'TFFM0158', '1', 'MA0022', '1', 'dl', null, null, 'None'],
    ]);
  });

  it('reads the same dump uncompressed, and gives the same result for every chunk boundary', async () => {
    const path = join(dir, 'JASPAR2020.sql');
    writeFileSync(path, MYSQL_DUMP);
    const whole = await readSqlChunks([bytesOf(MYSQL_DUMP)], path);
    expect(await readSqlDump(path)).toEqual(whole);
    const bytes = bytesOf(MYSQL_DUMP);
    for (let k = 0; k <= bytes.length; k++) {
      expect(await readSqlChunks([bytes.subarray(0, k), bytes.subarray(k)], path), `split at byte ${k}`).toEqual(whole);
    }
    expect(await readText(MYSQL_DUMP, 1, path)).toEqual(whole);
  });
});

describe('dialect detection', () => {
  const shapeOf = async (text: string): Promise<string> => (await readText(text)).shape;
  const mysql = 'SQL dump (MySQL dialect)';
  const sqlite = 'SQL dump (SQLite dialect)';

  it.each([
    ['a conditional comment', '/*!40101 SET NAMES utf8 */;', mysql],
    ['LOCK TABLES', 'LOCK TABLES `X` WRITE;', mysql],
    ['UNLOCK TABLES', 'UNLOCK TABLES;', mysql],
    ['a backtick-quoted INSERT', "INSERT INTO `TAX` VALUES ('1','a');", mysql],
    ['a backslash escape', "INSERT INTO TAX VALUES ('1','a\\nb');", mysql],
    ['PRAGMA', "PRAGMA foreign_keys=OFF;\nINSERT INTO `TAX` VALUES ('1','a\\nb');", sqlite],
    ['BEGIN TRANSACTION', 'BEGIN TRANSACTION;\n/*!40101 SET NAMES utf8 */;', sqlite],
    ['backticks in CREATE TABLE only', 'CREATE TABLE `TAX` (`TAX_ID` text, `SPECIES` text);', sqlite],
    ['a backslash that is no escape', "INSERT INTO TAX VALUES ('1','C:\\path');", sqlite],
    ['nothing at all', "INSERT INTO TAX VALUES ('1','a');", sqlite],
  ])('%s', async (_what, text, shape) => {
    expect(await shapeOf(text)).toBe(shape);
  });

  it('lets a backslash escape decide MySQL and unescapes from there on', async () => {
    const dump = await readText("INSERT INTO TAX VALUES ('1','C:\\path'),('2','it\\'s');");
    expect(dump.shape).toBe(mysql);
    expect(rowsOf(dump, 'TAX')).toEqual([
      [1, '1', 'C:\\path'],
      [1, '2', "it's"],
    ]);
  });
});
