/** Helpers shared by the SQL reader's tests (not used by the reader itself). */
import { UserError } from '../../errors.js';
import type { RawDump, SourceRow, TableName } from '../tables.js';
import { readSqlChunks } from './read-sql.js';

/** UTF-8 bytes of a dump text. */
export const bytesOf = (text: string): Uint8Array => new TextEncoder().encode(text);

/** Read a dump given as text, cut into byte chunks of `size` (Infinity = one chunk). */
export function readText(text: string, size = Infinity, file = 'test.sql'): Promise<RawDump> {
  const bytes = bytesOf(text);
  const chunks: Uint8Array[] = [];
  if (size === Infinity) chunks.push(bytes);
  else for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
  return readSqlChunks(chunks, file);
}

/** The UserError a promise rejects with (fails the test if it resolves or throws something else). */
export async function rejection(promise: Promise<unknown>): Promise<{ message: string; place: UserError['place'] }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof UserError) return { message: error.message, place: { ...error.place } };
    throw error;
  }
  throw new Error('expected a UserError, got none');
}

/** The rows of one table as [line, ...cells] tuples, for compact expectations. */
export function rowsOf(dump: RawDump, table: TableName): (string | number | null)[][] {
  const rows: readonly SourceRow[] = dump.tables[table]?.rows ?? [];
  return rows.map((r) => [r.line, ...r.cells]);
}
