/**
 * The `transfac` text format (contract §5): one record per matrix, counts as Python's
 * `str(float)`, positions `%02d`, every record closed by `XX` and `//` so concatenated records
 * parse. The rest follows the layout of JASPAR's own download files of the release year:
 *
 * ```
 * AC MA0004.1
 * XX
 * ID Arnt
 * XX
 * DE MA0004.1 Arnt ; From JASPAR 2018      (2019 and later: "; From JASPAR")
 * PO	A	C	G	T
 * 01	4.0	16.0	0.0	0.0
 * XX
 * CC …                                     (2019 and later, see LAYOUTS)
 * XX
 * //
 * ```
 *
 * A matrix with no columns keeps every line but the position rows (`PO` is followed by `XX`);
 * Biopython reads that as a motif of length 0.
 */
import type { Matrix } from '../model/types.js';
import type { LineTag } from '../model/values.js';
import { concatMatrices, pfmColumns } from './matrix-text.js';
import type { MatrixTextContext } from './matrix-text.js';
import { pyFloatRepr } from '../api/numbers.js';

/**
 * Where each CC field's values come from: an annotation tag, or the matrix's UniProt ids. A tag
 * is one of the model's LINE_TAGS, whose values the model refuses with a line break.
 */
const CC_SOURCES = {
  tax_group: { tag: 'tax_group' },
  tf_family: { tag: 'family' },
  tf_class: { tag: 'class' },
  pubmed_ids: { tag: 'medline' },
  uniprot_ids: { proteins: true },
  data_type: { tag: 'type' },
} as const satisfies Record<string, { tag: LineTag } | { proteins: true }>;

type CcField = keyof typeof CC_SOURCES;

interface CcBlock {
  readonly fields: readonly CcField[];
  /** One `CC` line holding every field (`; `-separated), or one `CC` line per field. */
  readonly lines: 'one' | 'each';
  /** Joins the values of one field (several `family` rows, several UniProt ids…). */
  readonly join: string;
}

interface Layout {
  /** Last release year using this layout; null for the newest (also used for an unknown year). */
  readonly upToYear: number | null;
  /** Whether the DE line ends with the year (`; From JASPAR 2018`) or not (`; From JASPAR`). */
  readonly deWithYear: boolean;
  readonly cc: CcBlock | null;
}

/**
 * JASPAR's TRANSFAC layouts by release year, oldest first. The contract names ≤2018, 2020 and
 * ≥2022; the years between releases (2019, 2021) take the next release's layout.
 */
const LAYOUTS: readonly Layout[] = [
  { upToYear: 2018, deWithYear: true, cc: null },
  {
    upToYear: 2020,
    deWithYear: false,
    cc: {
      fields: ['tax_group', 'pubmed_ids', 'uniprot_ids', 'data_type'],
      lines: 'one',
      join: ',',
    },
  },
  {
    upToYear: null,
    deWithYear: false,
    cc: {
      fields: ['tax_group', 'tf_family', 'tf_class', 'pubmed_ids', 'uniprot_ids', 'data_type'],
      lines: 'each',
      join: '; ',
    },
  },
];

function layoutFor(year: number | null): Layout {
  const found = LAYOUTS.find((l) => l.upToYear === null || (year !== null && year <= l.upToYear));
  if (found === undefined) throw new Error('LAYOUTS must end with a layout for every year');
  return found;
}

/**
 * Every value of one CC field: all rows of its tag in dump order, repeats and empty values
 * included (a dimer of two proteins of one family shows the family twice).
 */
function ccValues(m: Matrix, field: CcField): readonly string[] {
  const source: { tag: LineTag } | { proteins: true } = CC_SOURCES[field];
  if ('proteins' in source) return m.uniprotIds;
  const values: string[] = [];
  for (const a of m.annotations) if (a.tag === source.tag) values.push(a.value);
  return values;
}

function ccLines(m: Matrix, cc: CcBlock): string {
  const parts = cc.fields.map((f) => `${f}:${ccValues(m, f).join(cc.join)}`);
  return cc.lines === 'one' ? `CC ${parts.join('; ')}\n` : parts.map((p) => `CC ${p}\n`).join('');
}

/** One record, from `AC` to `//`, each line ending in a newline. */
export function renderMatrix(m: Matrix, ctx: MatrixTextContext): string {
  const layout = layoutFor(ctx.year);
  const from = layout.deWithYear && ctx.year !== null ? `From JASPAR ${ctx.year}` : 'From JASPAR';
  let record = `AC ${m.matrixId}\nXX\nID ${m.name}\nXX\nDE ${m.matrixId} ${m.name} ; ${from}\nPO\tA\tC\tG\tT\n`;
  let position = 0;
  for (const [a, c, g, t] of pfmColumns(m.pfm)) {
    position += 1;
    const po = position < 10 ? `0${position}` : String(position);
    record += `${po}\t${pyFloatRepr(a)}\t${pyFloatRepr(c)}\t${pyFloatRepr(g)}\t${pyFloatRepr(t)}\n`;
  }
  record += 'XX\n';
  if (layout.cc !== null) record += `${ccLines(m, layout.cc)}XX\n`;
  return `${record}//\n`;
}

/** A response body: the records concatenated, or `No PFM data available` for an empty list. */
export function renderMatrices(ms: readonly Matrix[], ctx: MatrixTextContext): string {
  return concatMatrices(ms, ctx, renderMatrix);
}
