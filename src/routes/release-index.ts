/** Lookups over a release that several resources need, computed once per build. */
import type { Matrix, Release, Tffm } from '../model/types.js';

export interface ReleaseIndex {
  readonly release: Release;
  /** Matrices of each base id, ordered by version. */
  readonly versions: ReadonlyMap<string, readonly Matrix[]>;
  /** The TFFM trained on each matrix id (the first by TFFM.ID when several are). */
  readonly tffmByMatrix: ReadonlyMap<string, Tffm>;
}

export function indexRelease(release: Release): ReleaseIndex {
  const versions = new Map<string, Matrix[]>();
  for (const m of release.matrices) {
    const list = versions.get(m.baseId);
    if (list) list.push(m);
    else versions.set(m.baseId, [m]);
  }
  for (const list of versions.values()) list.sort((a, b) => a.version - b.version || a.key - b.key);
  const tffmByMatrix = new Map<string, Tffm>();
  for (const t of release.tffms) {
    const id = `${t.matrixBaseId}.${t.matrixVersion}`;
    if (!tffmByMatrix.has(id)) tffmByMatrix.set(id, t);
  }
  return { release, versions, tffmByMatrix };
}
