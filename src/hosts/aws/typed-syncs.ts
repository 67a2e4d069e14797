/**
 * The typed part of both AWS targets' upload.sh: one `aws s3 sync` per media type of the
 * format table (src/hosts/content-types.ts), not one per folder or file. Each AWS CLI start
 * costs about a second of CPU before it sends anything, and a sync over the site root lists
 * the whole bucket, so each media type's folders and files are synced together, from the
 * deepest folder that holds them all, as `--include` patterns after `--exclude '*'`.
 * `--delete` then deletes exactly the objects those patterns match that the site lacks.
 */
import { FILE_TYPES, prefixTypes } from '../content-types.js';

export interface TypedSync {
  /** The folder synced, below the site root, with leading and trailing slash (`/` for the root). */
  readonly folder: string;
  /** What of `folder` has this type (`json/*` for a folder, `404.html` for a file); `[]` for all of it. */
  readonly includes: readonly string[];
  readonly mediaType: string;
}

/** The deepest folder (`/…/`) holding every path (a folder path, ending in `/`, holds itself). */
function commonFolder(paths: readonly string[]): string {
  let common = paths[0]!.slice(0, paths[0]!.lastIndexOf('/') + 1);
  for (const p of paths)
    while (!p.startsWith(common)) common = common.slice(0, common.lastIndexOf('/', common.length - 2) + 1);
  return common;
}

/** One sync per media type, in the format table's order of first appearance. */
export function typedSyncs(): TypedSync[] {
  const byType = new Map<string, string[]>();
  for (const { path, mediaType } of [
    ...prefixTypes().map((p) => ({ path: p.prefix, mediaType: p.mediaType })),
    ...FILE_TYPES,
  ])
    byType.set(mediaType, [...(byType.get(mediaType) ?? []), path]);
  return [...byType].map(([mediaType, paths]) => {
    const folder = commonFolder(paths);
    const whole = paths.length === 1 && paths[0] === folder;
    return {
      folder,
      mediaType,
      includes: whole ? [] : paths.map((p) => `${p.slice(folder.length)}${p.endsWith('/') ? '*' : ''}`),
    };
  });
}

/** The filters of a typed sync: nothing for a whole folder, else `--exclude '*'` and one `--include` per path. */
export const syncFilters = (t: TypedSync): string =>
  t.includes.length === 0 ? '' : ` --exclude '*'${t.includes.map((i) => ` --include '${i}'`).join('')}`;

/**
 * A shell function `dir FOLDER`: the site's folder, or an empty one where the build wrote none
 * (a format not built), so its sync still deletes its objects. Needs `$SITE` and `$EMPTY`.
 */
export const DIR_FUNCTION = `dir() { if [ -d "$SITE$1" ]; then printf '%s' "$SITE$1"; else printf '%s/' "$EMPTY"; fi; }`;
