/**
 * The requests of the conformance suite, derived from the built site, not written with their
 * answers: every prebuilt page the route generator wrote is read back into its route
 * (test/support/list-files.ts) and a selection of them asked for at the route's URL (the path
 * function, src/routes/paths.ts), as are the details of the first instances in every format,
 * the bare detail with each format's media type in `Accept`, and HEAD. Each such request must
 * be answered with its file. Around them: hand-written requests as careless clients send them
 * (edge targets), whose answers come from the dev server, and the client-shaped table of
 * test/hosts (contract §8).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatSpec, negotiatedType } from '../../src/api/formats.js';
import { RESOURCES } from '../../src/api/resources.js';
import { detailRoutes } from '../../src/plan/generate.js';
import { resourcePath, routeFile, routeUrl } from '../../src/routes/paths.js';
import type { Route } from '../../src/routes/route.js';
import { indexFile, SITE_FILE, type IndexData, type SiteConfig } from '../../src/routes/site-data.js';
import type { ClientRequest } from '../../src/check/types.js';
import { listPageFiles, listRouteOfFile } from '../support/list-files.js';

/** A request whose answer is a prebuilt file: status 200, the format's media type, the file's bytes. */
export interface FileCase {
  readonly req: ClientRequest;
  readonly route: Route;
  /** The file, relative to the site. */
  readonly file: string;
  readonly mediaType: string;
  /** Whether the format is asked for by Accept (hosts that cannot read it are not asked). */
  readonly negotiated: boolean;
}

const get = (target: string, accept?: string): ClientRequest =>
  accept === undefined ? { method: 'GET', target } : { method: 'GET', target, accept };

/** Every `step`-th list page of the site (a stable selection across formats, orders, sizes, filters and pages). */
async function listCases(site: string, step: number): Promise<FileCase[]> {
  const files = await listPageFiles(site);
  const out: FileCase[] = [];
  files.forEach((file, i) => {
    if (i % step !== 0) return;
    const route = listRouteOfFile(file);
    if (typeof route === 'string') throw new Error(`${file}: ${route}`);
    out.push({
      req: get(routeUrl(route)),
      route,
      file,
      mediaType: formatSpec(route.format).mediaType,
      negotiated: false,
    });
  });
  return out;
}

/** The first and last instance of every detail resource, in every format it has; by Accept too. */
function detailCases(site: string): FileCase[] {
  const config = JSON.parse(readFileSync(join(site, SITE_FILE), 'utf8')) as SiteConfig;
  const index = JSON.parse(readFileSync(join(site, indexFile(config.releases[0]!)), 'utf8')) as IndexData;
  const out: FileCase[] = [];
  for (const r of RESOURCES) {
    if (r.kind !== 'detail') continue;
    const ids = index.details[r.name].ids;
    for (const id of [...new Set([ids[0], ids[ids.length - 1]])]) {
      if (id === undefined) continue;
      for (const route of detailRoutes(r, id, config)) {
        const file = routeFile(route);
        // A format may not apply to every instance (bed without binding sites): no file, no case.
        if (!existsSync(join(site, file))) continue;
        const mediaType = formatSpec(route.format).mediaType;
        out.push({ req: get(routeUrl(route)), route, file, mediaType, negotiated: false });
        out.push({
          req: get(resourcePath(route.resource, route.params), negotiatedType(route.format)),
          route,
          file,
          mediaType,
          negotiated: true,
        });
      }
    }
  }
  return out;
}

/** Requests answered by prebuilt files: every `step`-th list page, the details, and a HEAD of every fifth. */
export async function fileCases(site: string, step = 40): Promise<FileCase[]> {
  const cases = [...(await listCases(site, step)), ...detailCases(site)];
  const heads = cases.filter((_, i) => i % 5 === 0).map((c) => ({ ...c, req: { ...c.req, method: 'HEAD' } }));
  return [...cases, ...heads];
}

/**
 * Requests as clients (and careless or hostile ones) send them: parameters in any order,
 * repeated, percent-encoded, extra, bare, empty; trailing and doubled slashes; suffix forms;
 * unknown orders, formats and ids; invalid pages; filters; methods; Accept headers.
 */
