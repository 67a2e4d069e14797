/**
 * Files a release folder may ship beside its tables, in JASPAR's download layout:
 * `sites/<matrix_id>.sites` (FASTA), `bed/<matrix_id>.bed` (BED6) and
 * `TFFM/<tffm_id>/<file>` (trained models and their logos), and `centrality/` (copied into the
 * download area as shipped, shipped.ts). All optional.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { isSafeSegment } from '../../segments.js';
import { parseBed6, parseSitesFasta, type MatrixSites } from './sites.js';
import { SHIPPED_FOLDERS, shippedFiles, type ShippedFiles } from './shipped.js';

export interface ReleaseExtras {
  readonly sites: ReadonlyMap<string, MatrixSites>;
  /** TFFM id → file name → absolute path. */
  readonly tffmFiles: ReadonlyMap<string, ReadonlyMap<string, string>>;
  /** The files the download area copies as they are (absent: none). */
  readonly shipped?: ShippedFiles;
}

/** The folders of a release folder the extras are read from (the build snapshots them with the tables). */
export const EXTRA_FOLDERS: readonly string[] = [...SHIPPED_FOLDERS];

export const NO_EXTRAS: ReleaseExtras = { sites: new Map(), tffmFiles: new Map() };

/** The folder a dump's extras live in: the dump folder itself, or the folder of a dump file. */
export function releaseFolder(dumpPath: string): string {
  return statSync(dumpPath).isDirectory() ? dumpPath : dirname(dumpPath);
}

function filesIn(dir: string, ext: string): [string, string][] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith(ext) && statSync(join(dir, f)).isFile())
    .sort()
    .map((f) => [f.slice(0, -ext.length), join(dir, f)]);
}

/** Read the extras of the release folder of `dumpPath`. */
export function readExtras(dumpPath: string): ReleaseExtras {
  const folder = releaseFolder(dumpPath);
  const fasta = new Map(
    filesIn(join(folder, 'sites'), '.sites').map(([id, path]) => [
      id,
      parseSitesFasta(readFileSync(path, 'utf8'), path),
    ]),
  );
  const bed = new Map(
    filesIn(join(folder, 'bed'), '.bed').map(([id, path]) => [id, parseBed6(readFileSync(path, 'utf8'), path)]),
  );
  const sites = new Map<string, MatrixSites>();
  for (const id of new Set([...fasta.keys(), ...bed.keys()]))
    sites.set(id, { fasta: fasta.get(id) ?? null, bed: bed.get(id) ?? null });
  const tffmFiles = new Map<string, Map<string, string>>();
  const tffmDir = join(folder, 'TFFM');
  if (existsSync(tffmDir)) {
    for (const id of readdirSync(tffmDir).sort()) {
      const dir = join(tffmDir, id);
      if (!isSafeSegment(id) || !statSync(dir).isDirectory()) continue;
      const files = new Map(
        readdirSync(dir)
          .sort()
          .filter((f) => isSafeSegment(f) && statSync(join(dir, f)).isFile())
          .map((f) => [f, join(dir, f)]),
      );
      if (files.size) tffmFiles.set(id, files);
    }
  }
  return { sites, tffmFiles, shipped: shippedFiles(dumpPath, folder) };
}
