import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ARNT_PFM, testMatrix } from '../../test/support/matrices.js';
import { INDEX_GLOBAL, SEARCH_FIELDS, type SearchIndex } from '../formats/html/search-data.js';
import { SEARCH_FILES } from '../formats/html/runtime-safe/search-box.js';
import type { Release } from '../model/types.js';
import { libraryFile, minisearchLibrary, searchFiles } from './search-files.js';
import { searchDocument, searchIndex, searchIndexScript } from './search-index.js';

const arnt = testMatrix('MA0004.1', 'Arnt', ARNT_PFM, {
  key: 9232,
  annotations: [
    { tag: 'family', value: 'PAS domain factors' },
    { tag: 'class', value: 'Basic helix-loop-helix factors (bHLH)' },
    { tag: 'tax_group', value: 'vertebrates' },
  ],
  species: [
    { taxId: '10090', name: 'Mus musculus' },
    { taxId: '-', name: null },
  ],
});
/** Values a page must show as text: markup, a script end, JSON's odd characters. */
const odd = testMatrix('MA9999.1', '</script><b>x</b> "q" \\ \u2028', ARNT_PFM, { collection: 'CNE' });
const release: Release = {
  info: { name: 'JASPAR2016', year: 2016 },
  matrices: [arnt, odd],
  tffms: [],
  tffmFiles: new Map(),
};

/** The value the index script assigns, as a browser would get it. */
function run(script: string): SearchIndex {
  const window: Record<string, unknown> = {};
  new Function('window', script)(window);
  return window[INDEX_GLOBAL] as SearchIndex;
}

describe('search index', () => {
  it('holds a matrix as id, name, collection, classes, families, species, detail path', () => {
    expect(searchDocument(arnt, false)).toEqual([
      'MA0004.1',
      'Arnt',
      'CORE',
      ['Basic helix-loop-helix factors (bHLH)'],
      ['PAS domain factors'],
      ['Mus musculus', '-'],
      'files/api/matrix/MA0004.1.html',
    ]);
  });

  it('gives the detail page as a file in a full build, as the API URL the runtime answers in a compact one', () => {
    expect(searchDocument(arnt, false).at(-1)).toBe('files/api/matrix/MA0004.1.html');
    expect(searchDocument(arnt, true).at(-1)).toBe('api/v1/matrix/MA0004.1/?format=api');
  });

  it('is a script assigning the index, every value intact, every matrix in release order', () => {
    const index = run(searchIndexScript(searchIndex(release, false)));
    expect(index.release).toBe('JASPAR2016');
    expect(index.fields).toEqual([...SEARCH_FIELDS]);
    expect(index.docs.map((d) => d[0])).toEqual(['MA0004.1', 'MA9999.1']);
    expect(index.docs[1]![1]).toBe(odd.name);
  });

  it('writes the same bytes for the same release, one document a line', () => {
    const a = searchIndexScript(searchIndex(release, false));
    expect(searchIndexScript(searchIndex({ ...release, matrices: [...release.matrices] }, false))).toBe(a);
    expect(a.split('\n').filter((l) => l.startsWith('["'))).toHaveLength(2);
    expect(a.endsWith('};\n')).toBe(true);
  });
});

describe('search files', () => {
  const lib = minisearchLibrary();

  it('copies the pinned minisearch browser bundle with its licence', () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    expect(pkg.dependencies.minisearch).toBe(lib.version);
    expect(lib.licence).toContain('Luca Ongaro');
    const file = libraryFile(lib);
    expect(file.startsWith(`/*! MiniSearch ${lib.version} | MIT License`)).toBe(true);
    expect(file).not.toContain('sourceMappingURL');
    expect(file).toContain('global.MiniSearch = factory()');
  });

  it('writes the script, the library, its licence and the index into the static folder', () => {
    const files = searchFiles(release, false, lib);
    expect(files.map((f) => f.path)).toEqual([
      SEARCH_FILES.client,
      SEARCH_FILES.library,
      SEARCH_FILES.licence,
      SEARCH_FILES.index,
    ]);
    expect(files.every((f) => f.path.startsWith('static/search/'))).toBe(true);
    expect(run(files[3]!.content).docs).toHaveLength(2);
  });

  it('finds a matrix by name, id, class, family, species and collection with the library as the page uses it', async () => {
    const { default: MiniSearch } = await import('minisearch');
    const data = searchIndex(release, false);
    const at = (field: string): number => (SEARCH_FIELDS as readonly string[]).indexOf(field);
    const engine = new MiniSearch<{ n: number }>({
      idField: 'n',
      fields: [...SEARCH_FIELDS],
      extractField: (doc, field) => {
        if (field === 'n') return String(doc.n);
        const v = data.docs[doc.n]![at(field)]!;
        return Array.isArray(v) ? v.join(' ') : (v as string);
      },
      searchOptions: { prefix: true, combineWith: 'AND' },
    });
    engine.addAll(data.docs.map((_, n) => ({ n })));
    const ids = (q: string): string[] => engine.search(q).map((r) => data.docs[Number(r.id)]![0]);
    for (const q of ['arnt', 'MA0004.1', 'MA0004', 'bHLH', 'helix-loop-helix', 'PAS domain', 'mus musculus', 'musc'])
      expect(ids(q), q).toEqual(['MA0004.1']);
    expect(ids('CNE')).toEqual(['MA9999.1']);
  });
});
