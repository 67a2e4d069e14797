import { describe, expect, it } from 'vitest';
import { resourceSpec } from '../api/resources.js';
import { jsonpCallback, readParams, routeParams } from './params.js';
import { CALLBACK_NAME, DEFAULT_CALLBACK } from './request.js';
import { routePairs } from './paths.js';
import type { ListRoute } from './route.js';
import { resolvePage } from './select.js';

const matrices = resourceSpec('matrix-list');
const tffms = resourceSpec('tffm-list');
const detail = resourceSpec('matrix-detail');
const read = (s: string) => readParams(matrices, s, null);

describe('a request’s parameters, read once as JASPAR reads them', () => {
  it('orders by every valid comma-separated term, dropping unknown ones', () => {
    expect(read('order=-name, version,bogus').order).toEqual([
      { field: 'name', descending: true },
      { field: 'version', descending: false },
    ]);
    expect(read('order=bogus').order).toEqual([]);
    expect(read('order=--name').order).toEqual([]);
    expect(readParams(tffms, 'order=log_p_detailed', null).order).toEqual([
      { field: 'log_p_detailed', descending: false },
    ]);
  });

  it('takes a page size of 1–1000, clamps above, ignores anything else', () => {
    expect(read('').pageSize).toBeNull();
    expect(read('page_size=25').pageSize).toBe(25);
    expect(read('page_size=5000')).toMatchObject({ pageSize: 1000, pageSizeText: '5000' });
    for (const v of ['0', '-3', 'abc', '']) expect(read(`page_size=${v}`).pageSize, v).toBeNull();
  });

  it('reads pages as Django’s paginator does: last, integers, anything else invalid', () => {
    expect(resolvePage(read('page=last').page, 25, 10)).toBe(3);
    expect(resolvePage(read('page=02').page, 25, 10)).toBe(2);
    expect(resolvePage(read('').page, 0, 10)).toBe(1);
    expect(read('page=').page).toBe(1);
    expect(read('page=x').page).toBeNull();
  });

  it('reads the filters a matrix list has, the last value of each, ignoring empty values and versions other than latest', () => {
    const p = read('name=&collection=core&version=2&search=fox&version=latest&collection=CNE');
    expect(p.filters).toEqual([
      { key: 'collection', value: 'CNE' },
      { key: 'version', value: 'latest' },
      { key: 'search', value: 'fox' },
    ]);
    expect(p.ignored).toEqual(['name']);
    expect(readParams(tffms, 'collection=CORE', null)).toMatchObject({ filters: [], ignored: ['collection'] });
    expect(readParams(detail, 'order=name&page=2', null)).toMatchObject({ order: [], ignored: ['order', 'page'] });
  });

  it('reads the 2018 names class, family, type as filters of their own beside tf_class, tf_family, data_type (contract §8.1)', () => {
    expect(read('class=zipper&tf_class=leucine&family=bzip&type=SELEX&data_type=').filters).toEqual([
      { key: 'tf_class', value: 'leucine' },
      { key: 'class', value: 'zipper' },
      { key: 'family', value: 'bzip' },
      { key: 'type', value: 'SELEX' },
    ]);
    expect(readParams(resourceSpec('species-matrices'), 'class=zinc', null).filters).toEqual([
      { key: 'class', value: 'zinc' },
    ]);
  });

  it('reads the TFFM list’s own filters, search and tax_group, and no other (contract §8.1)', () => {
    const p = readParams(
      tffms,
      'search=FOX&tax_group=vertebrates&class=zinc&version=latest&collection=CORE&page_size=1000',
      null,
    );
    expect(p.filters).toEqual([
      { key: 'tax_group', value: 'vertebrates' },
      { key: 'search', value: 'FOX' },
    ]);
    expect(p.ignored).toEqual(['class', 'version', 'collection']);
    expect(readParams(tffms, 'search=&tax_group=', null).filters).toEqual([]);
    expect(readParams(resourceSpec('collection-list'), 'search=x', null)).toMatchObject({
      filters: [],
      ignored: ['search'],
    });
  });

  it('names the JSONP function by callback: the default when absent, null (a 400) when it is no name (contract §8.1)', () => {
    const cb = (q: string) => jsonpCallback(read(q));
    expect(cb('')).toBe(DEFAULT_CALLBACK);
    expect(DEFAULT_CALLBACK).toBe('callback');
    for (const name of ['jQuery3710_1700000000000', 'cb', '$', '_x.y$.z9', 'a'.repeat(128)])
      expect(cb(`callback=${name}`), name).toBe(name);
    for (const bad of [
      'alert(1)//',
      '',
      '1abc',
      'a..b',
      'a.',
      '.a',
      'a-b',
      'a b',
      'ü',
      'a'.repeat(129),
      'x;alert(1)',
      'a\nb',
    ]) {
      expect(cb(`callback=${encodeURIComponent(bad)}`), bad).toBeNull();
    }
    expect(CALLBACK_NAME.test('jQuery.fn.cb')).toBe(true);
    // The last value wins, as for every parameter.
    expect(cb('callback=bad(&callback=good')).toBe('good');
  });

  it('keeps the pairs as sent, a suffix standing as the format; format, release and callback as sent', () => {
    const p = readParams(matrices, 'format=yaml&a=1&release=2018&callback=cb&format=bed', 'jaspar');
    expect(p.pairs).toEqual([
      { key: 'a', value: '1' },
      { key: 'release', value: '2018' },
      { key: 'callback', value: 'cb' },
      { key: 'format', value: 'jaspar' },
    ]);
    expect(p).toMatchObject({ format: 'jaspar', release: '2018', callback: 'cb', ignored: ['a'] });
    expect(read('format=&release=')).toMatchObject({ format: null, release: null, ignored: ['format', 'release'] });
  });

  it('gives a prebuilt page’s route the parameters its own pairs read as', () => {
    const route: ListRoute = {
      kind: 'list',
      resource: 'matrix-list',
      params: {},
      filters: { collection: 'CORE', version: 'latest' },
      order: '-name',
      page: 3,
      pageSize: 100,
      format: 'json',
      formatInQuery: true,
    };
    const parsed = readParams(
      matrices,
      `${routePairs(route)
        .map((p) => `${p.key}=${p.value}`)
        .join('&')}&page=3`,
      null,
    );
    expect(routeParams(route)).toEqual({ ...parsed, pairs: routePairs(route), ignored: [] });
  });
});
