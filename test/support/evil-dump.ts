/**
 * A tiny flat-file release whose names, annotations, species and TFFM fields carry markup,
 * quotes and ampersands, for checking that every page shows them as text.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDirSync } from './scratch.js';

/** Strings that would run or inject markup if a page printed them raw. */
export const EVIL = {
  name: `<script>alert("x")</script> & 'q'`,
  name2: `Zfp"<b>bold</b>`,
  family: '<img src=x onerror=alert(2)>',
  className: '"Quoted" & <Co>',
  comment: '</pre><script>alert(3)</script>',
  protein: 'P1"><script>alert(4)</script>',
  species: 'Homo <sapiens> & "friends"',
  tffmName: '<script>alert(5)</script>',
  experiment: `exp"'<&>`,
  /** NUL, which starts the markers of HTML list fragments: shown as U+FFFD, never read as a marker. */
  markers: 'plain\u0000/ & \u0000|simple\u0000b',
} as const;

const rows = (r: readonly (readonly (string | number)[])[]) => r.map((cols) => `${cols.join('\t')}\n`).join('');

function pfmRows(id: number, cols: readonly (readonly [number, number, number, number])[]): (string | number)[][] {
  return cols.flatMap(([a, c, g, t], i) => [
    [id, 'A', i + 1, a],
    [id, 'C', i + 1, c],
    [id, 'G', i + 1, g],
    [id, 'T', i + 1, t],
  ]);
}

/** Write the dump into a new temporary folder named EVIL2020; returns the folder. */
export function writeEvilDump(): string {
  const dir = join(tempDirSync('evil'), 'EVIL2020');
  mkdirSync(dir);
  const files: Record<string, (readonly (string | number)[])[]> = {
    'MATRIX.txt': [
      [1, 'CORE', 'MA0001', 1, EVIL.name],
      [2, 'CORE', 'MA0001', 2, EVIL.name2],
      // MySQL's escape for NUL in flat files (contract §1).
      [3, 'CORE', 'MA0002', 1, EVIL.markers.replace(/\u0000/g, '\\0')],
    ],
    'MATRIX_DATA.txt': [
      ...pfmRows(1, [
        [10, 0, 0, 0],
        [0, 5, 5, 0],
        [2, 2, 3, 3],
      ]),
      ...pfmRows(2, [
        [0, 0, 0, 9],
        [1, 1, 1, 1],
      ]),
      ...pfmRows(3, [
        [4, 4, 0, 0],
        [0, 0, 0, 8],
        [8, 0, 0, 0],
      ]),
    ],
    'MATRIX_ANNOTATION.txt': [
      [1, 'family', EVIL.family],
      [1, 'class', EVIL.className],
      [1, 'comment', EVIL.comment],
      [1, 'medline', '12345'],
      [1, 'tax_group', 'vertebrates'],
      [2, 'tax_group', 'vertebrates'],
      [3, 'tax_group', 'insects'],
    ],
    'MATRIX_PROTEIN.txt': [[1, EVIL.protein]],
    'MATRIX_SPECIES.txt': [
      [1, 9606],
      [2, 10090],
      [3, 7227],
    ],
    'TAX.txt': [
      [9606, EVIL.species],
      [10090, 'Mus musculus'],
      [7227, 'Drosophila melanogaster'],
    ],
    'TFFM.txt': [[1, 'TFFM0001', 1, 'MA0001', 1, EVIL.tffmName, '-10.5', '-9.25', EVIL.experiment]],
  };
  for (const [name, r] of Object.entries(files)) writeFileSync(join(dir, name), rows(r));
  return dir;
}
