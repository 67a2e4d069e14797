/**
 * Where sequence logos live in the site (contract §2): `static/logos/svg/<matrix_id>.svg`
 * and the reverse complement beside it as `<matrix_id>.rc.svg`. The asset writer and the
 * HTML pages both call this, so the two cannot disagree.
 */
import { isSafeSegment } from '../segments.js';

/** Folder of the logos, relative to the site root. */
export const LOGO_DIR = 'static/logos/svg';

/** Which strand a logo shows: the matrix as given, or its reverse complement. */
export type Strand = 'forward' | 'reverse';

/** The site file of a matrix's logo on one strand. */
export function logoFile(matrixId: string, strand: Strand): string {
  if (!isSafeSegment(matrixId)) throw new Error(`unsafe matrix id "${matrixId}"`);
  return `${LOGO_DIR}/${matrixId}${strand === 'reverse' ? '.rc' : ''}.svg`;
}
