/**
 * The search index of a release (docs/html.md, "Search"): one document per matrix, made from
 * the model, with the path of its detail page from the site root as the HTML links compute it
 * (a typed route through the path function: the page's file in a full build, its API URL in a
 * compact one). Written as a script assigning one global, so pages load it from `file://`.
 * Pure: same release, same bytes.
 */
import { BROWSABLE_FORMAT } from '../api/formats.js';
import type { Matrix, Release } from '../model/types.js';
import { targetPath } from '../formats/html/runtime-safe/links.js';
import { INDEX_GLOBAL, SEARCH_FIELDS, type SearchDocument, type SearchIndex } from '../formats/html/search-data.js';

const tagValues = (m: Matrix, tag: string): string[] => m.annotations.filter((a) => a.tag === tag).map((a) => a.value);

/** The document of one matrix; `compact` as for HTML links (links.ts). */
export function searchDocument(m: Matrix, compact: boolean): SearchDocument {
  const path = targetPath(
    { route: { kind: 'detail', resource: 'matrix-detail', params: { id: m.matrixId }, format: BROWSABLE_FORMAT } },
    compact,
  );
  return [
    m.matrixId,
    m.name,
    m.collection,
    tagValues(m, 'class'),
    tagValues(m, 'family'),
    m.species.map((s) => s.name ?? s.taxId),
    path,
  ];
}

/** The index of every matrix of the release, in the release's order. */
export function searchIndex(release: Release, compact: boolean): SearchIndex {
  return {
    release: release.info.name,
    fields: SEARCH_FIELDS,
    docs: release.matrices.map((m) => searchDocument(m, compact)),
  };
}

/**
 * The index as a script: one document a line, so a diff of two releases' indexes reads well.
 * JSON text is a JavaScript expression (U+2028 and U+2029 included, since ES2019); the file is
 * loaded with `src`, never inlined into a page, so markup in a value cannot end a script.
 */
export function searchIndexScript(index: SearchIndex): string {
  const docs = index.docs.map((d) => JSON.stringify(d)).join(',\n');
  return (
    `/* jaspar-static search index: ${index.docs.length} matrices (docs/html.md). */\n` +
    `window.${INDEX_GLOBAL} = {"release":${JSON.stringify(index.release)},"fields":${JSON.stringify(index.fields)},"docs":[\n${docs}\n]};\n`
  );
}
