/**
 * Dump values that would leave the model as something other than escaped text (issue 37 item
 * 4, src/model/values.ts): a path segment (tax ids, tax groups, ids), a line of a text format
 * (names, TRANSFAC's annotations, UniProt accessions), a number a renderer cannot write, or a
 * size that multiplies the site. Each stops the build with one line naming the table, the row
 * and the value (before, several crashed the build with exit 70 or injected records into the
 * text answers); negative counts build with a warning. Generated here, never stored.
 */
import type { CorpusCase } from './cases.js';
import { appendLines, filterLines, replaceLine, sampleFolder, tinySql } from './dumps.js';

/** TINY_SQL with a MATRIX_ANNOTATION table of one row (on line 12). */
const withAnnotation = (tag: string, value: string) =>
  `${tinySql()}CREATE TABLE MATRIX_ANNOTATION (ID integer, TAG text, VAL text);\nINSERT INTO MATRIX_ANNOTATION VALUES(1,'${tag}','${value}');\n`;

/** MATRIX_DATA rows of matrix 101 with `width` columns of 1, 2, 3, 4. */
const wideMatrix = (width: number) => (text: string) =>
  appendLines(
    ...Array.from({ length: width }, (_, i) =>
      ['A', 'C', 'G', 'T'].map((b, j) => `101\t${b}\t${i + 1}\t${j + 1}`),
    ).flat(),
  )(filterLines((l) => !l.startsWith('101\t'))(text));

