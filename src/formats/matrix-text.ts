/**
 * What the matrix text formats (jaspar, pfm, transfac, meme) share: their context, the body of an
 * empty list, and the column view of a PFM. Each format is one module with the same two verbs,
 * `renderMatrix` and `renderMatrices` (see {@link MatrixTextRenderer}).
 */
import type { Matrix, Pfm } from '../model/types.js';
import { flat } from './flat.js';
import { NO_PFM_DATA } from './list-frames.js';

/** What a matrix text renderer needs to know beyond the matrix itself. */
export interface MatrixTextContext {
  /** Deployment base address without trailing slash, e.g. `http://jaspar.genereg.net`. */
  readonly baseUrl: string;
  /** Release year (selects the TRANSFAC layout); null when unknown. */
  readonly year: number | null;
}

/** The verbs every matrix text format module exports. */
export interface MatrixTextRenderer {
  /** One matrix's block, exactly as it appears inside a response body. */
  readonly renderMatrix: (m: Matrix, ctx: MatrixTextContext) => string;
  /** A whole response body: a detail is `[m]`, a list page is the page's matrices. */
  readonly renderMatrices: (ms: readonly Matrix[], ctx: MatrixTextContext) => string;
}

/** One PFM column: the counts of A, C, G and T at one position. */
export type Column = readonly [a: number, c: number, g: number, t: number];

/**
 * The PFM as columns, in position order. Throws when the four rows differ in length: the model
 * promises they do not, and a silently padded matrix would be wrong data.
 */
export function pfmColumns(pfm: Pfm): Column[] {
  const { A, C, G, T } = pfm;
  const n = A.length;
  if (C.length !== n || G.length !== n || T.length !== n) {
    const lengths = `A ${n}, C ${C.length}, G ${G.length}, T ${T.length}`;
    throw new Error(`PFM rows differ in length: ${lengths}`);
  }
  const columns: Column[] = [];
  for (let i = 0; i < n; i++) columns.push([A[i] ?? 0, C[i] ?? 0, G[i] ?? 0, T[i] ?? 0]);
  return columns;
}

/** Blocks already rendered, by renderer, then matrix: each for the context it was made in. */
const BLOCKS = new WeakMap<
  MatrixTextRenderer['renderMatrix'],
  WeakMap<Matrix, { readonly at: string; readonly block: string }>
>();

/**
 * One matrix's block from `renderMatrix`, made once per matrix and context: a build renders each
 * matrix in each text format for its list records, its detail, the web site's profile and the
 * download bundles. The block is kept flat (flat.ts), as every body copies it.
 */
export function matrixBlock(
  m: Matrix,
  ctx: MatrixTextContext,
  renderMatrix: (m: Matrix, ctx: MatrixTextContext) => string,
): string {
  let blocks = BLOCKS.get(renderMatrix);
  if (blocks === undefined) BLOCKS.set(renderMatrix, (blocks = new WeakMap()));
  const at = `${ctx.baseUrl}\n${ctx.year}`;
  const kept = blocks.get(m);
  if (kept !== undefined && kept.at === at) return kept.block;
  const block = renderMatrix(m, ctx);
  flat(block);
  blocks.set(m, { at, block });
  return block;
}

/**
 * A list body: `header` then every matrix's block, or {@link NO_PFM_DATA} when there is none.
 */
export function concatMatrices(
  ms: readonly Matrix[],
  ctx: MatrixTextContext,
  renderMatrix: (m: Matrix, ctx: MatrixTextContext) => string,
  header = '',
): string {
  if (ms.length === 0) return NO_PFM_DATA;
  let body = header;
  for (const m of ms) body += matrixBlock(m, ctx, renderMatrix);
  return body;
}
