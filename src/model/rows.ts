/** Walking the rows of a raw table with a typed cell reader, one check step per row. */
import type { RawTable } from '../dump/tables.js';
import { CellReader } from './parse-cells.js';
import { UserError } from '../errors.js';
import type { Problems } from './problems.js';

/** Call `fn` for each row; a row whose cells fail to parse goes to `problems` and is skipped. */
export function eachRow(table: RawTable | undefined, problems: Problems, fn: (cells: CellReader) => void): void {
  if (!table) return;
  for (const row of table.rows) {
    const cells = new CellReader(table, row);
    // A UserError goes to `problems.fatal` and the row is skipped (no closure a row: JASPAR 2026 has 212k).
    try {
      fn(cells);
    } catch (error) {
      if (!(error instanceof UserError)) throw error;
      problems.fatal(error);
    }
  }
}

/** Group the rows of a MATRIX_* table by matrix key, rows kept in dump order. */
export function groupByKey<T>(
  table: RawTable | undefined,
  problems: Problems,
  read: (c: CellReader) => [number, T],
): Map<number, T[]> {
  const out = new Map<number, T[]>();
  eachRow(table, problems, (c) => {
    const [key, value] = read(c);
    const list = out.get(key);
    if (list) list.push(value);
    else out.set(key, [value]);
  });
  return out;
}
