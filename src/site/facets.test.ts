import { describe, expect, it } from 'vitest';
import { ARNT_PFM, testMatrix } from '../../test/support/matrices.js';
import type { Facet } from '../formats/html/facets.js';
import type { Matrix, Release } from '../model/types.js';
import { defaultRouteOptions } from '../plan/generate.js';
import { indexRelease } from '../plan/release-index.js';
import type { IndexData } from '../routes/site-data.js';
import { landingFacets } from './facets.js';
import { indexData } from '../plan/index-data.js';

const annotated = (id: string, collection: string, group: string, classes: string[]): Matrix =>
  testMatrix(id, id, ARNT_PFM, {
    collection,
    annotations: [{ tag: 'tax_group', value: group }, ...classes.map((value) => ({ tag: 'class', value }))],
  });

const release: Release = {
  info: { name: 'test', year: null },
  matrices: [
    annotated('MA0001.1', 'CORE', 'vertebrates', ['bHLH']),
    annotated('MA0002.1', 'CORE', 'insects', ['bHLH', 'bZIP']),
    annotated('CN0001.1', 'CNE', 'vertebrates', []),
  ],
  tffms: [],
  tffmFiles: new Map(),
};
const data: IndexData = { ...indexData(indexRelease(release)), chunks: {} };

const facet = (facets: Facet[], title: string) => facets.find((f) => f.title === title)!.values;

describe('landing page facets', () => {
  it('count the matrices of every collection, taxonomic group and TF class', () => {
    const facets = landingFacets(data, defaultRouteOptions(), false);
    expect(facet(facets, 'Collection').map((v) => [v.label, v.count])).toEqual([
      ['CNE', 1],
      ['CORE', 2],
    ]);
    expect(facet(facets, 'Taxonomic group').map((v) => [v.label, v.count])).toEqual([
      ['insects', 1],
      ['vertebrates', 2],
    ]);
    expect(facet(facets, 'TF class')).toEqual([
      { label: 'bHLH', count: 2, to: { tfClass: 'bHLH' } },
      { label: 'bZIP', count: 1, to: { tfClass: 'bZIP' } },
    ]);
  });

  it("link to the prebuilt filtered matrix list, or the value's own list where filters are not prebuilt", () => {
    const route = (v: { to: unknown }) =>
      (v.to as { page: { route: { resource: string; params: object; filters: object } } }).page.route;
    const prebuilt = facet(landingFacets(data, defaultRouteOptions(), false), 'Collection')[0]!;
    expect(route(prebuilt)).toMatchObject({
      resource: 'matrix-list',
      params: {},
      filters: { collection: 'CNE' },
      page: 1,
      format: 'api',
    });
    const own = facet(
      landingFacets(data, { ...defaultRouteOptions(), filterKeys: ['tax_id'] }, false),
      'Taxonomic group',
    )[1]!;
    expect(route(own)).toMatchObject({ resource: 'taxon-matrices', params: { id: 'vertebrates' }, filters: {} });
    const compact = facet(landingFacets(data, { ...defaultRouteOptions(), filterKeys: [] }, true), 'Collection')[1]!;
    expect(route(compact)).toMatchObject({ resource: 'matrix-list', filters: { collection: 'CORE' } });
  });
});
