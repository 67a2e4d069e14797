/**
 * What hosts compress (issue 35, docs/hosting.md "Compression"): answers of 1 KiB or more, on the
 * fly where the host can (nginx, Apache, the dev server; Netlify, Cloudflare and CloudFront by
 * themselves); and, for hosts that serve a stored `.gz` beside a file (nginx's gzip_static), the
 * build writes one beside each larger answer of the clients' formats, so the largest pages cost
 * no compression per request. The browsable HTML pages, most of a full build's large files, are
 * left to on-the-fly compression: browsers ask for them one at a time.
 */

/** Smaller answers gain nothing from compression. */
export const MIN_COMPRESSED = 1024;

/** Files from this size up get a stored `.gz` beside them. */
export const MIN_PRECOMPRESSED = 8192;

/** Name endings of the files whose stored `.gz` pays: the clients' formats and the download area's text. */
const PRECOMPRESSED_ENDINGS: readonly string[] = [
  '.json',
  '.js',
  '.yaml',
  '.jaspar',
  '.transfac',
  '.pfm',
  '.meme',
  '.bed',
  '.txt',
  '.sites',
  '.sqlite',
];

/** Folders whose files get no stored `.gz`: the runtime's data (never served) and the download area (files as §9 lists them). */
const NOT_PRECOMPRESSED: readonly string[] = ['_jaspar/', 'download/'];

/** Whether the build writes `<path>.gz` beside a file of `size` bytes (with `--precompress`). */
export function precompressed(path: string, size: number): boolean {
  if (size < MIN_PRECOMPRESSED) return false;
  for (const folder of NOT_PRECOMPRESSED) if (path.startsWith(folder) || path.includes(`/${folder}`)) return false;
  for (const ending of PRECOMPRESSED_ENDINGS) if (path.endsWith(ending)) return true;
  return false;
}
