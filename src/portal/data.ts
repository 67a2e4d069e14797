/**
 * The data the site's pages read in the browser (search, collection pages, the cart): every
 * matrix as a row (rows.ts) and the facet values of the search form, in one script assigning one
 * global, so a page opened from `file://` loads it with a `<script>` tag where `fetch` cannot.
 * Made once per release by the build; pure, same release same bytes.
 */
import type { Matrix, Release } from '../model/types.js';
import type { PortalRow } from './rows.js';
import { PORTAL_SCRIPTS } from './paths.js';

/** The global the data script assigns. */
export const DATA_GLOBAL = 'JASPAR_PORTAL';

/** The data script's file below the site root. */
export const DATA_FILE = `${PORTAL_SCRIPTS}/data.js`;

/** The search form's choices: every value of each facet, sorted (as the 2018 `index` view lists them). */
export interface Facets {
  readonly collections: readonly string[];
  readonly taxGroups: readonly string[];
  readonly types: readonly string[];
  readonly classes: readonly string[];
  readonly families: readonly string[];
}

export interface PortalData {
  readonly release: string;
  readonly facets: Facets;
  readonly rows: readonly PortalRow[];
}

const unique = (values: readonly string[]): string[] => [...new Set(values)];
const tagValues = (m: Matrix, tag: string): string[] =>
  unique(m.annotations.filter((a) => a.tag === tag).map((a) => a.value));

/** The row of one matrix. */
export function rowOf(m: Matrix): PortalRow {
  return [
    m.matrixId,
    m.baseId,
    m.version,
    m.name,
    m.collection,
    m.species.map((s) => s.taxId),
    m.species.map((s) => s.name ?? ''),
    tagValues(m, 'class'),
    tagValues(m, 'family'),
    tagValues(m, 'tax_group'),
    tagValues(m, 'type'),
    unique(m.annotations.map((a) => a.value)),
    unique(m.uniprotIds),
  ];
}

const byCode = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
const sorted = (values: Iterable<string>): string[] => [...new Set(values)].filter((v) => v !== '').sort(byCode);

/** The facet values of `release`. */
export function facetsOf(release: Release): Facets {
  const all = (tag: string) => sorted(release.matrices.flatMap((m) => tagValues(m, tag)));
  return {
    collections: sorted(release.matrices.map((m) => m.collection)),
    taxGroups: all('tax_group'),
    types: all('type'),
    classes: all('class'),
    families: all('family'),
  };
}

/** The data of `release`. */
export function portalData(release: Release): PortalData {
  return { release: release.info.name, facets: facetsOf(release), rows: release.matrices.map(rowOf) };
}

/**
 * The data as a script: one row a line. JSON text is a JavaScript expression; the file is loaded
 * with `src`, never inlined into a page, so markup in a value cannot end a script.
 */
export function portalDataScript(data: PortalData): string {
  const { rows, ...rest } = data;
  const head = JSON.stringify(rest).slice(0, -1);
  return `/* jaspar-static: the site's rows and facets (${rows.length} matrices). */\nwindow.${DATA_GLOBAL} = ${head},"rows":[\n${rows.map((r) => JSON.stringify(r)).join(',\n')}\n]};\n`;
}
