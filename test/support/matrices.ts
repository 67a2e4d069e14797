/** Building `Matrix` values for renderer tests, and the contract's worked example. */
import type { Matrix } from '../../src/model/types.js';

/** A matrix with defaults for everything a test does not care about. */
export function testMatrix(matrixId: string, name: string, pfm: Matrix['pfm'], extra: Partial<Matrix> = {}): Matrix {
  const [baseId = '', version = '1'] = matrixId.split('.');
  return {
    key: 1,
    matrixId,
    baseId,
    version: Number(version),
    collection: 'CORE',
    name,
    pfm,
    annotations: [],
    uniprotIds: [],
    species: [],
    sites: null,
    ...extra,
  };
}

/** MA0004.1 Arnt, the contract's example (§5). */
export const ARNT_PFM: Matrix['pfm'] = {
  A: [4, 19, 0, 0, 0, 0],
  C: [16, 0, 20, 0, 0, 0],
  G: [0, 1, 0, 20, 0, 20],
  T: [0, 0, 0, 0, 20, 0],
};