export const EDGE_TARGETS: readonly ClientRequest[] = [
  ...[
    '/api/v1/matrix',
    '/api/v1/matrix/?page=1',
    '/api/v1/matrix?page=2',
    '/api/v1/matrix/?page=2&page=3',
    '/api/v1/matrix/?page=3&format=json&order=name',
    '/api/v1/matrix/?order=name&format=json&page=3',
    '/api/v1/matrix/?format=js%6Fn&page=2',
    '/api/v1/matrix/?page=%32',
    '/api/v1/matrix/?order=%2Dname',
    '/api/v1/matrix/?%66ormat=json',
    '/api/v1/matrix/?ORDER=name',
    '/api/v1/matrix/?order=zzz',
    '/api/v1/matrix/?order=zzz&page=2',
    '/api/v1/matrix/?order=name,version&page=2',
    '/api/v1/matrix/?order=+name',
    '/api/v1/matrix/?foo=bar&order=-name&x=',
    '/api/v1/matrix/?&&page=2&',
    '/api/v1/matrix/?page=2&',
    '/api/v1/matrix/?page=last',
    '/api/v1/matrix/?order=version&page=last',
    '/api/v1/matrix/?page=last&format=jsonp&order=-collection',
    '/api/v1/matrix/?page_size=1000',
    '/api/v1/matrix/?page_size=5000&page=1',
    '/api/v1/matrix/?page_size=7',
    '/api/v1/matrix/?page=0',
    '/api/v1/matrix/?page=02',
    '/api/v1/matrix/?page=999',
    '/api/v1/matrix/?page=99999999999999999999999999',
    '/api/v1/matrix/?page=abc',
    '/api/v1/matrix/?page=-1',
    '/api/v1/matrix/?order=name&page=9',
    '/api/v1/matrix/?page=..%2F..%2Fetc',
    '/api/v1/matrix/?page=a%20b',
    '/api/v1/matrix/?page=',
    '/api/v1/matrix/?page',
    '/api/v1/matrix/?page=2&page=',
    '/api/v1/matrix/?format=xml',
    '/api/v1/matrix/?format=xml&page=2',
    '/api/v1/matrix/?format=',
    '/api/v1/matrix/?format=JSON',
    '/api/v1/matrix/?format=api',
    '/api/v1/matrix/?search=zinc',
    '/api/v1/matrix/?collection=CORE',
    '/api/v1/matrix/?collection=core',
    '/api/v1/matrix/?collection=CORE&format=json&page=2',
    '/api/v1/matrix/?collection=NOPE',
    '/api/v1/matrix/?collection=..',
    '/api/v1/matrix/?tax_group=vertebrates&version=latest',
    '/api/v1/matrix.json',
    '/api/v1/matrix.json?format=yaml',
    '/api/v1/matrix.yaml?order=name&page=2',
    '/api/v1/matrix/MA0101.2/',
    '/api/v1/matrix/MA0101.2',
    '/api/v1/matrix/MA0101.2/?format=jsonp&page=7&order=name',
    '/api/v1/matrix/MA0101%2E2/',
    '/api/v1/matrix/MA0101.2.jaspar',
    '/api/v1/matrix/MA0101.2/?format=bogus',
    '/api/v1/matrix/MA9999.1/',
    '/api/v1/matrix/MA9999.1/?format=meme',
    '/api/v1/matrix/..%2F..%2Fjaspar-static.json/',
    '/api/v1/matrix/MA0101/versions',
    '/api/v1/matrix/MA0101/versions.yaml',
    '/api/v1/matrix/XX0000/versions/',
    '/api/v1/matrix/MA0101.2/extra/segments/',
    '/api/v1/matrix//',
    '/api/v1//matrix/',
    '/api/v1/tffm',
    '/api/v1/tffm/?order=-log_p_1st_order&page=2',
    '/api/v1/tffm/?format=jaspar',
    '/api/v1/tffm/TFFM0040.1',
    '/api/v1/tffm/TFFM9999.1/',
    '/api/v1/collections/CORE/?page=2',
    '/api/v1/collections/NOPE/',
    '/api/v1/collections/NOPE/?page=2',
    '/api/v1/',
    '/api/v1',
    '/api/v1/nothing',
    '/api/v2/matrix/',
    '/jaspar-static.json',
    '/_redirects',
    '/files/json/',
    '/no/such/file.txt',
  ].map((t) => get(t)),
  get('/api/v1/matrix/', 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8'),
  get('/api/v1/matrix/', 'application/json, text/html'),
  get('/api/v1/matrix/', 'text/html;q=0, */*'),
  get('/api/v1/matrix/?format=yaml', 'text/html'),
  { method: 'HEAD', target: '/api/v1/matrix/?page=999' },
  { method: 'OPTIONS', target: '/api/v1/tffm/' },
  { method: 'POST', target: '/api/v1/tffm/' },
  { method: 'DELETE', target: '/api/v1/matrix/MA0101.2/' },
];
