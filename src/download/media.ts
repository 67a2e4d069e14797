/**
 * The download area's place and the headers of its files (contract §9), by name ending: one
 * table the dev server and the hosts' Content-Type (src/hosting/content-types.ts) read. Paths in
 * one folder mix endings (`.txt` beside `.zip`), so these go by suffix, not by folder. Imports
 * nothing: the hosts' bundled code (Cloudflare's Worker) reads it.
 */

/** The top-level folder of the download area. */
export const DOWNLOAD_ROOT = 'download';

export interface DownloadType {
  /** How the file name ends, e.g. `.txt`. */
  readonly suffix: string;
  readonly mediaType: string;
  /** The stored bytes are this encoding of the media type's (sent as `Content-Encoding`). */
  readonly encoding: 'gzip' | null;
  /** Whether compressing it pays (hosts compress the rest; a zip or a gzip is compressed already). */
  readonly compressible: boolean;
}

const TEXT = 'text/plain; charset=utf-8';

export const DOWNLOAD_TYPES: readonly DownloadType[] = [
  { suffix: '.txt', mediaType: TEXT, encoding: null, compressible: true },
  { suffix: '.sites', mediaType: TEXT, encoding: null, compressible: true },
  { suffix: '.bed', mediaType: TEXT, encoding: null, compressible: true },
  { suffix: '.zip', mediaType: 'application/zip', encoding: null, compressible: false },
  { suffix: '.sql.gz', mediaType: 'application/sql', encoding: 'gzip', compressible: false },
  { suffix: '.sqlite', mediaType: 'application/vnd.sqlite3', encoding: null, compressible: true },
  // The listing of each folder (src/portal/downloads.ts), its index.html.
  { suffix: '.html', mediaType: 'text/html; charset=utf-8', encoding: null, compressible: true },
];

/** The prefix of every download path, with leading and trailing slash. */
export const DOWNLOAD_PREFIX = `/${DOWNLOAD_ROOT}/`;

/** The type of a download path (`/download/…`), or undefined for another path or ending. */
export function downloadTypeOf(path: string): DownloadType | undefined {
  if (!path.startsWith(DOWNLOAD_PREFIX)) return undefined;
  return DOWNLOAD_TYPES.find((t) => path.endsWith(t.suffix));
}
