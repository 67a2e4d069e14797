/**
 * Reader for flat-file table dumps (contract §1): one headerless TAB-separated file per table
 * with MySQL escaping (or a comma-separated `.csv`, possibly with a header row).
 */
import { readFileSync, statSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { parse } from 'csv-parse/sync';
import { UserError } from '../../errors.js';
import type { ReadProgress } from '../progress.js';
import { onceEach, TABLE_COLUMNS, type RawDump, type RawTable, type SourceRow, type TableName } from '../tables.js';
import { findTableFiles, otherTableFiles, type TableFile } from './files.js';
import { unescapeMysqlField } from './unescape.js';

/** Read every known table file of the folder `dir`, telling `progress` after each file. */
export function readFlatDump(dir: string, progress?: ReadProgress): RawDump {
  const files = [...findTableFiles(dir).values()];
  const sizes = files.map((f) => (progress ? statSync(f.path).size : 0));
  const total = { files: files.length, bytes: sizes.reduce((a, b) => a + b, 0) };
  const tables: Partial<Record<TableName, RawTable>> = {};
  let bytes = 0;
  for (const [i, file] of files.entries()) {
    tables[file.table] = readTableFile(file);
    bytes += sizes[i] ?? 0;
    progress?.({ files: i + 1, bytes }, total);
  }
  return { shape: 'flat-file tables', name: basename(resolve(dir)), tables, notServed: onceEach(otherTableFiles(dir)) };
}

interface ParsedRecord {
  record: string[];
  info: { lines: number };
}

function decode(file: TableFile): string {
  const bytes = readFileSync(file.path);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    const line = lineOfFirstInvalidByte(bytes);
    throw new UserError('text is not valid UTF-8', { file: file.path, table: file.table, line });
  }
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

/** Parse one table file into rows in TABLE_COLUMNS order. */
export function readTableFile(file: TableFile): RawTable {
  const text = decode(file);
  const columns = TABLE_COLUMNS[file.table];
  const place = (line: number, textOf?: string) => ({ file: file.path, table: file.table, line, text: textOf });
  let records: ParsedRecord[];
  try {
    records = parse(text, {
      delimiter: file.kind === 'csv' ? ',' : '\t',
      quote: file.kind === 'csv' ? '"' : false,
      relax_column_count: true,
      skip_empty_lines: true,
      info: true,
      bom: true,
    }) as unknown as ParsedRecord[];
  } catch (err) {
    const e = err as { message: string; lines?: number };
    throw new UserError(`cannot split into fields: ${e.message}`, place(e.lines ?? 0));
  }
  let order: number[] = columns.map((_, i) => i);
  let firstData = 0;
  const first = records[0]?.record;
  if (first && isHeader(first, columns)) {
    const names = first.map((c) => c.trim().toUpperCase());
    order = columns.map((c) => names.indexOf(c));
    const missing = columns.filter((_, i) => order[i] === -1);
    if (missing.length) {
      throw new UserError(
        `header row lacks column ${missing.join(', ')}`,
        place(1, first.join(file.kind === 'csv' ? ',' : '\t')),
      );
    }
    firstData = 1;
  }
  const rows: SourceRow[] = [];
  const separator = file.kind === 'csv' ? ',' : '\t';
  for (let r = firstData; r < records.length; r++) {
    const { record, info } = records[r] as ParsedRecord;
    const line = info.lines;
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
    rows.push({ cells, line });
  }
  return { name: file.table, file: file.path, rows };
}

/** A first row is a header when it names the table's columns (first column included). */
function isHeader(record: readonly string[], columns: readonly string[]): boolean {
  const names = new Set(record.map((c) => c.trim().toUpperCase()));
  return names.has(columns[0] as string) && columns.filter((c) => names.has(c)).length >= Math.min(2, columns.length);
}
