import { describe, expect, it } from 'vitest';
import { resourceSpec } from '../api/resources.js';
import { parseQuery } from './request.js';
import { requestFilters, requestOrder, requestPage, requestPageSize, resolvePage } from './select.js';

const matrices = resourceSpec('matrix-list');
const tffms = resourceSpec('tffm-list');
const q = (s: string) => parseQuery(s);

describe('list parameters as JASPAR reads them', () => {
  it('orders by every valid comma-separated term, dropping unknown ones', () => {
    expect(requestOrder(matrices, q('order=-name, version,bogus'))).toEqual([
      { field: 'name', descending: true },
      { field: 'version', descending: false },
    ]);
    expect(requestOrder(matrices, q('order=bogus'))).toEqual([]);
    expect(requestOrder(matrices, q('order=--name'))).toEqual([]);
    expect(requestOrder(tffms, q('order=log_p_detailed'))).toEqual([{ field: 'log_p_detailed', descending: false }]);
  });

  it('takes a page size of 1–1000, clamps above, ignores anything else', () => {
    expect(requestPageSize(q(''))).toBe(10);
    expect(requestPageSize(q('page_size=25'))).toBe(25);
    expect(requestPageSize(q('page_size=5000'))).toBe(1000);
    for (const v of ['0', '-3', 'abc', '']) expect(requestPageSize(q(`page_size=${v}`)), v).toBe(10);
  });

  it('resolves pages as Django’s paginator: last, integers in range, page 1 of an empty list', () => {
    expect(resolvePage(requestPage(q('page=last')), 25, 10)).toBe(3);
    expect(resolvePage(requestPage(q('page=02')), 25, 10)).toBe(2);
    expect(resolvePage(requestPage(q('')), 0, 10)).toBe(1);
    expect(resolvePage(requestPage(q('page=4')), 25, 10)).toBeNull();
    expect(resolvePage(requestPage(q('page=0')), 25, 10)).toBeNull();
    expect(resolvePage(requestPage(q('page=x')), 25, 10)).toBeNull();
  });

  it('reads the filters a matrix list has, ignoring empty values and versions other than latest', () => {
    expect(requestFilters(matrices, q('name=&collection=core&version=2&search=fox&version=latest'))).toEqual([
      { key: 'collection', value: 'core' },
      { key: 'version', value: 'latest' },
      { key: 'search', value: 'fox' },
    ]);
    expect(requestFilters(tffms, q('collection=CORE'))).toEqual([]);
  });
});
