/**
 * The download area of one release (contract §9), as files for the site writer's sink:
 *
 * ```
 * download/data/<y>/CORE/JASPAR<y>_CORE[_<t>]_{non-redundant,redundant}_pfms_{jaspar,meme,transfac}.{txt,zip}
 * download/data/<y>/collections/JASPAR<y>_<COLLECTION>_pfms_{jaspar,meme,transfac}.{txt,zip}
 * download/data/<y>/{sites,bed,centrality,TFFM}/…        the release folder's files, as shipped
 * download/database/JASPAR<y>.sql.gz                     the dump file as read, when it was SQL
 * download/database/JASPAR<y>.sqlite                     the dump file as read, or its tables written as SQLite
 * ```
 *
 * A record is the matrix's detail answer in that format (the renderers of src/formats/); a
 * `.txt` is the bundle's list body (MEME: one header at the top), a `.zip` one member per
 * matrix, `<matrix_id>.<ext>`, each its detail answer, in the `.txt`'s order.
 */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { formatSpec } from '../api/formats.js';
import * as jaspar from '../formats/jaspar.js';
import type { MatrixTextContext, MatrixTextRenderer } from '../formats/matrix-text.js';
import * as meme from '../formats/meme.js';
import * as transfac from '../formats/transfac.js';
import { sqliteTables } from '../dump/export/sqlite-file.js';
import type { RawDump } from '../dump/tables.js';
import type { Matrix, Release, ReleaseInfo } from '../model/types.js';
import { bundles } from './bundles.js';
import { DOWNLOAD_ROOT } from './media.js';
import { zipArchive, zipMember, type ZipMember } from './zip.js';

/** The formats of the bundles, one row each: the API format whose detail answers are the records. */
export const BUNDLE_FORMATS = [
  { format: 'jaspar', renderer: jaspar },
  { format: 'meme', renderer: meme },
  { format: 'transfac', renderer: transfac },
] as const satisfies readonly { format: string; renderer: MatrixTextRenderer }[];

export interface DownloadFile {
  /** Below the site root, e.g. `download/data/2018/CORE/JASPAR2018_CORE_redundant_pfms_jaspar.txt`. */
  readonly path: string;
  readonly content: string | Uint8Array;
}

/** Where one release's files go: its folder under `data/` (the year) and its file prefix (`JASPAR<year>`). */
export interface DownloadPlace {
  readonly folder: string;
  readonly prefix: string;
}

/**
 * The place of each served release (newest first): the year, or the release name when the year
 * is unknown or an earlier (newer) release already has it; the file prefix is the release name.
 */
export function downloadPlaces(served: readonly { readonly info: ReleaseInfo }[]): DownloadPlace[] {
  const taken = new Set<string>();
  return served.map((r) => {
    const year = r.info.year === null ? null : String(r.info.year);
    const folder = year !== null && !taken.has(year) ? year : r.info.name;
    taken.add(folder);
    return { folder, prefix: r.info.name };
  });
}

/**
 * `release` with its dump's tables as SQLite (`Release.sqlite`) when the dump is not an SQLite
 * file (flat tables, SQL): written now, while the tables are at hand (deterministic, about 0.3 s).
 */
export function withSqliteTables(release: Release, raw: RawDump): Release {
  return release.shipped?.dump?.kind === 'sqlite' ? release : { ...release, sqlite: sqliteTables(raw) };
}

/** One file of `download/database/`: its path below the site root and how its bytes are had. */
export interface DatabaseFile {
  readonly path: string;
  readonly content: () => Uint8Array;
}

/**
 * The database files of `release` (contract §9): the dump file as read (`.sql` published
 * gzipped, an SQLite file as it is), and `.sqlite` for every dump that is not one: its tables
 * as the build wrote them (`Release.sqlite`).
 */
export function databaseFiles(release: Release, prefix: string): DatabaseFile[] {
  const at = (ext: string) => `${DOWNLOAD_ROOT}/database/${prefix}.${ext}`;
  const out: DatabaseFile[] = [];
  const dump = release.shipped?.dump;
  if (dump && dump.kind !== 'sqlite') {
    const { path, kind } = dump;
    out.push({
      path: at('sql.gz'),
      content: () => (kind === 'sql' ? gzipSync(readFileSync(path)) : readFileSync(path)),
    });
  }
  if (dump?.kind === 'sqlite') out.push({ path: at('sqlite'), content: () => readFileSync(dump.path) });
  else if (release.sqlite !== undefined) {
    const bytes = release.sqlite;
    out.push({ path: at('sqlite'), content: () => bytes });
  }
  return out;
}

/** Every file of `release`'s download area. */
export function* downloadFiles(release: Release, place: DownloadPlace, baseUrl: string): Generator<DownloadFile> {
  const ctx: MatrixTextContext = { baseUrl, year: release.info.year };
  const data = `${DOWNLOAD_ROOT}/data/${place.folder}`;
  const all = bundles(release, place.prefix);
  for (const { format, renderer } of BUNDLE_FORMATS) {
    const spec = formatSpec(format);
    // A matrix is in several bundles (all taxa, its taxon; redundant, non-redundant): rendered and zipped once.
    const members = new Map<Matrix, { text: string; zipped: ZipMember }>();
    const member = (m: Matrix) => {
      let found = members.get(m);
      if (found === undefined) {
        const text = renderer.renderMatrices([m], ctx);
        members.set(m, (found = { text, zipped: zipMember(`${m.matrixId}.${spec.extension}`, text) }));
      }
      return found;
    };
    for (const bundle of all) {
      const parts = bundle.matrices.map(member);
      // The detail answers without their header (MEME's), under one header: the list body.
      const txt = spec.header + parts.map((p) => p.text.slice(spec.header.length)).join('');
      const file = `${data}/${bundle.folder}/${bundle.stem}_${format}`;
      yield { path: `${file}.txt`, content: txt };
      yield { path: `${file}.zip`, content: zipArchive(parts.map((p) => p.zipped)) };
    }
  }
  for (const [name, path] of release.shipped?.files ?? [])
    yield { path: `${data}/${name}`, content: readFileSync(path) };
  for (const file of databaseFiles(release, place.prefix)) yield { path: file.path, content: file.content() };
}
