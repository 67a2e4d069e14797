/**
 * Builds the domain model once from a raw dump: joins the MATRIX_* tables, checks what the
 * API relies on, and collects warnings for what it can build around.
 */
import { UserError, type Warning } from '../errors.js';
import type { RawDump, RawTable } from '../dump/tables.js';
import { CellReader } from './parse-cells.js';
import { buildPfm, type PfmCells } from './pfm.js';
import { checkSegment } from './segments.js';
import type { Annotation, Matrix, Release, ReleaseInfo, Species, Tffm } from './types.js';

export interface BuildModelOptions {
  /** Release year, overriding the one found in the dump's name. */
  readonly year?: number | null;
}

export interface ModelResult {
  readonly release: Release;
  readonly warnings: readonly Warning[];
}

/** Release year from a name such as JASPAR2018 or JASPAR_2020.sql.gz; null if none. */
export function yearFromName(name: string): number | null {
  const m = /JASPAR[_-]?((?:19|20)\d\d)/i.exec(name);
  return m ? Number(m[1]) : null;
}

function eachRow(table: RawTable | undefined, fn: (cells: CellReader) => void): void {
  if (!table) return;
  for (const row of table.rows) fn(new CellReader(table, row));
}

function groupByKey<T>(table: RawTable | undefined, read: (c: CellReader) => [number, T]): Map<number, T[]> {
  const out = new Map<number, T[]>();
  eachRow(table, (c) => {
    const [key, value] = read(c);
    const list = out.get(key);
    if (list) list.push(value);
    else out.set(key, [value]);
  });
  return out;
}

/** Turn a raw dump into the release model. Throws UserError on what cannot be built. */
export function buildRelease(dump: RawDump, options: BuildModelOptions = {}): ModelResult {
  const warnings: Warning[] = [];
  const matrixTable = dump.tables.MATRIX;
  if (!matrixTable) throw new UserError(`no MATRIX table found in the ${dump.shape} dump "${dump.name}"`, { file: dump.name });
  const info: ReleaseInfo = {
    name: dump.name,
    year: options.year !== undefined && options.year !== null ? options.year : yearFromName(dump.name),
  };

  const taxNames = new Map<string, string | null>();
  eachRow(dump.tables.TAX, (c) => void taxNames.set(c.text(0, 'TAX_ID'), c.nullableText(1)));

  const annotations = groupByKey<Annotation>(dump.tables.MATRIX_ANNOTATION, (c) => [
    c.integer(0, 'ID'),
    { tag: c.text(1, 'TAG'), value: c.nullableText(2) ?? '' },
  ]);
  const proteins = groupByKey<string>(dump.tables.MATRIX_PROTEIN, (c) => [c.integer(0, 'ID'), c.text(1, 'ACC')]);
  const species = groupByKey<Species>(dump.tables.MATRIX_SPECIES, (c) => {
    const taxId = c.text(1, 'TAX_ID');
    return [c.integer(0, 'ID'), { taxId, name: taxNames.get(taxId) ?? null }];
  });
  const data = groupByKey<PfmCells>(dump.tables.MATRIX_DATA, (c) => [
    c.integer(0, 'ID'),
    { row: c.text(1, 'row'), col: c.integer(2, 'col'), val: c.number(3, 'val'), reader: c },
  ]);

  const matrices: Matrix[] = [];
  const seenKeys = new Map<number, number>();
  const seenIds = new Map<string, number>();
  eachRow(matrixTable, (c) => {
    const key = c.integer(0, 'ID');
    const baseId = checkSegment(c.text(2, 'BASE_ID'), 'BASE_ID', c);
    const version = c.integer(3, 'VERSION');
    const matrixId = `${baseId}.${version}`;
    if (seenKeys.has(key)) c.fail(`duplicate MATRIX ID ${key} (first on line ${seenKeys.get(key)})`);
    if (seenIds.has(matrixId)) c.fail(`duplicate matrix ${matrixId} (first on line ${seenIds.get(matrixId)})`);
    const line = c.place().line ?? 0;
    seenKeys.set(key, line);
    seenIds.set(matrixId, line);
    const cells = data.get(key) ?? [];
    if (cells.length === 0) {
      warnings.push({ message: `matrix ${matrixId} (ID ${key}) has no MATRIX_DATA rows; it is published with an empty PFM`, place: c.place() });
    }
    matrices.push({
      key,
      matrixId,
      baseId,
      version,
      collection: checkSegment(c.text(1, 'COLLECTION'), 'COLLECTION', c),
      name: c.text(4, 'NAME'),
      pfm: buildPfm(matrixId, cells),
      annotations: annotations.get(key) ?? [],
      uniprotIds: proteins.get(key) ?? [],
      species: species.get(key) ?? [],
    });
  });
  matrices.sort((a, b) => a.key - b.key);

  for (const [key, rows] of data) {
    if (!seenKeys.has(key)) {
      const first = rows[0] as PfmCells;
      warnings.push({ message: `MATRIX_DATA rows for ID ${key}, which is not in MATRIX, are ignored`, place: first.reader.place() });
    }
  }

  const tffms: Tffm[] = [];
  const byMatrixId = new Set(matrices.map((m) => m.matrixId));
  eachRow(dump.tables.TFFM, (c) => {
    const baseId = checkSegment(c.text(1, 'BASE_ID'), 'BASE_ID', c);
    const version = c.integer(2, 'VERSION');
    const tffm: Tffm = {
      key: c.integer(0, 'ID'),
      tffmId: `${baseId}.${version}`,
      baseId,
      version,
      matrixBaseId: c.text(3, 'MATRIX_BASE_ID'),
      matrixVersion: c.integer(4, 'MATRIX_VERSION'),
      name: c.text(5, 'NAME'),
      logP1stOrder: c.nullableNumber(6, 'LOG_P_1ST_ORDER'),
      logPDetailed: c.nullableNumber(7, 'LOG_P_DETAILED'),
      experimentName: c.nullableText(8),
    };
    if (!byMatrixId.has(`${tffm.matrixBaseId}.${tffm.matrixVersion}`)) {
      warnings.push({ message: `TFFM ${tffm.tffmId} points at matrix ${tffm.matrixBaseId}.${tffm.matrixVersion}, which is not in the release`, place: c.place() });
    }
    tffms.push(tffm);
  });
  tffms.sort((a, b) => a.key - b.key);
  const tffmIds = new Set<string>();
  for (const t of tffms) {
    if (tffmIds.has(t.tffmId)) throw new UserError(`duplicate TFFM ${t.tffmId}`, { file: dump.tables.TFFM?.file, table: 'TFFM' });
    tffmIds.add(t.tffmId);
  }
  return { release: { info, matrices, tffms }, warnings };
}
