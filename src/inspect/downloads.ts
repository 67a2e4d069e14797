/**
 * What the download area of a release will hold (contract §9), for `inspect`: its files and
 * bytes, in all and per folder (`CORE`, `collections`, `sites`, …, `database`), as a build at
 * `baseUrl` writes them (the MEME bundles' URL lines carry it). Computed by the download
 * area's own writer, in memory.
 */
import { DOWNLOAD_ROOT } from '../download/media.js';
import { downloadFiles, downloadPlaces } from '../download/files.js';
import type { Release } from '../model/types.js';

export interface DownloadCount {
  readonly files: number;
  readonly bytes: number;
}

export interface DownloadsReport extends DownloadCount {
  /** The release's folder under `download/data/` (its year, or its name). */
  readonly folder: string;
  /** Per folder below `download/data/<folder>/` (and `database`), in the order written. */
  readonly folders: readonly (DownloadCount & { readonly name: string })[];
}

/** The folder a download path is counted under: the first below its release's, or `database`. */
function folderOf(path: string, data: string): string {
  if (!path.startsWith(data)) return path.slice(DOWNLOAD_ROOT.length + 1, path.indexOf('/', DOWNLOAD_ROOT.length + 1));
  return path.slice(data.length, path.indexOf('/', data.length));
}

export function downloadsReport(release: Release, baseUrl: string): DownloadsReport {
  const place = downloadPlaces([release])[0]!;
  const data = `${DOWNLOAD_ROOT}/data/${place.folder}/`;
  const folders = new Map<string, { files: number; bytes: number }>();
  for (const f of downloadFiles(release, place, baseUrl)) {
    const name = folderOf(f.path, data);
    const count = folders.get(name) ?? { files: 0, bytes: 0 };
    count.files++;
    count.bytes += typeof f.content === 'string' ? Buffer.byteLength(f.content, 'utf8') : f.content.length;
    folders.set(name, count);
  }
  const list = [...folders].map(([name, c]) => ({ name, ...c }));
  return {
    folder: place.folder,
    files: list.reduce((n, c) => n + c.files, 0),
    bytes: list.reduce((n, c) => n + c.bytes, 0),
    folders: list,
  };
}
