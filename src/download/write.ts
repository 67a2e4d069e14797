/**
 * The download area of a release for the site writer (which owns the sink), and what it wrote,
 * for the web site's download pages (src/portal/downloads.ts). Full and compact builds alike. A
 * site of several releases writes each one's while its model is at hand, in turns with its API
 * (src/site/in-turns.ts), and keeps only what was written (paths and sizes) for the pages.
 */
import type { Release } from '../model/types.js';
import { bundles } from './bundles.js';
import { BUNDLE_FORMATS, databaseFiles, downloadSteps, type DownloadFile, type DownloadPlace } from './files.js';
import { DOWNLOAD_ROOT } from './media.js';

export interface ListedFile {
  /** Below the site root, e.g. `download/data/2018/CORE/JASPAR2018_CORE_pfms_jaspar.txt`. */
  readonly path: string;
  readonly bytes: number;
}

export interface ListedRelease {
  readonly name: string;
  readonly files: readonly ListedFile[];
}

/**
 * The download area of `release` at `place` as the site writer's steps ({@link downloadSteps}:
 * its files, and `null` between records made), each file listed in `listed` as it is given.
 */
export function* listedSteps(
  release: Release,
  place: DownloadPlace,
  baseUrl: string,
  listed: ListedFile[],
): Generator<DownloadFile | null> {
  for (const f of downloadSteps(release, place, baseUrl)) {
    if (f !== null)
      listed.push({
        path: f.path,
        bytes: typeof f.content === 'string' ? Buffer.byteLength(f.content, 'utf8') : f.content.length,
      });
    yield f;
  }
}

/**
 * Where a release's download files lie, one file path per folder: below its data folder
 * (`CORE/file`, `sites/MA0001.1.sites`), and the database files' own paths. Small: a site of
 * several releases keeps it of each, to count the download area's folders before writing.
 */
export interface DownloadShape {
  readonly data: readonly string[];
  readonly database: readonly string[];
}

/** The download shape of `release`, its files named after `prefix`. */
export function downloadShape(release: Release, prefix: string): DownloadShape {
  const data = new Set<string>();
  for (const b of bundles(release, prefix)) data.add(`${b.folder}/file`);
  for (const [name] of release.shipped?.files ?? []) data.add(name);
  return { data: [...data], database: databaseFiles(release, prefix).map((f) => f.path) };
}

/** How many files {@link writeDownloads} writes for `release`, and with the newest the download pages: `folders`, the area's folders. */
export function downloadFileCount(release: Release, place: DownloadPlace, folders: number | null): number {
  // The newest release counts the download pages: /downloads/ and a listing per folder (src/portal/downloads.ts).
  const pages = folders === null ? 0 : 1 + folders;
  return (
    bundles(release, place.prefix).length * BUNDLE_FORMATS.length * 2 +
    (release.shipped?.files.length ?? 0) +
    databaseFiles(release, place.prefix).length +
    pages
  );
}

/** Every folder of a download area (`download/`, `download/data/`, …), each with its final slash: each release's shape at its place. */
export function downloadFolders(areas: readonly { place: DownloadPlace; shape: DownloadShape }[]): Set<string> {
  const folders = new Set<string>();
  const add = (path: string) => {
    const parts = path.split('/');
    for (let i = 1; i < parts.length; i++) folders.add(`${parts.slice(0, i).join('/')}/`);
  };
  for (const { place, shape } of areas) {
    for (const path of shape.data) add(`${DOWNLOAD_ROOT}/data/${place.folder}/${path}`);
    for (const path of shape.database) add(path);
  }
  return folders;
}
