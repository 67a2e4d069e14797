/**
 * Searches of the web site (contract §10) made from a release's own values, so every parameter
 * meets data it matches: `q` over names, base ids, annotation text, a UniProt accession, a tax id
 * and a species name; each filter; `collection` (absent, empty, all, lower case, unknown);
 * `version=latest`; pages and page sizes at their edges. Deterministic: the same release gives the
 * same list.
 */
import type { Release } from '../../src/model/types.js';
import type { Params } from './portal-oracle.js';

const first = <T>(xs: readonly T[]): T | undefined => xs[0];

/** The searches for `release` (at least 40 for the sample). */
export function portalCases(release: Release): Params[] {
  const ms = release.matrices;
  const ann = (tag: string) =>
    [...new Set(ms.flatMap((m) => m.annotations.filter((a) => a.tag === tag).map((a) => a.value)))].sort();
  const named = ms.find((m) => m.name.length >= 4) ?? ms[0]!;
  const acc = first(ms.flatMap((m) => m.uniprotIds)) ?? 'P00000';
  const species = ms.flatMap((m) => m.species).find((s) => s.name !== null);
  const taxId = species?.taxId ?? '9606';
  const speciesWord = species?.name?.split(' ')[1] ?? 'sapiens';
  const classes = ann('class');
  const families = ann('family');
  const types = ann('type');
  const groups = ann('tax_group');
  const longAnnotation = ms.flatMap((m) => m.annotations).find((a) => a.value.length > 6)?.value ?? 'zinc';
  const baseDigits = named.baseId.slice(0, 4);
  const cases: Params[] = [
    {},
    { q: '' },
    { q: named.name.slice(1, 4).toLowerCase() },
    { q: named.name.toUpperCase(), collection: 'all' },
    { q: baseDigits },
    { q: baseDigits.toLowerCase(), collection: 'all' },
    { q: longAnnotation.slice(2, 6), collection: 'all' },
    { q: longAnnotation.slice(0, 5).toUpperCase() },
    { q: acc },
    { q: acc, collection: 'all' },
    { q: acc.toLowerCase(), collection: 'all' },
    { q: taxId, collection: 'all' },
    { q: speciesWord, collection: 'all' },
    { q: speciesWord.toUpperCase() },
    { q: speciesWord, collection: 'all', version: 'latest' },
    { q: '', collection: 'all', version: 'latest' },
    { q: '', collection: 'all', version: 'all' },
    { q: '', collection: '' },
    { q: '', collection: 'cne' },
    { q: '', collection: 'CNE' },
    { q: '', collection: 'nothing' },
    { q: '', collection: 'All' },
    { q: 'zzzz-nothing', collection: 'all' },
    { q: '', collection: 'all', tax_id: taxId },
    { q: '', collection: 'all', tax_id: 'all' },
    { q: '', collection: 'all', tax_id: '' },
    {
      q: 'a',
      collection: 'all',
      tax_group: 'all',
      tax_id: taxId,
      type: 'all',
      class: 'all',
      family: 'all',
      version: 'all',
    },
    ...groups.slice(0, 3).map((g) => ({ q: '', tax_group: g })),
    { q: '', tax_group: (groups[0] ?? 'vertebrates').toUpperCase() },
    ...types.slice(0, 3).map((t) => ({ q: '', collection: 'all', type: t })),
    ...classes.slice(0, 3).map((c) => ({ q: '', collection: 'all', class: c })),
    ...families.slice(0, 3).map((f) => ({ q: '', collection: 'all', family: f })),
    { q: '', collection: 'all', class: (classes[0] ?? 'x').toLowerCase() },
    { q: 'a', collection: 'all', page: '2' },
    { q: 'a', collection: 'all', page: '2', page_size: '3' },
    { q: '', collection: 'all', page: '0' },
    { q: '', collection: 'all', page: '-1', page_size: '5' },
    { q: '', collection: 'all', page: '999' },
    { q: '', collection: 'all', page: 'x' },
    { q: '', collection: 'all', page: '1.5' },
    { q: '', collection: 'all', page_size: '1' },
    { q: '', collection: 'all', page_size: '1000' },
    { q: '', collection: 'all', page_size: '1001' },
    { q: '', collection: 'all', page_size: '0' },
    { q: '', collection: 'all', page_size: '' },
    { q: '', collection: 'all', page_size: 'x', page: '2' },
    { q: 'e', collection: 'all', version: 'latest', page_size: '4', page: '3' },
  ];
  return cases;
}

/** A case as a query string. */
export const queryOf = (p: Params): string => new URLSearchParams(p as Record<string, string>).toString();
