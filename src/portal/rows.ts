/**
 * One matrix as the site's lists show and search it (contract §10: search, collection and
 * versions rows): the facts of a row, made once by the build from the model, shipped to the
 * browser in the site's data script (data.ts), and rendered by one pure function both the build
 * (prerendered pages) and the page's script (search results) call, so a row is the same bytes
 * either way. Every value is escaped (esc) on its way into markup.
 */
import { esc } from '../formats/html/runtime-safe/escape.js';
import { LOGO_DIR } from '../logos/files.js';
import { profilePath } from './paths.js';

/**
 * A row: id, base id, version, name, collection; species tax ids and names (a name is '' where
 * the release has none); TF classes, families, taxonomic groups, data types; every annotation
 * value (any tag, each once); UniProt accessions.
 */
export type PortalRow = readonly [
  id: string,
  baseId: string,
  version: number,
  name: string,
  collection: string,
  taxIds: readonly string[],
  speciesNames: readonly string[],
  classes: readonly string[],
  families: readonly string[],
  taxGroups: readonly string[],
  types: readonly string[],
  annotations: readonly string[],
  uniprot: readonly string[],
];

/** The columns of a row table, in order (the first holds the cart's checkbox). */
export const ROW_COLUMNS = [
  'Cart',
  'ID',
  'Name',
  'Collection',
  'Species',
  'Class',
  'Family',
  'Tax group',
  'Data type',
  'Logo',
] as const;

const joined = (values: readonly string[]): string => esc(values.join(', '));

/** The species of a row as shown: names where known, else tax ids. */
export const speciesText = (row: PortalRow): string[] => row[5].map((id, i) => row[6][i] || id);

/** One `<tr>`; `root` is the way from the page to the site root. */
export function rowHtml(row: PortalRow, root: string): string {
  const id = esc(row[0]);
  return (
    `<tr data-matrix-id="${id}">` +
    `<td><label class="cart-pick"><input type="checkbox" class="cart" data-matrix-id="${id}" aria-label="Add ${id} to the cart"></label></td>` +
    `<td><a href="${esc(root + profilePath(row[0]))}">${id}</a></td>` +
    `<td>${esc(row[3])}</td>` +
    `<td>${esc(row[4])}</td>` +
    `<td>${joined(speciesText(row))}</td>` +
    `<td>${joined(row[7])}</td>` +
    `<td>${joined(row[8])}</td>` +
    `<td>${joined(row[9])}</td>` +
    `<td>${joined(row[10])}</td>` +
    `<td><img class="thumb" loading="lazy" alt="logo of ${id}" src="${esc(`${root}${LOGO_DIR}/${row[0]}.svg`)}"></td>` +
    '</tr>'
  );
}

/** The table of `rows` (its body may be empty); `state` marks results a script filled in (`data-state`). */
export function rowsTable(rows: readonly PortalRow[], root: string, state: string | null = null): string {
  const head = ROW_COLUMNS.map((c) => `<th scope="col">${c}</th>`).join('');
  const attr = state === null ? '' : ` data-state="${esc(state)}"`;
  return `<div class="scroll"><table class="rows"><thead><tr>${head}</tr></thead><tbody class="results"${attr}>${rows.map((r) => rowHtml(r, root)).join('')}</tbody></table></div>`;
}
