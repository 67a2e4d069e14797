/**
 * The search index's shape, shared by the build that writes it (src/site/search-index.ts) and
 * the script that reads it (search-client.ts). The index is a script assigning one global, so a
 * page opened from `file://` can load it with a `<script>` tag.
 */

/** The global the index script assigns. */
export const INDEX_GLOBAL = 'JASPAR_SEARCH';

/** The searchable fields of a document, in document order (the detail page's path follows). */
export const SEARCH_FIELDS = ['id', 'name', 'collection', 'class', 'family', 'species'] as const;

/**
 * One matrix: id, name, collection, its TF classes, families and species (names, or tax ids
 * where the release has no name), then the path of its detail page from the site root.
 */
export type SearchDocument = readonly [
  id: string,
  name: string,
  collection: string,
  classes: readonly string[],
  families: readonly string[],
  species: readonly string[],
  path: string,
];

/** What the index script assigns to {@link INDEX_GLOBAL}. */
export interface SearchIndex {
  readonly release: string;
  readonly fields: typeof SEARCH_FIELDS;
  readonly docs: readonly SearchDocument[];
}
