/**
 * The prebuilt list pages of a built site, each read back from its file path into the route it
 * answers (the inverse of the path function's layout, src/routes/paths.ts):
 *   files/<format dir>/<resource path>/_/[<filter key>/<value>/…]<page size>/<order>/<page>.<ext>
 */
import { join } from 'node:path';
import { formatSpec, isFormatName } from '../../src/api/formats.js';
import { RESOURCES, type ListName } from '../../src/api/resources.js';
import { FILES_ROOT, IMPLICIT_FORMAT_DIR, LIST_MARKER, routeFile } from '../../src/routes/paths.js';
import type { ListRoute } from '../../src/routes/route.js';
import { listFiles } from './files.js';

/** The list resource whose segments match `segs` (a literal, or `:id` taking any value), and its id. */
function listResource(segs: readonly string[]): { name: ListName; params: Record<string, string> } | null {
  for (const r of RESOURCES) {
    if (r.kind !== 'list' || r.segments.length !== segs.length) continue;
    const params: Record<string, string> = {};
    let same = true;
    r.segments.forEach((s, i) => {
      if (s.startsWith(':')) params[s.slice(1)] = segs[i]!;
      else if (s !== segs[i]) same = false;
    });
    if (same) return { name: r.name, params };
  }
  return null;
}

/** The route a list page file answers, or an error saying why the path is not one. */
export function listRouteOfFile(file: string): ListRoute | string {
  const parts = file.split('/');
  const marker = parts.indexOf(LIST_MARKER);
  if (parts[0] !== FILES_ROOT || marker < 3) return 'not under files/<format>/<list>/_/';
  const dir = parts[1]!;
  const format = dir === IMPLICIT_FORMAT_DIR ? 'json' : dir;
  if (!isFormatName(format)) return `unknown format folder ${dir}`;
  const resource = listResource(parts.slice(2, marker));
  if (resource === null) return `no list resource at ${parts.slice(2, marker).join('/')}`;
  const rest = parts.slice(marker + 1);
  if (rest.length < 3 || (rest.length - 3) % 2 !== 0) return 'not <filters>/<page size>/<order>/<page>';
  const filters: Record<string, string> = {};
  for (let i = 0; i < rest.length - 3; i += 2) filters[rest[i]!] = rest[i + 1]!;
  const [size, order, last] = rest.slice(-3) as [string, string, string];
  const dot = last.lastIndexOf('.');
  const page = last.slice(0, dot);
  if (last.slice(dot + 1) !== formatSpec(format).extension) return `extension of ${last} is not ${format}'s`;
  if (page !== 'last' && !/^[1-9]\d*$/.test(page)) return `page ${page}`;
  if (size !== 'default' && !/^[1-9]\d*$/.test(size)) return `page size ${size}`;
  const route: ListRoute = {
    kind: 'list',
    resource: resource.name,
    params: resource.params,
    filters,
    order: order === 'default' ? null : order,
    page: page === 'last' ? 'last' : Number(page),
    pageSize: size === 'default' ? null : Number(size),
    format,
    formatInQuery: dir !== IMPLICIT_FORMAT_DIR,
  };
  // The path function must write this route to exactly this file, or the reading is wrong.
  const back = routeFile(route);
  return back === file ? route : `the path function puts this route at ${back}`;
}

/**
 * Every list page file of a built site (paths relative to the site, `/` separators), sorted.
 * Walked by files.ts's listFiles, in slices of synchronous listings: fs/promises' recursive
 * readdir (a promise per folder) cost seconds of CPU on the --filter-orders site's 100,000 pages.
 */
export async function listPageFiles(site: string): Promise<string[]> {
  const all = await listFiles(join(site, FILES_ROOT));
  return all
    .map((f) => `${FILES_ROOT}/${f}`)
    .filter((f) => f.split('/').includes(LIST_MARKER) && /\.[a-z]+$/.test(f))
    .sort();
}
