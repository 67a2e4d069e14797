/**
 * Reader for flat-file table dumps (contract §1): one headerless TAB-separated file per table
 * with MySQL escaping (or a comma-separated `.csv`, possibly with a header row). Each file is
 * streamed (read stream → strict UTF-8 by whole lines → csv-parse), so memory holds the kept
 * rows (bounded, limits.ts) plus a chunk, and a set signal stops the read within a chunk.
 */
import { createReadStream, statSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parse } from 'csv-parse';
import { UserError, type Place } from '../../errors.js';
import { ReadBudget, type ReadLimits } from '../limits.js';
import type { ReadProgress } from '../progress.js';
import { onceEach, TABLE_COLUMNS, type RawDump, type RawTable, type SourceRow, type TableName } from '../tables.js';
import { findTableFiles, otherTableFiles, type TableFile } from './files.js';
import { unescapeMysqlField } from './unescape.js';

/** The longest line a table file may have (as the SQL reader's longest token). */
const MAX_LINE_BYTES = 16 * 2 ** 20;

/** Read every known table file of the folder `dir`, telling `progress` after each file. */
export async function readFlatDump(dir: string, progress?: ReadProgress, limits: ReadLimits = {}): Promise<RawDump> {
  const files = [...findTableFiles(dir).values()];
  const sizes = files.map((f) => (progress ? statSync(f.path).size : 0));
  const total = { files: files.length, bytes: sizes.reduce((a, b) => a + b, 0) };
  const tables: Partial<Record<TableName, RawTable>> = {};
  const budget = new ReadBudget(limits);
  let bytes = 0;
  for (const [i, file] of files.entries()) {
    tables[file.table] = await readTableFile(file, budget, limits.signal);
    bytes += sizes[i] ?? 0;
    progress?.({ files: i + 1, bytes }, total);
  }
  return { shape: 'flat-file tables', name: basename(resolve(dir)), tables, notServed: onceEach(otherTableFiles(dir)) };
}

interface ParsedRecord {
  record: string[];
  info: { lines: number };
}

const newlines = (bytes: Uint8Array): number => {
  let n = 0;
  for (let i = bytes.indexOf(0x0a); i !== -1; i = bytes.indexOf(0x0a, i + 1)) n++;
  return n;
};

/**
 * The text of a table file in pieces that end at a line's end, decoded strictly: a line is
 * whole UTF-8, so bad bytes are found on their own line. A line past {@link MAX_LINE_BYTES} is refused.
 */
async function* textOf(file: TableFile, signal: AbortSignal | undefined): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let line = 1;
  const decode = (bytes: Buffer): string => {
    try {
      return decoder.decode(bytes);
    } catch {
      throw new UserError('text is not valid UTF-8', {
        file: file.path,
        table: file.table,
        line: line + lineOfFirstInvalidByte(bytes) - 1,
      });
    }
  };
  const stream = createReadStream(file.path, signal === undefined ? {} : { signal });
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    const end = chunk.lastIndexOf(0x0a) + 1;
    if (end === 0) {
      pending.push(chunk);
      pendingBytes += chunk.length;
      if (pendingBytes > MAX_LINE_BYTES)
        throw new UserError(`line is longer than the ${MAX_LINE_BYTES / 2 ** 20} MiB a line may have`, {
          file: file.path,
          table: file.table,
          line,
        });
      continue;
    }
    const lines = Buffer.concat([...pending, chunk.subarray(0, end)]);
    pending = [chunk.subarray(end)];
    pendingBytes = chunk.length - end;
    yield decode(lines);
    line += newlines(lines);
  }
  if (pendingBytes > 0) yield decode(Buffer.concat(pending));
}

function lineOfFirstInvalidByte(bytes: Buffer): number {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let line = 1;
  let start = 0;
  for (let i = 0; i <= bytes.length; i++) {
    if (i === bytes.length || bytes[i] === 0x0a) {
      try {
        decoder.decode(bytes.subarray(start, i));
      } catch {
        return line;
      }
      line++;
      start = i + 1;
    }
  }
  return line;
}

/** Parse one table file into rows in TABLE_COLUMNS order, each counted against `budget`. */
export async function readTableFile(
  file: TableFile,
  budget = new ReadBudget(),
  signal?: AbortSignal,
): Promise<RawTable> {
  const columns = TABLE_COLUMNS[file.table];
  const place = (line: number, textOf?: string) => ({ file: file.path, table: file.table, line, text: textOf });
  const separator = file.kind === 'csv' ? ',' : '\t';
  const parser = parse({
    delimiter: separator,
    quote: file.kind === 'csv' ? '"' : false,
    relax_column_count: true,
    skip_empty_lines: true,
    info: true,
    bom: true,
  });
  const rows: SourceRow[] = [];
  let order: number[] = columns.map((_, i) => i);
  let first = true;
  const keep = async (records: AsyncIterable<ParsedRecord>): Promise<void> => {
    for await (const { record, info } of records) {
      const line = info.lines;
      if (first) {
        first = false;
        if (isHeader(record, columns)) {
          order = headerOrder(record, columns, () => place(1, record.join(separator)));
          continue;
        }
      }
      if (record.length < columns.length) {
        throw new UserError(
          `expected ${columns.length} fields (${columns.join(', ')}), found ${record.length}`,
          place(line, record.join(separator)),
        );
      }
      const cells = order.map((i) => {
        const raw = record[i] as string;
        if (file.kind === 'csv') return raw === '\\N' ? null : raw;
        try {
          return unescapeMysqlField(raw);
        } catch (err) {
          throw new UserError((err as Error).message, place(line, raw));
        }
      });
      budget.add(cells, place(line));
      rows.push({ cells, line });
    }
  };
  // The first error is the one to report: the pipeline then destroys its other stages, which
  // may reject with that instead.
  let failure: unknown = null;
  const noted = (error: unknown) => void (failure ??= error);
  const consume = (records: AsyncIterable<ParsedRecord>) =>
    keep(records).catch((error: unknown) => {
      noted(error);
      throw error;
    });
  try {
    await pipeline(
      Readable.from(textOf(file, signal)).on('error', noted),
      parser,
      consume,
      signal === undefined ? {} : { signal },
    );
  } catch (caught) {
    signal?.throwIfAborted();
    const error = failure ?? caught;
    if (error instanceof UserError) throw error;
    const e = error as { message: string; lines?: number; code?: string };
    if (e.code?.startsWith('CSV_')) throw new UserError(`cannot split into fields: ${e.message}`, place(e.lines ?? 0));
    if (typeof e.code === 'string') throw new UserError(`cannot read table file (${e.message})`, place(0));
    throw error;
  }
  return { name: file.table, file: file.path, rows };
}

/** Where each column of TABLE_COLUMNS is in a header row; a missing one fails in one line. */
function headerOrder(record: readonly string[], columns: readonly string[], at: () => Place): number[] {
  const names = record.map((c) => c.trim().toUpperCase());
  const order = columns.map((c) => names.indexOf(c));
  const missing = columns.filter((_, i) => order[i] === -1);
  if (missing.length) throw new UserError(`header row lacks column ${missing.join(', ')}`, at());
  return order;
}

/** A first row is a header when it names the table's columns (first column included). */
function isHeader(record: readonly string[], columns: readonly string[]): boolean {
  const names = new Set(record.map((c) => c.trim().toUpperCase()));
  return names.has(columns[0] as string) && columns.filter((c) => names.has(c)).length >= Math.min(2, columns.length);
}
