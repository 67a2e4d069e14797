import { describe, expect, it } from 'vitest';
import { resourcePath, routeFile, routePairs, routeUrl, suffixAliasFile } from './paths.js';
import type { DetailRoute, ListRoute } from './route.js';

const list = (over: Partial<ListRoute> = {}): ListRoute => ({
  kind: 'list',
  resource: 'matrix-list',
  params: {},
  filters: {},
  order: null,
  page: 1,
  pageSize: null,
  format: 'json',
  formatInQuery: true,
  ...over,
});
const detail = (over: Partial<DetailRoute> = {}): DetailRoute => ({
  kind: 'detail',
  resource: 'matrix-detail',
  params: { id: 'MA0004.1' },
  format: 'jaspar',
  ...over,
});

describe('routeFile', () => {
  it('puts a list page under its format, resource, page size, order and page', () => {
    expect(routeFile(list())).toBe('files/json/matrix/_/default/default/1.json');
    expect(routeFile(list({ format: 'yaml', order: '-name', pageSize: 100, page: 'last' }))).toBe(
      'files/yaml/matrix/_/100/-name/last.yaml',
    );
    expect(routeFile(list({ resource: 'collection-matrices', params: { id: 'CORE' }, format: 'api' }))).toBe(
      'files/api/collections/CORE/_/default/default/1.html',
    );
  });

  it('keeps JSON served without ?format= in its own folder', () => {
    expect(routeFile(list({ formatInQuery: false }))).toBe('files/default/matrix/_/default/default/1.json');
  });

  it('puts filters between the list marker and the page size', () => {
    expect(routeFile(list({ filters: { collection: 'CORE', tax_group: 'plants' } }))).toBe(
      'files/json/matrix/_/collection/CORE/tax_group/plants/default/default/1.json',
    );
  });

  it('hoists literal segments of a detail before its id, and names a detail without id index', () => {
    expect(routeFile(detail())).toBe('files/jaspar/matrix/MA0004.1.jaspar');
    expect(routeFile(detail({ resource: 'matrix-versions', params: { id: 'MA0004' }, format: 'json' }))).toBe(
      'files/json/matrix/versions/MA0004.json',
    );
    expect(routeFile(detail({ resource: 'api-root', params: {}, format: 'api' }))).toBe('files/api/index.html');
  });

  it('refuses unsafe segments, and placeholders outside templates', () => {
    expect(() => routeFile(detail({ params: { id: '..' } }))).toThrow(/unsafe path segment/);
    expect(() => routeFile(detail({ params: { id: 'a/b' } }))).toThrow(/unsafe path segment/);
    expect(() => routeFile(list({ filters: { collection: '../x' } }))).toThrow(/unsafe path segment/);
    expect(() => routeFile(detail({ params: { id: ':id' } }))).toThrow(/unsafe path segment/);
    expect(routeFile(detail({ params: { id: ':id' } }), true)).toBe('files/jaspar/matrix/:id.jaspar');
  });

  it('writes a template route, whose numbers may be placeholders, in template mode only', () => {
    const template: ListRoute<string> = {
      ...list({ filters: { collection: ':collection' }, order: ':order' }),
      page: ':page',
      pageSize: ':page_size',
    };
    expect(routeFile(template, true)).toBe('files/json/matrix/_/collection/:collection/:page_size/:order/:page.json');
    // @ts-expect-error a template route is written in template mode only
    expect(() => routeFile(template)).toThrow(/unsafe path segment/);
  });

  it('throws when a route lacks a parameter of its resource', () => {
    expect(() => routeFile(detail({ params: {} }))).toThrow(/lacks parameter :id/);
  });
});

describe('public paths and URLs', () => {
  it('spells resource paths under /api/v1/', () => {
    expect(resourcePath('matrix-list', {})).toBe('/api/v1/matrix/');
    expect(resourcePath('matrix-versions', { id: 'MA0004' })).toBe('/api/v1/matrix/MA0004/versions/');
    expect(resourcePath('api-root', {})).toBe('/api/v1/');
  });

  it('gives a detail with a trailing id its DRF suffix alias, and no other route', () => {
    expect(suffixAliasFile(detail())).toBe('api/v1/matrix/MA0004.1.jaspar');
    expect(suffixAliasFile(detail({ resource: 'matrix-versions', params: { id: 'MA0004' } }))).toBeNull();
    expect(suffixAliasFile(list())).toBeNull();
    // A copy cannot refuse a callback it does not call (contract §8.1).
    expect(suffixAliasFile(detail({ format: 'jsonp' }))).toBeNull();
  });

  it('lists the query a page was made for, page left out, in link order', () => {
    const r = list({ filters: { collection: 'CORE' }, order: 'name', pageSize: 100, page: 3 });
    expect(routePairs(r)).toEqual([
      { key: 'collection', value: 'CORE' },
      { key: 'format', value: 'json' },
      { key: 'order', value: 'name' },
      { key: 'page_size', value: '100' },
    ]);
    expect(routePairs(list({ formatInQuery: false }))).toEqual([]);
  });

  it('builds the request URL a route answers', () => {
    expect(routeUrl(detail())).toBe('/api/v1/matrix/MA0004.1/?format=jaspar');
    expect(routeUrl(list({ formatInQuery: false }))).toBe('/api/v1/matrix/');
    expect(routeUrl(list({ formatInQuery: false, page: 'last' }))).toBe('/api/v1/matrix/?page=last');
    expect(routeUrl(list({ page: 2 }))).toMatch(/^\/api\/v1\/matrix\/\?.*format=json.*page=2/);
    expect(routeUrl(list({ page: 'last' }))).toBe('/api/v1/matrix/?format=json&page=last');
  });
});
