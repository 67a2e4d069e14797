/** Reading the TFFM table into the model: ids checked, matrices they point at looked up. */
import type { RawTable } from '../dump/tables.js';
import type { Problems } from './problems.js';
import { eachRow } from './rows.js';
import { checkLength, checkSegment } from './values.js';
import type { Tffm } from './types.js';

/** The TFFMs of the release in TFFM.ID order; `matrixIds` are the release's matrix ids. */
export function readTffms(table: RawTable | undefined, matrixIds: ReadonlySet<string>, problems: Problems): Tffm[] {
  const tffms: Tffm[] = [];
  const seenKeys = new Map<number, number>();
  const seenIds = new Map<string, number>();
  eachRow(table, problems, (c) => {
    const baseId = checkSegment(c.text(1, 'BASE_ID'), 'BASE_ID', c);
    const version = c.integer(2, 'VERSION');
    const tffm: Tffm = {
      key: c.integer(0, 'ID'),
      tffmId: `${baseId}.${version}`,
      baseId,
      version,
      matrixBaseId: checkSegment(c.text(3, 'MATRIX_BASE_ID'), 'MATRIX_BASE_ID', c),
      matrixVersion: c.integer(4, 'MATRIX_VERSION'),
      name: checkLength(c.text(5, 'NAME'), 'NAME', c),
      logP1stOrder: c.nullableNumber(6, 'LOG_P_1ST_ORDER'),
      logPDetailed: c.nullableNumber(7, 'LOG_P_DETAILED'),
      experimentName: c.nullableText(8),
    };
    const line = c.place().line ?? 0;
    const firstKey = seenKeys.get(tffm.key);
    if (firstKey !== undefined) c.fail(`duplicate TFFM ID ${tffm.key} (first on line ${firstKey})`);
    const firstId = seenIds.get(tffm.tffmId);
    if (firstId !== undefined) c.fail(`duplicate TFFM ${tffm.tffmId} (first on line ${firstId})`);
    seenKeys.set(tffm.key, line);
    seenIds.set(tffm.tffmId, line);
    const matrixId = `${tffm.matrixBaseId}.${tffm.matrixVersion}`;
    if (!matrixIds.has(matrixId)) {
      problems.warn({
        message: `TFFM ${tffm.tffmId} points at matrix ${matrixId}, which is not in the release`,
        place: c.place(),
      });
    }
    tffms.push(tffm);
  });
  return tffms.sort((a, b) => a.key - b.key);
}
