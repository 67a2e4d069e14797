import { beforeAll, describe, expect, it } from 'vitest';
import { FORMAT_NAMES } from '../api/formats.js';
import { resourceSpec } from '../api/resources.js';
import type { IndexData } from '../routes/site-data.js';
import { indexData } from './index-data.js';
import { sampleRelease } from '../../test/support/sample-release.js';
import {
  defaultRouteOptions,
  detailRoutes,
  filterParams,
  formatVariants,
  listRoutes,
  listVariants,
  pageRefs,
  subsets,
} from './generate.js';
import { routeFile } from '../routes/paths.js';
import { indexRelease } from './release-index.js';

const ALL = { formats: FORMAT_NAMES, withSites: true };

describe('pure helpers', () => {
  it('numbers pages 1..N then last, with one page for an empty list', () => {
    expect(pageRefs(25, 10)).toEqual([1, 2, 3, 'last']);
    expect(pageRefs(20, 10)).toEqual([1, 2, 'last']);
    expect(pageRefs(0, 10)).toEqual([1, 'last']);
  });

  it('lists every subset once, largest first, each in input order', () => {
    expect(subsets(['a', 'b'])).toEqual([['a', 'b'], ['b'], ['a'], []]);
    const three = subsets(['a', 'b', 'c']);
    expect(three).toHaveLength(8);
    expect(new Set(three.map((s) => s.join())).size).toBe(8);
    expect(three.map((s) => s.length)).toEqual([3, 2, 2, 2, 1, 1, 1, 0]);
    expect(subsets([])).toEqual([[]]);
  });

  it('puts filter values in path order whatever order they came in', () => {
    expect(
      Object.keys(
        filterParams([
          { key: 'tax_group', value: 'plants' },
          { key: 'collection', value: 'CORE' },
        ]),
      ),
    ).toEqual(['collection', 'tax_group']);
  });
});

describe('format variants', () => {
  it('offers bed only for matrix resources of a release with sites, and the implicit JSON only on lists', () => {
    const names = (r: Parameters<typeof formatVariants>[0], site: typeof ALL) =>
      formatVariants(r, site).map((v) => `${v.format}${v.formatInQuery ? '' : '(implicit)'}`);
    expect(names(resourceSpec('matrix-list'), ALL)).toEqual([...FORMAT_NAMES, 'json(implicit)']);
    expect(names(resourceSpec('matrix-list'), { ...ALL, withSites: false })).not.toContain('bed');
    expect(names(resourceSpec('matrix-detail'), ALL)).toEqual([...FORMAT_NAMES]);
    expect(names(resourceSpec('tffm-list'), ALL)).toEqual(['json', 'jsonp', 'yaml', 'api', 'json(implicit)']);
    expect(names(resourceSpec('release-list'), { formats: ['yaml'], withSites: false })).toEqual(['yaml']);
  });
});

describe('routes of the sample release', () => {
  let index: IndexData;
  let matrices: number;
  beforeAll(async () => {
    const release = await sampleRelease();
    matrices = release.matrices.length;
    index = { ...indexData(indexRelease(release)), chunks: {} };
  });

  it('yields one variant per instance × selection × order × page size, unfiltered first', () => {
    const prebuilt = { ...defaultRouteOptions(), orderFields: [], filterKeys: [] };
    const variants = [...listVariants(index, prebuilt)].filter((v) => v.list.name === 'matrix-list');
    expect(variants.map((v) => v.pageSize)).toEqual([null, 10, 100, 1000]);
    expect(variants.every((v) => v.items.length === matrices && v.order === null && v.filters.length === 0)).toBe(true);
  });

  it('pages a list by its effective size, each page in every format, with distinct files', () => {
    const prebuilt = { ...defaultRouteOptions(), pageSizes: [], orderFields: [], filterKeys: [] };
    const variant = [...listVariants(index, prebuilt)].find((v) => v.list.name === 'matrix-list')!;
    const routes = [...listRoutes(variant, ALL)];
    const pages = Math.ceil(matrices / 10) + 1;
    expect(routes).toHaveLength(pages * (FORMAT_NAMES.length + 1));
    expect(new Set(routes.map((r) => routeFile(r))).size).toBe(routes.length);
    expect(routes.filter((r) => r.page === 'last')).toHaveLength(FORMAT_NAMES.length + 1);
  });

  it('prebuilds only filter values that select something, each selection a subset of the list', () => {
    const prebuilt = { ...defaultRouteOptions(), pageSizes: [], orderFields: [], filterKeys: ['collection'] };
    const filtered = [...listVariants(index, prebuilt)].filter(
      (v) => v.list.name === 'matrix-list' && v.filters.length > 0,
    );
    expect(filtered.length).toBeGreaterThan(0);
    for (const v of filtered) {
      expect(v.filters.map((f) => f.key)).toEqual(['collection']);
      expect(v.items.length).toBeGreaterThan(0);
      expect(v.items.length).toBeLessThanOrEqual(matrices);
    }
    const total = filtered.reduce((n, v) => n + v.items.length, 0);
    expect(total).toBe(matrices);
  });

  it('routes a detail once per applicable format, with its id', () => {
    const routes = [...detailRoutes(resourceSpec('matrix-detail'), 'MA0004.1', ALL)];
    expect(routes.map((r) => r.format)).toEqual([...FORMAT_NAMES]);
    expect(routes.every((r) => r.params.id === 'MA0004.1')).toBe(true);
    expect([...detailRoutes(resourceSpec('api-root'), '', ALL)].map((r) => r.params)).toEqual([{}, {}, {}, {}]);
  });
});
