/**
 * BED6 of the binding sites of the response's matrices (a detail's one, a page's several),
 * from the `bed/<matrix_id>.bed` files a release ships. Tab-separated, one line per region.
 */
import type { Matrix } from '../model/types.js';

/** True when at least one matrix has BED regions (else the response does not exist: 404). */
export const hasBed = (ms: readonly Matrix[]): boolean => ms.some((m) => (m.sites?.bed?.length ?? 0) > 0);

/** BED6 lines of every matrix with regions, in matrix order. */
export function renderBed(ms: readonly Matrix[]): string {
  let out = '';
  for (const m of ms) {
    for (const r of m.sites?.bed ?? []) out += `${r.chrom}\t${r.start}\t${r.end}\t${r.name}\t${r.score}\t${r.strand}\n`;
  }
  return out;
}
