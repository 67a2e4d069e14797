/**
 * Content-Type per output folder, from the format table (style pattern 2): hosts' own MIME
 * databases mislabel our extensions, so every host gets its types from here. The download area
 * (contract §9) goes by name ending instead (src/download/media.ts).
 */
import { FORMATS } from '../api/formats.js';
import { ERROR_MEDIA_TYPE } from '../api/errors.js';
import { API_DOCUMENTS } from '../api/documents.js';
import { FILES_ROOT, IMPLICIT_FORMAT_DIR, PROFILE_ROOT } from '../routes/paths.js';
import { DOWNLOAD_PREFIX, DOWNLOAD_TYPES, downloadTypeOf } from '../download/media.js';
import { HOME_PATH, pageFile, PORTAL_SCRIPTS, PORTAL_TOP_NAMES } from '../portal/paths.js';
import { LANDING_FILE } from '../formats/html/runtime-safe/links.js';

export interface PrefixType {
  /** Path prefix below the site root, with leading and trailing slash, e.g. `/files/meme/`. */
  readonly prefix: string;
  readonly mediaType: string;
}

const JSON_TYPE = ERROR_MEDIA_TYPE;
const HTML_TYPE = 'text/html; charset=utf-8';

/** Every folder of prebuilt responses with its media type. */
export function prefixTypes(): PrefixType[] {
  return [
    ...FORMATS.map((f): PrefixType => ({ prefix: `/${FILES_ROOT}/${f.name}/`, mediaType: f.mediaType })),
    { prefix: `/${FILES_ROOT}/${IMPLICIT_FORMAT_DIR}/`, mediaType: JSON_TYPE },
    { prefix: `/${FILES_ROOT}/errors/`, mediaType: JSON_TYPE },
  ];
}

/**
 * Folders of pages, each served as its `index.html` (the web site, contract §10: `/matrix/<id>/`,
 * the profile pages MEME's URL lines name, `/search/`, `/collection/<name>/`, …; src/portal/paths.ts),
 * labelled UTF-8 on every host as the dev server labels them. A path without the final slash is
 * a 301 to it, keeping the query.
 */
export const PAGE_FOLDERS: readonly { prefix: string; mediaType: string }[] = [
  ...[PROFILE_ROOT, ...PORTAL_TOP_NAMES].map((name) => ({ prefix: `/${name}/`, mediaType: HTML_TYPE })),
  // The site's script, its data and the profiles' records (src/portal/), in UTF-8 as the dev server labels them.
  { prefix: `/${PORTAL_SCRIPTS}/`, mediaType: 'application/javascript; charset=utf-8' },
];

/** Every folder whose pages a host serves as its `index.html`: the site's pages, and the download area's listings. */
export const INDEX_FOLDERS: readonly string[] = [
  ...PAGE_FOLDERS.filter((f) => f.mediaType === HTML_TYPE).map((f) => f.prefix),
  DOWNLOAD_PREFIX,
];

/** Exact files with a media type of their own: the 404 page (first: CloudFront's error page), the API's documents. */
export const FILE_TYPES: readonly { path: string; mediaType: string }[] = [
  { path: '/404.html', mediaType: JSON_TYPE },
  // The web site's home page and the API's landing page (/api/), in UTF-8 as the dev server labels them.
  { path: `/${pageFile(HOME_PATH)}`, mediaType: HTML_TYPE },
  { path: `/${LANDING_FILE}`, mediaType: HTML_TYPE },
  // Each file once: several documents share the documentation page.
  ...API_DOCUMENTS.flatMap((d) => d.variants.map((v) => ({ path: `/${v.file}`, mediaType: v.mediaType }))).filter(
    (f, i, all) => all.findIndex((g) => g.path === f.path) === i,
  ),
];

/** Files typed by how their name ends below a prefix (the download area, contract §9), and the encoding of their stored bytes. */
export interface SuffixType {
  /** With leading and trailing slash, e.g. `/download/`. */
  readonly prefix: string;
  /** e.g. `.sql.gz`; the first row whose ending matches applies. */
  readonly suffix: string;
  readonly mediaType: string;
  /** Sent as `Content-Encoding` (the stored bytes are that encoding of the media type's). */
  readonly encoding: 'gzip' | null;
  /** Whether compressing it pays (a zip or a gzip is compressed already). */
  readonly compressible: boolean;
}

export const SUFFIX_TYPES: readonly SuffixType[] = DOWNLOAD_TYPES.map((t) => ({ prefix: DOWNLOAD_PREFIX, ...t }));

/** Every folder with one media type, made once: the Worker asks for each request's. */
const TYPED_FOLDERS: readonly PrefixType[] = [...prefixTypes(), ...PAGE_FOLDERS];

/** The media type of a served file, or undefined to let the host decide (landing page, logos). */
export function mediaTypeOf(path: string): string | undefined {
  const exact = FILE_TYPES.find((f) => f.path === path);
  if (exact) return exact.mediaType;
  return TYPED_FOLDERS.find((p) => path.startsWith(p.prefix))?.mediaType ?? downloadTypeOf(path)?.mediaType;
}
