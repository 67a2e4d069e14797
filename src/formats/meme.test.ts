import { describe, expect, it } from 'vitest';
import type { Matrix } from '../model/types.js';
import { ARNT_PFM, testMatrix as matrix } from '../../test/support/matrices.js';
import type { MatrixTextContext } from './matrix-text.js';
import { MEME_HEADER } from '../api/formats.js';
import { renderMatrices, renderMatrix } from './meme.js';

const ctx: MatrixTextContext = { baseUrl: 'http://jaspar.genereg.net', year: 2018 };

const arnt = matrix('MA0004.1', 'Arnt', ARNT_PFM);

const HEADER =
  'MEME version 4\n\nALPHABET= ACGT\n\nstrands: + -\n\n' +
  'Background letter frequencies\nA 0.25 C 0.25 G 0.25 T 0.25\n\n';

const ARNT =
  'MOTIF MA0004.1 Arnt\n' +
  'letter-probability matrix: alength= 4 w= 6 nsites= 20 E= 0\n' +
  ' 0.200000  0.800000  0.000000  0.000000\n' +
  ' 0.950000  0.000000  0.050000  0.000000\n' +
  ' 0.000000  1.000000  0.000000  0.000000\n' +
  ' 0.000000  0.000000  1.000000  0.000000\n' +
  ' 0.000000  0.000000  0.000000  1.000000\n' +
  ' 0.000000  0.000000  1.000000  0.000000\n' +
  'URL http://jaspar.genereg.net/matrix/MA0004.1\n' +
  '\n';

const rows = (m: Matrix): string[] =>
  renderMatrix(m, ctx)
    .split('\n')
    .slice(2, 2 + m.pfm.A.length);

describe('meme format', () => {
  it('renders the contract example MA0004.1 Arnt byte for byte', () => {
    expect(MEME_HEADER).toBe(HEADER);
    expect(renderMatrix(arnt, ctx)).toBe(ARNT);
    expect(renderMatrices([arnt], ctx)).toBe(HEADER + ARNT);
  });

  it('writes the header once, then every motif', () => {
    const other = matrix('MA0006.1', 'Ahr::Arnt', { A: [1], C: [1], G: [1], T: [1] });
    expect(renderMatrices([arnt, other], ctx)).toBe(HEADER + ARNT + renderMatrix(other, ctx));
  });

  it('uses the base URL as given', () => {
    const block = renderMatrix(arnt, { baseUrl: 'https://jaspar.example.org', year: null });
    expect(block.endsWith('URL https://jaspar.example.org/matrix/MA0004.1\n\n')).toBe(true);
  });

  it('divides every column by its own total; nsites is the integer part of the first total', () => {
    const m = matrix('MA0265.1', 'ABF1', {
      A: [11, 41, 12, 61.75],
      C: [41, 0, 25, 0],
      G: [4, 57, 9, 0.25],
      T: [44, 0, 55, 38],
    });
    expect(renderMatrix(m, ctx).split('\n')[1]).toBe('letter-probability matrix: alength= 4 w= 4 nsites= 100 E= 0');
    expect(rows(m)).toEqual([
      ' 0.110000  0.410000  0.040000  0.440000',
      ' 0.418367  0.000000  0.581633  0.000000', // total 98 (JASPAR's own 2018 MEME file)
      ' 0.118812  0.247525  0.089109  0.544554', // total 101
      ' 0.617500  0.000000  0.002500  0.380000', // total 100, decimals
    ]);
  });

  it('takes the integer part of a fractional first-column total for nsites', () => {
    const m = matrix('MA9003.1', 'frac', { A: [61.75], C: [0.5], G: [0], T: [0.6] });
    expect(renderMatrix(m, ctx).split('\n')[1]).toContain(' nsites= 62 E= 0');
  });

  it('rounds %.6f half to even on the exact binary value', () => {
    // 1/64 = 0.015625 and 3/64 = 0.046875 are exact ties at the 7th decimal.
    const m = matrix('MA9004.1', 'ties', { A: [1], C: [3], G: [60], T: [0] });
    expect(rows(m)).toEqual([' 0.015625  0.046875  0.937500  0.000000']);
    // 1/2,000,000 = 0.0000005 sits at a tie and goes down, as in Python: the row sums to 0.999999.
    const t = matrix('MA9005.1', 'ties', { A: [1], C: [1], G: [2_000_000 - 2], T: [0] });
    expect(rows(t)).toEqual([' 0.000000  0.000000  0.999999  0.000000']);
    const h = matrix('MA9006.1', 'half', { A: [1], C: [127], G: [0], T: [0] });
    // 1/128 = 0.0078125: tie, rounds to even 0.007812; 127/128 = 0.9921875 → 0.992188.
    expect(rows(h)).toEqual([' 0.007812  0.992188  0.000000  0.000000']);
  });

  it('handles counts of 1,000,000 and more', () => {
    const m = matrix('MA9007.1', 'big', { A: [3_000_000], C: [1_000_000], G: [0], T: [0] });
    expect(renderMatrix(m, ctx).split('\n')[1]).toContain(' nsites= 4000000 E= 0');
    expect(rows(m)).toEqual([' 0.750000  0.250000  0.000000  0.000000']);
  });

  it('writes a zero-total column as uniform 0.25', () => {
    const m = matrix('MA9008.1', 'gap', { A: [5, 0], C: [5, 0], G: [0, 0], T: [0, 0] });
    expect(rows(m)).toEqual([' 0.500000  0.500000  0.000000  0.000000', ' 0.250000  0.250000  0.250000  0.250000']);
  });

  it('renders a zero-column matrix with w= 0 nsites= 0 and no rows', () => {
    const m = matrix('MA9002.1', 'empty', { A: [], C: [], G: [], T: [] });
    expect(renderMatrix(m, ctx)).toBe(
      'MOTIF MA9002.1 empty\n' +
        'letter-probability matrix: alength= 4 w= 0 nsites= 0 E= 0\n' +
        'URL http://jaspar.genereg.net/matrix/MA9002.1\n\n',
    );
  });

  it('keeps names as they are: ::, (var.2), UTF-8', () => {
    const one = { A: [1], C: [0], G: [0], T: [0] };
    for (const name of ['MAX::MYC', 'MZF1(var.2)', 'Krüppel']) {
      const block = renderMatrix(matrix('MA0100.2', name, one), ctx);
      expect(block.split('\n')[0]).toBe(`MOTIF MA0100.2 ${name}`);
    }
  });

  it('gives exactly "No PFM data available" for an empty list, without the header', () => {
    expect(renderMatrices([], ctx)).toBe('No PFM data available');
  });
});
