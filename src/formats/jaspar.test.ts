import { describe, expect, it } from 'vitest';
import { ARNT_PFM, testMatrix as matrix } from '../../test/support/matrices.js';
import { renderMatrices, renderMatrix } from './jaspar.js';
import type { MatrixTextContext } from './matrix-text.js';

const ctx: MatrixTextContext = { baseUrl: 'http://jaspar.genereg.net', year: 2018 };

const arnt = matrix('MA0004.1', 'Arnt', ARNT_PFM);

const ARNT =
  '>MA0004.1\tArnt\n' +
  'A  [     4     19      0      0      0      0 ]\n' +
  'C  [    16      0     20      0      0      0 ]\n' +
  'G  [     0      1      0     20      0     20 ]\n' +
  'T  [     0      0      0      0     20      0 ]\n';

describe('jaspar format', () => {
  it('renders the contract example MA0004.1 Arnt byte for byte', () => {
    expect(renderMatrix(arnt, ctx)).toBe(ARNT);
    expect(renderMatrices([arnt], ctx)).toBe(ARNT);
  });

  it('concatenates a list without separators', () => {
    const other = matrix('MA0006.1', 'Ahr::Arnt', { A: [1], C: [2], G: [3], T: [4] });
    expect(renderMatrices([arnt, other], ctx)).toBe(ARNT + renderMatrix(other, ctx));
  });

  it('rounds %6.0f half to even on the exact binary value', () => {
    const m = matrix('MA9000.1', 'x', {
      A: [0.5, 1.5, 2.5, 3.5],
      C: [0.49999999999999994, 2.5000000000000004, 61.75, 1e-7],
      G: [0, 0, 0, 0],
      T: [0, 0, 0, 0],
    });
    const lines = renderMatrix(m, ctx).split('\n');
    expect(lines[1]).toBe('A  [     0      2      2      4 ]');
    expect(lines[2]).toBe('C  [     0      3     62      0 ]');
  });

  it('lets values of 1,000,000 and more overflow the width', () => {
    const m = matrix('MA9001.1', 'big', {
      A: [1_000_000, 12_345_678.5],
      C: [999_999.5, 1],
      G: [0, 0],
      T: [0, 0],
    });
    const lines = renderMatrix(m, ctx).split('\n');
    expect(lines[1]).toBe('A  [1000000 12345678 ]');
    expect(lines[2]).toBe('C  [1000000      1 ]');
  });

  it('keeps names as they are: ::, (var.2), UTF-8', () => {
    const one = { A: [1], C: [0], G: [0], T: [0] };
    for (const name of ['MAX::MYC', 'MZF1(var.2)', 'Krüppel', 'ETS class']) {
      const block = renderMatrix(matrix('MA0100.2', name, one), ctx);
      expect(block.split('\n')[0]).toBe(`>MA0100.2\t${name}`);
    }
  });

  it('renders a zero-column matrix as its header and four empty bracket rows', () => {
    const m = matrix('MA9002.1', 'empty', { A: [], C: [], G: [], T: [] });
    expect(renderMatrix(m, ctx)).toBe('>MA9002.1\tempty\nA  [ ]\nC  [ ]\nG  [ ]\nT  [ ]\n');
  });

  it('gives exactly "No PFM data available" for an empty list', () => {
    expect(renderMatrices([], ctx)).toBe('No PFM data available');
  });
});
