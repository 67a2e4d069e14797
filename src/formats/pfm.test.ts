import { describe, expect, it } from 'vitest';
import { ARNT_PFM, testMatrix as matrix } from '../../test/support/matrices.js';
import type { MatrixTextContext } from './matrix-text.js';
import { renderMatrices, renderMatrix } from './pfm.js';

const ctx: MatrixTextContext = { baseUrl: 'http://jaspar.genereg.net', year: null };

const arnt = matrix('MA0004.1', 'Arnt', ARNT_PFM);

const ARNT =
  '>MA0004.1 Arnt\n' +
  '  4.00  19.00   0.00   0.00   0.00   0.00\n' +
  ' 16.00   0.00  20.00   0.00   0.00   0.00\n' +
  '  0.00   1.00   0.00  20.00   0.00  20.00\n' +
  '  0.00   0.00   0.00   0.00  20.00   0.00\n';

describe('pfm format', () => {
  it('renders the contract example MA0004.1 Arnt byte for byte', () => {
    expect(renderMatrix(arnt, ctx)).toBe(ARNT);
    expect(renderMatrices([arnt], ctx)).toBe(ARNT);
  });

  it('concatenates a list without separators', () => {
    const other = matrix('MA0006.1', 'Ahr::Arnt', { A: [1], C: [2], G: [3], T: [4] });
    expect(renderMatrices([arnt, other], ctx)).toBe(`${ARNT}>MA0006.1 Ahr::Arnt\n  1.00\n  2.00\n  3.00\n  4.00\n`);
  });

  it('rounds %6.2f on the exact binary value, ties to even', () => {
    // 0.125 and 0.375 are exact ties; 61.755 and 2.675 are just below their ties in binary.
    const m = matrix('MA9000.1', 'x', {
      A: [0.125, 0.375, 61.755, 2.675, 0.005, 61.75],
      C: [0, 0, 0, 0, 0, 0],
      G: [0, 0, 0, 0, 0, 0],
      T: [0, 0, 0, 0, 0, 0],
    });
    expect(renderMatrix(m, ctx).split('\n')[1]).toBe('  0.12   0.38  61.76   2.67   0.01  61.75');
  });

  it('lets values of 1,000,000 and more overflow the width', () => {
    const m = matrix('MA9001.1', 'big', { A: [1_000_000, 1], C: [0, 0], G: [0, 0], T: [0, 0] });
    expect(renderMatrix(m, ctx).split('\n')[1]).toBe('1000000.00   1.00');
  });

  it('keeps names as they are: ::, (var.2), UTF-8, spaces', () => {
    const one = { A: [1], C: [0], G: [0], T: [0] };
    for (const name of ['MAX::MYC', 'MZF1(var.2)', 'Krüppel', 'ETS class']) {
      const block = renderMatrix(matrix('MA0100.2', name, one), ctx);
      expect(block.split('\n')[0]).toBe(`>MA0100.2 ${name}`);
    }
  });

  it('renders a zero-column matrix as its header and four empty lines', () => {
    const m = matrix('MA9002.1', 'empty', { A: [], C: [], G: [], T: [] });
    expect(renderMatrix(m, ctx)).toBe('>MA9002.1 empty\n\n\n\n\n');
  });

  it('gives exactly "No PFM data available" for an empty list', () => {
    expect(renderMatrices([], ctx)).toBe('No PFM data available');
  });
});
