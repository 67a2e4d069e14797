/**
 * Where an old JASPAR address sends the reader (the 2018 `url_redirection` view, contract §10),
 * in the view's order: `?ID=<matrix_id>` to the profile page; `db=` with `tax_group=` to that
 * search; `/html/DOWNLOAD` to the downloads page; anything else to the home page. An `ID` that
 * is not a safe path segment goes home (the view pasted it into the path as it came). Pure: the
 * request runtime answers it as a 301, the forwarding pages run it in the browser. Runtime-safe subset.
 */
import { isSafeSegment } from '../segments.js';
import { DOWNLOADS_PATH, OLD_LINK_PATHS, OLD_LINKS, profilePath, SEARCH_PATH } from './paths.js';

/** One query value as Django's `GET.get` reads it: the last one of that name, or null. */
export type QueryGet = (name: string) => string | null;

/**
 * The target of the old address `oldPath` (one of {@link OLD_LINK_PATHS}, with or without its
 * final slash, no leading `/`) for the query `get`: a path below the site root, with its query.
 */
export function oldLinkTarget(oldPath: string, get: QueryGet): string {
  const id = get('ID');
  const db = get('db');
  const taxGroup = get('tax_group');
  if (id) return isSafeSegment(id) ? profilePath(id) : '';
  if (db && taxGroup)
    return `${SEARCH_PATH}?q=&collection=${encodeURIComponent(db.toUpperCase())}&tax_group=${encodeURIComponent(taxGroup)}`;
  return oldPath.indexOf('html/') === 0 ? DOWNLOADS_PATH : '';
}

/** The old address a request path is (`/cgi-bin/jaspar_db.pl`, `/html/DOWNLOAD`, either with a final slash), or null. */
export function oldLinkOf(path: string): string | null {
  const p = path.charAt(path.length - 1) === '/' ? path.slice(0, -1) : path;
  const i = OLD_LINKS.indexOf(p);
  return i === -1 ? null : OLD_LINK_PATHS[i]!;
}
