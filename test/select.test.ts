import { beforeAll, describe, expect, it } from 'vitest';
import { resourceSpec } from '../src/api/resources.js';
import type { Release } from '../src/model/types.js';
import { indexData } from '../src/plan/index-data.js';
import { sampleRelease } from './support/sample-release.js';
import { readParams } from '../src/routes/params.js';
import { indexRelease } from '../src/plan/release-index.js';
import { filterItems, foldIndex, orderItems, resolvePage } from '../src/routes/select.js';
import type { IndexData } from '../src/routes/site-data.js';

describe('pages as Django’s paginator resolves them', () => {
  it('resolves last, integers in range, page 1 of an empty list; anything else is an invalid page', () => {
    expect(resolvePage('last', 25, 10)).toBe(3);
    expect(resolvePage(2, 25, 10)).toBe(2);
    expect(resolvePage(1, 0, 10)).toBe(1);
    expect(resolvePage(4, 25, 10)).toBeNull();
    expect(resolvePage(0, 25, 10)).toBeNull();
    expect(resolvePage(null, 25, 10)).toBeNull();
  });
});

describe('the filters of contract §8.1 on the sample release', () => {
  let release: Release;
  let index: Omit<IndexData, 'chunks'>;
  beforeAll(async () => {
    release = await sampleRelease();
    index = indexData(indexRelease(release));
  });

  const tffmList = resourceSpec('tffm-list');
  const tffmIds = (query: string): string[] => {
    const params = readParams(tffmList, query, null);
    const all = index.lists['tffm-list']['']!;
    const ordered = orderItems(
      index as IndexData,
      tffmList,
      filterItems(index as IndexData, tffmList, all, params.filters),
      params.order,
    );
    return Array.from(ordered).map((i) => index.tffms.tffmId[i]!);
  };
  const matrixIds = (query: string): string[] => {
    const list = resourceSpec('matrix-list');
    const params = readParams(list, query, null);
    return Array.from(filterItems(index as IndexData, list, index.lists['matrix-list']['']!, params.filters)).map(
      (i) => `${index.matrices.baseId[i]}.${index.matrices.version[i]}`,
    );
  };

  it('TFFM search: the name, tffm_id or matrix_id contains the term, ignoring ASCII case', () => {
    const contains = (term: string) =>
      release.tffms
        .filter((t) =>
          [t.name, t.tffmId, `${t.matrixBaseId}.${t.matrixVersion}`].some((v) =>
            v.toLowerCase().includes(term.toLowerCase()),
          ),
        )
        .map((t) => t.tffmId);
    for (const term of ['arkin', 'TFFM001', 'ma0101.3', 'pb00', 'zzz', '::', '.1'])
      expect(tffmIds(`search=${encodeURIComponent(term)}`), term).toEqual(contains(term));
    expect(tffmIds('search=ARKIN')).toEqual(['TFFM0004.1', 'TFFM0001.1', 'TFFM0040.1']);
    // By matrix_id alone: the TFFM named Zelt is trained on MA0103.1.
    expect(tffmIds('search=MA0103.1')).toEqual(['TFFM0031.1']);
  });

  it('TFFM tax_group: its matrix has the group (lower-cased); a TFFM whose matrix the release lacks has none', () => {
    const groupOf = (t: Release['tffms'][number]) =>
      release.matrices
        .find((m) => m.matrixId === `${t.matrixBaseId}.${t.matrixVersion}`)
        ?.annotations.filter((a) => a.tag === 'tax_group')
        .map((a) => a.value.toLowerCase()) ?? [];
    for (const g of ['vertebrates', 'Insects', 'FUNGI', 'plants', 'nematodes']) {
      expect(tffmIds(`tax_group=${g}`), g).toEqual(
        release.tffms.filter((t) => groupOf(t).includes(g.toLowerCase())).map((t) => t.tffmId),
      );
    }
    expect(tffmIds('tax_group=vertebrates')).not.toContain('TFFM0007.1'); // its matrix MA0999.1 is not in the release
    expect(tffmIds('tax_group=vertebrates').length).toBeGreaterThan(3);
  });

  it('TFFM filters AND-ed, before ordering by several fields', () => {
    const both = tffmIds('search=arkin&tax_group=vertebrates&order=-name,-matrix_version');
    expect(both).toEqual(['TFFM0001.1', 'TFFM0040.1', 'TFFM0004.1']);
    expect(tffmIds('search=arkin&tax_group=insects')).toEqual([]);
    expect(tffmIds('order=name,-version').length).toBe(release.tffms.length);
  });

  it('class, family, type: the semantics of tf_class, tf_family, data_type; both spellings AND-ed', () => {
    expect(matrixIds('class=zinc')).toEqual(matrixIds('tf_class=zinc'));
    expect(matrixIds('family=nk-REL')).toEqual(matrixIds('tf_family=nk-REL'));
    expect(matrixIds('type=selex')).toEqual(matrixIds('data_type=selex'));
    expect(matrixIds('class=zinc').length).toBeGreaterThan(2);
    // Both spellings given: each must hold (the intersection), not the last one alone.
    const both = matrixIds('class=bhlh&tf_class=pas');
    expect(both).toEqual(matrixIds('class=bhlh').filter((id) => matrixIds('tf_class=pas').includes(id)));
    expect(both.length).toBeGreaterThan(0);
    expect(both.length).toBeLessThan(matrixIds('class=bhlh').length);
    expect(matrixIds('class=bhlh&tf_class=homeo')).toEqual([]);
    expect(matrixIds('type=ChIP&data_type=seq&family=zinc')).toEqual(matrixIds('tf_family=zinc&data_type=chip-seq'));
  });

  it('matrix search: name, base id or collection contains the term, ignoring ASCII case, never across fields', () => {
    const m = index.matrices;
    const all = Array.from(index.lists['matrix-list']['']!);
    const lower = (v: string) => v.replace(/[A-Z]/g, (c) => c.toLowerCase());
    const expected = (term: string) =>
      all
        .filter((i) => [m.name[i]!, m.baseId[i]!, m.collection[i]!].some((v) => lower(v).includes(lower(term))))
        .map((i) => `${m.baseId[i]}.${m.version[i]}`);
    const first = all[0]!;
    const terms = [
      'a',
      'MA0',
      'core',
      m.name[first]!,
      // Across the end of one field and the start of the next: no match.
      `${m.name[first]!.slice(-2)}${m.baseId[first]!.slice(0, 2)}`,
      `${m.collection[first]!.slice(-1)}${m.name[all[1]!]!.slice(0, 1)}`,
      'x\u0000y',
      'no such thing',
    ];
    for (const term of terms) expect(matrixIds(`search=${encodeURIComponent(term)}`), term).toEqual(expected(term));
    expect(matrixIds('search=MA0').length).toBeGreaterThan(1);
    expect(matrixIds(`search=${encodeURIComponent(terms[4]!)}`)).toEqual([]);
  });
});

describe('the search index (issue 47) finds what the scan finds, on the sample', () => {
  it('every substring of every name, base id and collection, and some that match nothing, in every list order', async () => {
    const release = await sampleRelease();
    const index = indexData(indexRelease(release)) as IndexData;
    const [scanned, indexed] = [foldIndex(index, false), foldIndex(index, true)];
    expect(scanned.trigrams).toBeNull();
    expect(indexed.trigrams).not.toBeNull();
    const list = resourceSpec('matrix-list');
    const needles = new Set(['zz', 'xyzzy', 'é', '::', '']);
    for (const m of release.matrices)
      for (const text of [m.name, m.baseId, m.collection])
        for (let i = 0; i < text.length; i++) for (let j = i + 1; j <= text.length; j++) needles.add(text.slice(i, j));
    let compared = 0;
    for (const order of Object.keys(index.lists['matrix-list'])) {
      const all = index.lists['matrix-list'][order]!;
      for (const needle of needles) {
        const filters = readParams(list, `search=${encodeURIComponent(needle)}`, null).filters;
        expect(Array.from(filterItems(index, list, all, filters, indexed)), `${order} ${needle}`).toEqual(
          Array.from(filterItems(index, list, all, filters, scanned)),
        );
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(500);
  });
});
