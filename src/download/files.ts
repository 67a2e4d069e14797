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
import { bundles, type Bundle } from './bundles.js';
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

/** A matrix's record in a bundle format and its zip member: made once for every bundle that holds it. */
interface BundleMember {
  readonly text: string;
  readonly zipped: ZipMember;
}

/** The members of every matrix `release`'s bundles hold, in one format, by matrix. */
type BundleMembers = ReadonlyMap<Matrix, BundleMember>;

type BundleFormat = (typeof BUNDLE_FORMATS)[number];

/** Each matrix of `all` once, with its record in `format`. */
function* records(all: readonly Bundle[], { format, renderer }: BundleFormat, ctx: MatrixTextContext) {
  const extension = formatSpec(format).extension;
  const seen = new Set<Matrix>();
  for (const bundle of all)
    for (const m of bundle.matrices) {
      if (seen.has(m)) continue;
      seen.add(m);
      yield { m, name: `${m.matrixId}.${extension}`, text: renderer.renderMatrices([m], ctx) };
    }
}

/** The `.txt` and `.zip` of each of `all` in `format`, from its members. */
function* bundleFiles(
  all: readonly Bundle[],
  format: BundleFormat,
  data: string,
  members: BundleMembers,
): Generator<DownloadFile> {
  const spec = formatSpec(format.format);
  for (const bundle of all) {
    const parts = bundle.matrices.map((m) => members.get(m)!);
    // The detail answers without their header (MEME's), under one header: the list body.
    const txt = spec.header + parts.map((p) => p.text.slice(spec.header.length)).join('');
    const file = `${data}/${bundle.folder}/${bundle.stem}_${format.format}`;
    yield { path: `${file}.txt`, content: txt };
    yield { path: `${file}.zip`, content: zipArchive(parts.map((p) => p.zipped)) };
  }
}

/** The files of `release`'s folder as shipped, and its database files. */
function* releaseFiles(release: Release, place: DownloadPlace, data: string): Generator<DownloadFile> {
  for (const [name, path] of release.shipped?.files ?? [])
    yield { path: `${data}/${name}`, content: readFileSync(path) };
  for (const file of databaseFiles(release, place.prefix)) yield { path: file.path, content: file.content() };
}

/**
 * Every file of `release`'s download area, with `null` after each record rendered and deflated:
 * a step after which the build may turn to other work (src/site/in-turns.ts). The records of
 * one format are made before its bundles, which share them.
 */
export function* downloadSteps(
  release: Release,
  place: DownloadPlace,
  baseUrl: string,
): Generator<DownloadFile | null> {
  const ctx: MatrixTextContext = { baseUrl, year: release.info.year };
  const data = `${DOWNLOAD_ROOT}/data/${place.folder}`;
  const all = bundles(release, place.prefix);
  for (const format of BUNDLE_FORMATS) {
    const members = new Map<Matrix, BundleMember>();
    for (const { m, name, text } of records(all, format, ctx)) {
      members.set(m, { text, zipped: zipMember(name, text) });
      yield null;
    }
    yield* bundleFiles(all, format, data, members);
  }
  yield* releaseFiles(release, place, data);
}

/** Every file of `release`'s download area, in the order {@link downloadSteps} gives them. */
export function* downloadFiles(release: Release, place: DownloadPlace, baseUrl: string): Generator<DownloadFile> {
  for (const f of downloadSteps(release, place, baseUrl)) if (f !== null) yield f;
}
