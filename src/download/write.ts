/**
 * Writes the download area of every served release through the site writer's `put` (which owns
 * the sink), and says what it wrote, for the web site's download pages (src/portal/downloads.ts).
 * Full and compact builds alike.
 */
import type { Release } from '../model/types.js';
import { bundles } from './bundles.js';
import { BUNDLE_FORMATS, databaseFiles, downloadFiles, downloadPlaces } from './files.js';
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

type Put = (path: string, body: string | Uint8Array) => Promise<void>;

/** Every file of the download area of `served` (newest first); what was written, per release. */
export async function writeDownloads(served: readonly Release[], baseUrl: string, put: Put): Promise<ListedRelease[]> {
  const places = downloadPlaces(served);
  const listed: ListedRelease[] = [];
  for (let i = 0; i < served.length; i++) {
    const release = served[i]!;
    const files = [];
    for (const f of downloadFiles(release, places[i]!, baseUrl)) {
      await put(f.path, f.content);
      files.push({
        path: f.path,
        bytes: typeof f.content === 'string' ? Buffer.byteLength(f.content, 'utf8') : f.content.length,
      });
    }
    listed.push({ name: release.info.name, files });
  }
  return listed;
}

/** How many files {@link writeDownloads} writes for `release`, and the download pages (counted with the newest). */
export function downloadFileCount(release: Release, served: readonly Release[]): number {
  const place = downloadPlaces(served)[served.indexOf(release)] ?? downloadPlaces([release])[0]!;
  // The newest release counts the download pages: /downloads/ and a listing per folder (src/portal/downloads.ts).
  const page = release === served[0] ? 1 + downloadFolders(served).size : 0;
  const database = databaseFiles(release, place.prefix).length;
  return (
    bundles(release, place.prefix).length * BUNDLE_FORMATS.length * 2 +
    (release.shipped?.files.length ?? 0) +
    database +
    page
  );
}

/** Every folder of the download area of `served` (`download/`, `download/data/`, …), each with its final slash. */
export function downloadFolders(served: readonly Release[]): Set<string> {
  const places = downloadPlaces(served);
  const folders = new Set<string>();
  const add = (path: string) => {
    const parts = path.split('/');
    for (let i = 1; i < parts.length; i++) folders.add(`${parts.slice(0, i).join('/')}/`);
  };
  served.forEach((release, i) => {
    const data = `${DOWNLOAD_ROOT}/data/${places[i]!.folder}`;
    for (const b of bundles(release, places[i]!.prefix)) add(`${data}/${b.folder}/file`);
    for (const [name] of release.shipped?.files ?? []) add(`${data}/${name}`);
    for (const f of databaseFiles(release, places[i]!.prefix)) add(f.path);
  });
  return folders;
}
