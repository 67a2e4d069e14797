/** Corpus cases the model builder rejects or warns about: keys, ids, values (see cases.ts). */
import type { CorpusCase } from './cases.js';
import { appendLines, filterLines, replaceLine, sampleFolder, tinySql } from './dumps.js';

/** Dumps that read but cannot be published as they are (and three that build with a warning). */
export const MODEL_CASES: readonly CorpusCase[] = [
  // The model: keys, ids, values
  {
    name: 'duplicate MATRIX key',
    dump: 'd',
    files: () => sampleFolder({ 'MATRIX.txt': replaceLine(2, '101\tCORE\tMA0101\t1\tArkin::Bexl') }),
    error: '<case>/d/MATRIX.txt:2: duplicate MATRIX ID 101 (first on line 1)',
  },
  {
    name: 'duplicate matrix id',
    dump: 'd',
    files: () => sampleFolder({ 'MATRIX.txt': replaceLine(2, '102\tCORE\tMA0103\t1\tArkin::Bexl') }),
    error: '<case>/d/MATRIX.txt:2: duplicate matrix MA0103.1 (first on line 1)',
  },
  {
    name: 'non-numeric value',
    dump: 'd',
    files: () => sampleFolder({ 'MATRIX_DATA.txt': replaceLine(3, '101\tA\t3\t1,5') }),
    error: '<case>/d/MATRIX_DATA.txt:3: value "1,5" is not a number',
  },
  {
    name: 'unknown row letter',
    dump: 'd',
    files: () => sampleFolder({ 'MATRIX_DATA.txt': replaceLine(3, '101\tN\t3\t0.000') }),
    error: '<case>/d/MATRIX_DATA.txt:3: matrix MA0103.1: unknown row letter "N" (expected A, C, G or T)',
  },
  {
    name: 'column gap',
    dump: 'd',
    files: () => sampleFolder({ 'MATRIX_DATA.txt': filterLines((l) => !/^101\t[ACGT]\t3\t/.test(l)) }),
    error: '<case>/d/MATRIX_DATA.txt:1: matrix MA0103.1: row A has no value for column 3 (columns must be 1..9)',
  },
  {
    name: 'a cell given twice',
    dump: 'd',
    files: () => sampleFolder({ 'MATRIX_DATA.txt': appendLines('101\tC\t3\t7') }),
    error: '<case>/d/MATRIX_DATA.txt:1689: matrix MA0103.1: row C column 3 appears twice (first on line 12)',
  },
  {
    name: 'unsafe id ../x',
    dump: 'd',
    files: () => sampleFolder({ 'MATRIX.txt': replaceLine(1, '101\tCORE\t../x\t1\tZelt') }),
    error: '<case>/d/MATRIX.txt:1: BASE_ID "../x" cannot be published: ids must use only A-Z a-z 0-9 . _ -',
  },
  {
    name: 'unsafe collection name',
    dump: 'd',
    files: () => sampleFolder({ 'MATRIX.txt': replaceLine(1, '101\tCO/RE\tMA0103\t1\tZelt') }),
    error: '<case>/d/MATRIX.txt:1: COLLECTION "CO/RE" cannot be published: ids must use only A-Z a-z 0-9 . _ -',
  },
  {
    name: 'version is not an integer',
    dump: 'd',
    files: () => sampleFolder({ 'MATRIX.txt': replaceLine(1, '101\tCORE\tMA0103\tone\tZelt') }),
    error: '<case>/d/MATRIX.txt:1: VERSION "one" is not an integer',
  },
  {
    name: 'NULL name',
    dump: 'x.sql',
    files: () => ({ 'x.sql': tinySql(4, "INSERT INTO MATRIX VALUES(1,'CORE','MA0001',1,NULL);") }),
    error: '<case>/x.sql:4: [MATRIX] NAME is NULL: "1\\tCORE\\tMA0001\\t1\\t\\N"',
  },
  {
    name: 'duplicate TFFM',
    dump: 'd',
    files: () => sampleFolder({ 'TFFM.txt': appendLines('24\tTFFM0031\t1\tMA0103\t1\tZelt\t-1.5\t-1.5\tagain') }),
    error: '<case>/d/TFFM.txt:24: duplicate TFFM TFFM0031.1 (first on line 1)',
  },
  {
    name: 'non-numeric TFFM log-p',
    dump: 'd',
    files: () => sampleFolder({ 'TFFM.txt': replaceLine(1, '1\tTFFM0031\t1\tMA0103\t1\tZelt\t-1042,13\t-1004.13\tx') }),
    error: '<case>/d/TFFM.txt:1: LOG_P_1ST_ORDER "-1042,13" is not a number',
  },
  // Warnings: the build goes on
  {
    name: 'matrix without data (warning)',
    dump: 'd',
    files: () => sampleFolder({ 'MATRIX_DATA.txt': filterLines((l) => !l.startsWith('101\t')) }),
    warning:
      '<case>/d/MATRIX.txt:1: matrix MA0103.1 (ID 101) has no MATRIX_DATA rows; it is published with an empty PFM',
  },
  {
    name: 'data rows for an unknown matrix (warning)',
    dump: 'd',
    files: () => sampleFolder({ 'MATRIX_DATA.txt': appendLines('999\tA\t1\t1.0') }),
    warning: '<case>/d/MATRIX_DATA.txt:1689: MATRIX_DATA rows for ID 999, which is not in MATRIX, are ignored',
  },
  {
    name: 'TFFM pointing at a missing matrix (warning)',
    dump: 'x.sql',
    files: () => ({
      'x.sql': `${tinySql()}CREATE TABLE TFFM (ID, BASE_ID, VERSION, MATRIX_BASE_ID, MATRIX_VERSION, NAME, LOG_P_1ST_ORDER, LOG_P_DETAILED, EXPERIMENT_NAME);\nINSERT INTO TFFM VALUES(1,'TFFM0001',1,'MA0999',1,'x',NULL,NULL,'None');\n`,
    }),
    warning: '<case>/x.sql:12: TFFM TFFM0001.1 points at matrix MA0999.1, which is not in the release',
  },
];
