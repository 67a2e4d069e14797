/**
 * Hand-written requests as clients (and careless or hostile ones) send them: parameters in any
 * order, repeated, percent-encoded, extra, bare, empty; trailing and doubled slashes; DRF suffix
 * forms; unknown orders, formats and ids; invalid pages; filters; HEAD, OPTIONS, other methods;
 * Accept headers. Each with its answer, and what hosts that cannot do better answer instead
 * (docs/deploy.md, "What each host cannot do").
 */
import { METHOD_BODY } from './expect.js';
import { BROWSER_ACCEPT, fileOf, get, type Case, type Cause, type Outcome } from './cases.js';
import type { ErrorName } from '../../src/routes/paths.js';
import type { ListRoute, Route } from '../../src/routes/route.js';

const list = (resource: string, o: Partial<ListRoute> = {}): Outcome =>
  fileOf({ kind: 'list', resource, params: {}, filters: {}, order: null, page: 1, pageSize: null, format: 'json', formatInQuery: false, ...o });
const matrices = (o: Partial<ListRoute> = {}) => list('matrix-list', o);
const detail = (resource: string, id: string, format: Route['format'] = 'json'): Outcome => fileOf({ kind: 'detail', resource, params: { id }, format });
const err = (error: ErrorName, cause: Cause = 'rule'): Outcome => ({ kind: 'error', error, cause });
const json = { format: 'json' as const, formatInQuery: true };