export const HOSTILE_CASES: readonly CorpusCase[] = [
  // Paths: a value that names a folder of the site.
  {
    name: 'a TAX_ID holding / and ..',
    dump: 'd',
    files: () => sampleFolder({ 'MATRIX_SPECIES.txt': replaceLine(1, '101\t9606/../../etc') }),
    error:
      '<case>/d/MATRIX_SPECIES.txt:1: TAX_ID "9606/../../etc" cannot be published: tax ids must use only A-Z a-z 0-9 . _ -',
  },
  {
    name: 'a TAX_ID that is ..',
    dump: 'd',
    files: () => sampleFolder({ 'MATRIX_SPECIES.txt': replaceLine(1, '101\t..') }),
    error: '<case>/d/MATRIX_SPECIES.txt:1: TAX_ID ".." cannot be published: tax ids must use only A-Z a-z 0-9 . _ -',
  },
  {
    name: 'a tax_group holding <',
    dump: 'd',
    files: () => sampleFolder({ 'MATRIX_ANNOTATION.txt': replaceLine(7, '101\ttax_group\t<script>') }),
    error:
      '<case>/d/MATRIX_ANNOTATION.txt:7: tax_group "<script>" cannot be published: tax groups must use only A-Z a-z 0-9 . _ -',
  },
  {
    name: 'a tax_group holding CR/LF',
    dump: 'x.sql',
    files: () => ({ 'x.sql': withAnnotation('tax_group', 'plants\r\n/../x') }),
    error:
      '<case>/x.sql:12: [MATRIX_ANNOTATION] tax_group "plants\\r\\n/../x" cannot be published: tax groups must use only A-Z a-z 0-9 . _ -',
  },
  {
    name: 'a TFFM pointing at a matrix id holding /',
    dump: 'd',
    files: () =>
      sampleFolder({ 'TFFM.txt': replaceLine(1, '1\tTFFM0031\t1\tMA0103/..\t1\tZelt\t-1042.13\t-1004.13\tx') }),
    error: '<case>/d/TFFM.txt:1: MATRIX_BASE_ID "MA0103/.." cannot be published: ids must use only A-Z a-z 0-9 . _ -',
  },
  {
    name: 'a VERSION past the exact integers (1e+21 would be its file name)',
    dump: 'd',
    files: () => sampleFolder({ 'MATRIX.txt': replaceLine(1, '101\tCORE\tMA0103\t1000000000000000000000\tZelt') }),
    error:
      '<case>/d/MATRIX.txt:1: VERSION "1000000000000000000000" is out of range: integers must be at most 9007199254740991',
  },
  // Lines: a value written as a line of a text format.
  {
    name: 'a name holding LF (a record of its own in the text formats)',
    dump: 'd',
    files: () => sampleFolder({ 'MATRIX.txt': replaceLine(1, '101\tCORE\tMA0103\t1\tZelt\\n>MA9999.1 fake') }),
    error:
      '<case>/d/MATRIX.txt:1: NAME holds a line break (\\n), which would start a record of its own in the TRANSFAC, JASPAR, PFM and MEME answers: "Zelt\\n>MA9999.1 fake"',
  },
  {
    name: 'a name holding CR',
    dump: 'x.sql',
    files: () => ({ 'x.sql': tinySql(4, "INSERT INTO MATRIX VALUES(1,'CORE','MA0001',1,'AGL3\rMOTIF MA9999.1 x');") }),
    error:
      '<case>/x.sql:4: [MATRIX] NAME holds a line break (\\r), which would start a record of its own in the TRANSFAC, JASPAR, PFM and MEME answers: "AGL3\\rMOTIF MA9999.1 x"',
  },
  {
    name: 'a family holding LF (a CC line of TRANSFAC)',
    dump: 'd',
    files: () => sampleFolder({ 'MATRIX_ANNOTATION.txt': replaceLine(3, '101\tfamily\tPAS\\n//\\nAC MA9999.1') }),
    error:
      '<case>/d/MATRIX_ANNOTATION.txt:3: family holds a line break (\\n), which would start a record of its own in the TRANSFAC answers: "PAS\\n//\\nAC MA9999.1"',
  },
  {
    name: 'a UniProt accession holding LF',
    dump: 'd',
    files: () => sampleFolder({ 'MATRIX_PROTEIN.txt': replaceLine(1, '101\tQ8R7X4\\n//') }),
    error:
      '<case>/d/MATRIX_PROTEIN.txt:1: ACC holds a line break (\\n), which would start a record of its own in the TRANSFAC answers: "Q8R7X4\\n//"',
  },
  // Numbers and sizes.
  {
    name: 'a count of 1e308 (its column total is infinite)',
    dump: 'd',
    files: () => sampleFolder({ 'MATRIX_DATA.txt': replaceLine(3, '101\tA\t3\t1e308') }),
    error:
      "<case>/d/MATRIX_DATA.txt:3: matrix MA0103.1: count 1e+308 in row A column 3 is out of range: counts must be at most 1e15 in magnitude, so every column's total is finite",
  },
  {
    name: 'a name past 255 characters',
    dump: 'd',
    files: () => sampleFolder({ 'MATRIX.txt': replaceLine(1, `101\tCORE\tMA0103\t1\t${'Z'.repeat(256)}`) }),
    error:
      /^<case>\/d\/MATRIX\.txt:1: NAME is 256 characters long, more than the 255 a name may have \(the width of NAME in JASPAR's schema\): "Z{80}…"$/,
  },
  {
    name: 'a matrix past 1000 columns',
    dump: 'd',
    files: () => sampleFolder({ 'MATRIX_DATA.txt': wideMatrix(1001) }),
    error:
      /^<case>\/d\/MATRIX_DATA\.txt:\d+: matrix MA0103\.1: column 1001 is past the 1000 columns a matrix may have$/,
  },
  {
    name: 'a column of four zero counts (warning)',
    dump: 'd',
    files: () =>
      sampleFolder({
        'MATRIX_DATA.txt': (t) =>
          ['A', 'C', 'G', 'T'].reduce((text, _, i) => replaceLine(3 + i * 9, `101\t${'ACGT'[i]}\t3\t0`)(text), t),
      }),
    warning:
      '<case>/d/MATRIX_DATA.txt:3: matrix MA0103.1: column 3 has no counts (all four are 0); published as it is, MEME answers write 0.25 for each letter there',
  },
  {
    name: 'a negative count (warning)',
    dump: 'd',
    files: () =>
      sampleFolder({ 'MATRIX_DATA.txt': (t) => replaceLine(4, '101\tA\t4\t-2')(replaceLine(3, '101\tA\t3\t-4')(t)) }),
    warning:
      '<case>/d/MATRIX_DATA.txt:3: matrix MA0103.1: count -4 in row A column 3 is negative (and 1 more); published as it is',
  },
];
