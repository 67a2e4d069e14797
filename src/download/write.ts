/**
 * Writes the download area of every served release, and the Downloads page listing it, through
 * the site writer's `put` (which owns the sink). Full and compact builds alike.
 */
import type { Release } from '../model/types.js';
import { bundles } from './bundles.js';
import { BUNDLE_FORMATS, databaseFiles, downloadFiles, downloadPlaces } from './files.js';
import { DOWNLOADS_PAGE, downloadsPage, type ListedRelease } from './page.js';

type Put = (path: string, body: string | Uint8Array) => Promise<void>;

/** Every file of the download area of `served` (newest first), then its page. */
export async function writeDownloads(served: readonly Release[], baseUrl: string, put: Put): Promise<void> {
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
  await put(DOWNLOADS_PAGE, downloadsPage(listed));
}

/** How many files {@link writeDownloads} writes for `release` (the page counted with the newest). */
export function downloadFileCount(release: Release, served: readonly Release[]): number {
  const place = downloadPlaces(served)[served.indexOf(release)] ?? downloadPlaces([release])[0]!;
  const page = release === served[0] ? 1 : 0;
  const database = databaseFiles(release, place.prefix).length;
  return (
    bundles(release, place.prefix).length * BUNDLE_FORMATS.length * 2 +
    (release.shipped?.files.length ?? 0) +
    database +
    page
  );
}
