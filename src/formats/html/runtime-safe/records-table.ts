/**
 * The table of records on a list page (and on a versions page): records of one kind have fixed
 * columns — their fields that are not URLs, then a logo thumbnail for matrices — so the head
 * comes from this table and each row from the record's fragment. Runtime-safe subset.
 */
import type { ItemKind } from '../../../api/resources.js';

/** The columns of a kind of record. */
export interface RecordColumns {
  /** Fields shown as they are, in record order; the first links to the record's page. */
  readonly plain: readonly string[];
  /** The field whose logo is shown as a thumbnail in a last column, or null. */
  readonly logo: string | null;
}

/** Per kind of list record (contract §3–4; a test checks them against the records). */
export const RECORD_COLUMNS: { readonly [K in ItemKind]: RecordColumns } = {
  matrix: { plain: ['matrix_id', 'name', 'collection', 'base_id', 'version'], logo: 'sequence_logo' },
  tffm: {
    plain: [
      'tffm_id',
      'name',
      'base_id',
      'version',
      'matrix_base_id',
      'matrix_version',
      'matrix_id',
      'log_p_1st_order',
      'log_p_detailed',
      'experiment_name',
    ],
    logo: null,
  },
  collection: { plain: ['name'], logo: null },
  taxon: { plain: ['name'], logo: null },
  species: { plain: ['tax_id', 'species'], logo: null },
  release: {
    plain: ['release_number', 'year', 'active', 'pubmed_id', 'website', 'name', 'matrices', 'tffms'],
    logo: null,
  },
};

/** "1 record", "34 records". */
export const recordCount = (n: number): string => `${n} record${n === 1 ? '' : 's'}`;

/** The table of `rows` (each `<tr>…</tr>`) of records of `kind`, or a note when there are none. */
export function recordsTable(kind: ItemKind, rows: readonly string[]): string {
  if (rows.length === 0) return '<p class="muted">No results.</p>';
  const cols = RECORD_COLUMNS[kind];
  let head = '';
  for (let i = 0; i < cols.plain.length; i++) head += `<th>${cols.plain[i]!}</th>`;
  if (cols.logo !== null) head += '<th>logo</th>';
  return `<div class="scroll"><table class="records"><thead><tr>${head}</tr></thead><tbody>${rows.join('')}</tbody></table></div>`;
}