/** Every edge case; `html` says whether the build has the HTML format. */
export function edgeCases(html: boolean): Case[] {
  const page1 = matrices();
  const browser = html ? matrices({ format: 'api', formatInQuery: true }) : page1;
  const c = (target: string, expect: Outcome, instead?: Case['instead']): Case => ({ req: get(target), expect, ...(instead ? { instead } : {}) });
  return [
    c('/api/v1/matrix', page1),
    c('/api/v1/matrix/?page=1', page1),
    c('/api/v1/matrix?page=2', matrices({ page: 2 })),
    c('/api/v1/matrix/?page=2&page=3', matrices({ page: 3 })),
    c('/api/v1/matrix/?page=3&format=json&order=name', matrices({ page: 3, order: 'name', ...json })),
    c('/api/v1/matrix/?order=name&format=json&page=3', matrices({ page: 3, order: 'name', ...json })),
    c('/api/v1/matrix/?format=js%6Fn&page=2', matrices({ page: 2, ...json })),
    c('/api/v1/matrix/?page=%32', matrices({ page: 2 })),
    c('/api/v1/matrix/?order=%2Dname', matrices({ order: '-name' })),
    c('/api/v1/matrix/?%66ormat=json', page1),
    c('/api/v1/matrix/?ORDER=name', page1),
    c('/api/v1/matrix/?order=zzz', page1),
    c('/api/v1/matrix/?order=zzz&page=2', matrices({ page: 2 })),
    c('/api/v1/matrix/?order=name,version&page=2', matrices({ page: 2 })),
    c('/api/v1/matrix/?order=+name', page1),
    c('/api/v1/matrix/?foo=bar&order=-name&x=', matrices({ order: '-name' })),
    c('/api/v1/matrix/?&&page=2&', matrices({ page: 2 }), { netlify: matrices({ page: 1 }) }),
    c('/api/v1/matrix/?page=2&', matrices({ page: 2 }), { netlify: page1 }),
    c('/api/v1/matrix/?page=last', matrices({ page: 'last' })),
    c('/api/v1/matrix/?order=version&page=last', matrices({ page: 'last', order: 'version' })),
    c('/api/v1/matrix/?page=last&format=jsonp&order=-collection', matrices({ page: 'last', order: '-collection', format: 'jsonp', formatInQuery: true })),
    c('/api/v1/matrix/?page_size=1000', matrices({ pageSize: 1000 })),
    c('/api/v1/matrix/?page_size=5000&page=1', matrices({ pageSize: 1000 }), { netlify: err('not-found') }),
    c('/api/v1/matrix/?page_size=7', err('invalid-page', 'absent')),
    c('/api/v1/matrix/?page=0', err('invalid-page', 'absent')),
    c('/api/v1/matrix/?page=02', err('invalid-page', 'absent')),
    c('/api/v1/matrix/?page=999', err('invalid-page', 'absent')),
    c('/api/v1/matrix/?page=99999999999999999999999999', err('invalid-page', 'absent')),
    c('/api/v1/matrix/?page=abc', err('invalid-page', 'absent')),
    c('/api/v1/matrix/?page=-1', err('invalid-page', 'absent')),
    c('/api/v1/matrix/?order=name&page=9', err('invalid-page', 'absent')),
    c('/api/v1/matrix/?page=..%2F..%2Fetc', err('invalid-page', 'unsafe')),
    c('/api/v1/matrix/?page=a%20b', err('invalid-page', 'unsafe')),
    c('/api/v1/matrix/?page=', err('invalid-page', 'unsafe')),
    c('/api/v1/matrix/?page', err('invalid-page', 'unsafe'), { netlify: page1 }),
    c('/api/v1/matrix/?page=2&page=', err('invalid-page', 'unsafe')),
    c('/api/v1/matrix/?format=xml', err('not-found')),
    c('/api/v1/matrix/?format=xml&page=2', err('not-found')),
    c('/api/v1/matrix/?format=', err('not-found')),
    c('/api/v1/matrix/?format=JSON', err('not-found')),
    c('/api/v1/matrix/?format=api', matrices({ format: 'api', formatInQuery: true })),
    c('/api/v1/matrix/?search=zinc', err('unsupported-filter')),
    c('/api/v1/matrix/?collection=CORE', matrices({ filters: { collection: 'CORE' } })),
    c('/api/v1/matrix/?collection=core', matrices({ filters: { collection: 'CORE' } }), { netlify: err('not-found') }),
    c('/api/v1/matrix/?collection=CORE&format=json&page=2', matrices({ filters: { collection: 'CORE' }, page: 2, ...json })),
    c('/api/v1/matrix/?collection=NOPE', err('not-found', 'absent')),
    c('/api/v1/matrix/?tax_group=vertebrates&version=latest', matrices({ filters: { tax_group: 'vertebrates', version: 'latest' } })),
    c('/api/v1/matrix.json', matrices(json)),
    c('/api/v1/matrix.json?format=yaml', matrices(json)),
    c('/api/v1/matrix.yaml?order=name&page=2', matrices({ format: 'yaml', formatInQuery: true, order: 'name', page: 2 })),
    c('/api/v1/matrix/MA0101.2/', detail('matrix-detail', 'MA0101.2')),
    c('/api/v1/matrix/MA0101.2', detail('matrix-detail', 'MA0101.2')),
    c('/api/v1/matrix/MA0101.2/?format=jsonp&page=7&order=name', detail('matrix-detail', 'MA0101.2', 'jsonp')),
    c('/api/v1/matrix/MA0101%2E2/', detail('matrix-detail', 'MA0101.2')),
    c('/api/v1/matrix/MA0101.2.jaspar', detail('matrix-detail', 'MA0101.2', 'jaspar')),
    c('/api/v1/matrix/MA0101.2/?format=bogus', err('not-found')),
    c('/api/v1/matrix/MA9999.1/', err('not-found', 'absent')),
    c('/api/v1/matrix/MA9999.1/?format=meme', err('not-found', 'absent')),
    c('/api/v1/matrix/..%2F..%2Fjaspar-static.json/', err('not-found', 'unsafe')),
    c('/api/v1/matrix/MA0101/versions', detail('matrix-versions', 'MA0101')),
    c('/api/v1/matrix/MA0101/versions.yaml', detail('matrix-versions', 'MA0101', 'yaml')),
    c('/api/v1/matrix/XX0000/versions/', err('not-found', 'absent')),
    c('/api/v1/matrix/MA0101.2/extra/segments/', err('not-found')),
    c('/api/v1/matrix//', err('not-found', 'unsafe')),
    c('/api/v1//matrix/', err('not-found')),
    c('/api/v1/tffm', list('tffm-list')),
    c('/api/v1/tffm/?order=-log_p_1st_order&page=2', list('tffm-list', { order: '-log_p_1st_order', page: 2 })),
    c('/api/v1/tffm/?format=jaspar', err('not-found')),
    c('/api/v1/tffm/TFFM0040.1', detail('tffm-detail', 'TFFM0040.1')),
    c('/api/v1/tffm/TFFM9999.1/', err('not-found', 'absent')),
    c('/api/v1/collections/CORE/?page=2', list('collection-matrices', { params: { id: 'CORE' }, page: 2 })),
    c('/api/v1/collections/NOPE/', err('not-found', 'absent')),
    c('/api/v1/collections/NOPE/?page=2', err('invalid-page', 'absent')),
    c('/api/v1/', fileOf({ kind: 'detail', resource: 'api-root', params: {}, format: 'json' })),
    c('/api/v1', fileOf({ kind: 'detail', resource: 'api-root', params: {}, format: 'json' })),
    c('/api/v1/nothing', err('not-found')),
    c('/api/v2/matrix/', err('not-found')),
    c('/jaspar-static.json', err('not-found')),
    c('/404.html', { kind: 'file', file: '/404.html' }),
    c('/files/json/', err('not-found')),
    c('/no/such/file.txt', err('not-found')),
    { req: get('/api/v1/matrix/', { Accept: BROWSER_ACCEPT }), expect: browser, instead: { netlify: page1 } },
    { req: get('/api/v1/matrix/', { Accept: 'application/json' }), expect: page1 },
    { req: get('/api/v1/matrix/', { Accept: 'application/json, text/html' }), expect: page1 },
    { req: get('/api/v1/matrix/', { Accept: '*/*' }), expect: page1 },
    { req: get('/api/v1/matrix/', { Accept: 'text/html;q=0, */*' }), expect: page1 },
    { req: get('/api/v1/matrix/?format=yaml', { Accept: BROWSER_ACCEPT }), expect: matrices({ format: 'yaml', formatInQuery: true }) },
    { req: { method: 'HEAD', target: '/api/v1/matrix/?page=2' }, expect: matrices({ page: 2 }) },
    { req: { method: 'HEAD', target: '/api/v1/matrix/?page=999' }, expect: err('invalid-page', 'absent') },
    { req: { method: 'OPTIONS', target: '/api/v1/matrix/' }, expect: { kind: 'options' }, instead: { netlify: 'skip' } },
    { req: { method: 'POST', target: '/api/v1/matrix/' }, expect: { kind: 'status', status: 405, body: METHOD_BODY('POST') }, instead: { netlify: 'skip' } },
    { req: { method: 'DELETE', target: '/api/v1/matrix/MA0101.2/' }, expect: { kind: 'status', status: 405, body: METHOD_BODY('DELETE') }, instead: { netlify: 'skip' } },
  ];
}
