/**
 * A profile's records for the analysis page (contract §11): its counts and its detail answers
 * in the four formats a selection downloads in (`jaspar`, `meme`, `transfac`, `pfm`: the copy's
 * own §5 answers, made by the same renderers), in scripts adding entries to a global, so the
 * page loads the profiles it was given from `file://` too. Pure.
 */
import * as jaspar from '../formats/jaspar.js';
import type { MatrixTextContext, MatrixTextRenderer } from '../formats/matrix-text.js';
import * as meme from '../formats/meme.js';
import * as pfm from '../formats/pfm.js';
import * as transfac from '../formats/transfac.js';
import type { Matrix } from '../model/types.js';
import { PORTAL_SCRIPTS } from './paths.js';

/** The global the record scripts add to: matrix id → record. */
export const RECORDS_GLOBAL = 'JASPAR_RECORDS';

/** The formats of a selection's download, in the page's order. */
export const RECORD_FORMATS = ['jaspar', 'meme', 'transfac', 'pfm'] as const;
export type RecordFormat = (typeof RECORD_FORMATS)[number];

const RENDER: Readonly<Record<RecordFormat, MatrixTextRenderer>> = { jaspar, meme, transfac, pfm };

/** What a record script holds. */
export interface ProfileRecord {
  readonly id: string;
  readonly name: string;
  readonly counts: {
    readonly A: readonly number[];
    readonly C: readonly number[];
    readonly G: readonly number[];
    readonly T: readonly number[];
  };
  readonly files: Readonly<Record<RecordFormat, string>>;
}

/**
 * The record script holding the record of `matrixId`: one script per ten base ids (`MA0101.2` and
 * every version of MA0100–MA0109 in `records/MA010.js`), so a release's thousands of profiles are
 * a few hundred files (Cloudflare counts a site's files: docs/hosting.md) and a page still loads
 * little more than the profiles it was given.
 */
export function recordScriptFile(matrixId: string): string {
  const base = matrixId.split('.')[0]!;
  return `${PORTAL_SCRIPTS}/records/${base.length > 1 ? base.slice(0, -1) : base}.js`;
}

export function profileRecord(m: Matrix, ctx: MatrixTextContext): ProfileRecord {
  const files = {} as Record<RecordFormat, string>;
  for (const f of RECORD_FORMATS) files[f] = RENDER[f].renderMatrices([m], ctx);
  return { id: m.matrixId, name: m.name, counts: { A: m.pfm.A, C: m.pfm.C, G: m.pfm.G, T: m.pfm.T }, files };
}

/**
 * The script of the records of `matrices` (those of one {@link recordScriptFile}, in release
 * order): one line each. Loaded with `src`, never inlined: markup in a value cannot end a script.
 */
export function recordScript(matrices: readonly Matrix[], ctx: MatrixTextContext): string {
  const g = `window.${RECORDS_GLOBAL}`;
  return `${g}=${g}||{};\n${matrices.map((m) => `${g}[${JSON.stringify(m.matrixId)}]=${JSON.stringify(profileRecord(m, ctx))};\n`).join('')}`;
}
