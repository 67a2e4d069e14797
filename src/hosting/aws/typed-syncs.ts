/**
 * The syncs of both AWS targets' upload.sh: one `aws s3 sync` per media type of the format
 * table (src/hosting/content-types.ts) that the site has, not one per folder or file, and one for
 * the rest. Each AWS CLI start costs about a second of CPU before it sends anything, and a sync
 * over the site root lists the whole bucket, so each media type's folders and files are synced
 * together, from the deepest folder that holds them all, as `--include` patterns after
 * `--exclude '*'`; `--delete` deletes exactly the objects those patterns match that the site
 * lacks. A media type the site has nothing of (a format not built) gets no sync of its own: the
 * last sync, over everything not excluded, deletes its objects.
 */
import { FILE_TYPES, PAGE_FOLDERS, prefixTypes, SUFFIX_TYPES } from '../content-types.js';

export interface TypedSync {
  /** The folder synced, below the site root, with leading and trailing slash (`/` for the root). */
  readonly folder: string;
  /** What of `folder` has this type (`json/*` for a folder, `404.html` for a file); `[]` for all of it. */
  readonly includes: readonly string[];
  /** Its folders (ending in `/`) and files below the site root, without the leading slash: the sync runs when one exists. */
  readonly paths: readonly string[];
  /** What the later syncs leave out (`aws s3` patterns from the site root). */
  readonly excludes: readonly string[];
  readonly mediaType: string;
  /** `Content-Encoding` of the stored bytes (the dump's `.sql.gz`), or null. */
  readonly encoding: 'gzip' | null;
}

/** The deepest folder (`/…/`) holding every path (a folder path, ending in `/`, holds itself). */
function commonFolder(paths: readonly string[]): string {
  let common = paths[0]!.slice(0, paths[0]!.lastIndexOf('/') + 1);
  for (const p of paths)
    while (!p.startsWith(common)) common = common.slice(0, common.lastIndexOf('/', common.length - 2) + 1);
  return common;
}

/** An `aws s3` filter pattern for a site path: a folder's pattern takes everything below it. */
const pattern = (path: string) => `${path}${path.endsWith('/') ? '*' : ''}`;

/** One sync per media type, in the format table's order of first appearance. */
export function typedSyncs(): TypedSync[] {
  const byType = new Map<string, string[]>();
  for (const { path, mediaType } of [
    ...[...prefixTypes(), ...PAGE_FOLDERS].map((p) => ({ path: p.prefix, mediaType: p.mediaType })),
    ...FILE_TYPES,
  ])
    byType.set(mediaType, [...(byType.get(mediaType) ?? []), path]);
  const byPrefix = [...byType].map(([mediaType, paths]): TypedSync => {
    const folder = commonFolder(paths);
    const whole = paths.length === 1 && paths[0] === folder;
    return {
      folder,
      mediaType,
      encoding: null,
      paths: paths.map((p) => p.slice(1)),
      excludes: paths.map((p) => pattern(p.slice(1))),
      includes: whole ? [] : paths.map((p) => pattern(p.slice(folder.length))),
    };
  });
  // Files typed by how their names end (the download area): one sync per type and encoding, by pattern.
  const bySuffix = new Map<string, TypedSync>();
  for (const t of SUFFIX_TYPES) {
    const key = `${t.prefix} ${t.mediaType} ${t.encoding}`;
    const seen = bySuffix.get(key);
    const include = `*${t.suffix}`;
    bySuffix.set(key, {
      folder: t.prefix,
      mediaType: t.mediaType,
      encoding: t.encoding,
      paths: [t.prefix.slice(1)],
      includes: [...(seen?.includes ?? []), include],
      excludes: [...(seen?.excludes ?? []), `${t.prefix.slice(1)}${include}`],
    });
  }
  // Folder syncs first: each sync takes the earlier ones' excludes, which are patterns from the site
  // root, and a root file's (`index.html`) would also match the same name inside a folder synced
  // from that folder (the download area's listings, `download/index.html`).
  const all = [...byPrefix, ...bySuffix.values()];
  return [...all.filter((t) => t.folder !== '/'), ...all.filter((t) => t.folder === '/')];
}

/**
 * The lines of upload.sh that sync, after `SITE` and `BUCKET` are set and with the options for
 * every sync in `"$@"`: `flags` go to every sync, `notUploaded` (site paths with leading slash,
 * a folder ending in `/`) are never uploaded nor deleted. Each media type the site has is synced
 * and appended to `"$@"` as excludes of the last sync.
 */
export function syncLines(flags: string, notUploaded: readonly string[]): string[] {
  const quoted = (patterns: readonly string[], option: string) => patterns.map((p) => ` --${option} '${p}'`).join('');
  return [
    '# Whether the site has any of these paths.',
    `has() { for p in "$@"; do [ ! -e "$SITE/$p" ] || return 0; done; return 1; }`,
    '# Each media type the site has: its own sync, then excluded from the last one.',
    ...typedSyncs().flatMap((t) => [
      `if has${t.paths.map((p) => ` '${p}'`).join('')}; then`,
      `  aws s3 sync "$SITE${t.folder}" "s3://$BUCKET${t.folder}" --delete${t.includes.length === 0 ? '' : ` --exclude '*'${quoted(t.includes, 'include')}`} ${flags} --content-type '${t.mediaType}'${t.encoding === null ? '' : ` --content-encoding '${t.encoding}'`} "$@"`,
      `  set -- "$@"${quoted(t.excludes, 'exclude')}`,
      'fi',
    ]),
    "# The rest, each with the CLI's guess; the objects of a media type the site has nothing of go here.",
    `aws s3 sync "$SITE/" "s3://$BUCKET/" --delete ${flags}${quoted(
      notUploaded.map((p) => pattern(p.slice(1))),
      'exclude',
    )} "$@"`,
  ];
}
