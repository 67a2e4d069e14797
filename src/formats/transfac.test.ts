import { describe, expect, it } from 'vitest';
import type { Annotation, Matrix } from '../model/types.js';
import type { MatrixTextContext } from './matrix-text.js';
import { testMatrix } from '../../test/support/matrices.js';
import { renderMatrices, renderMatrix } from './transfac.js';

const base = 'http://jaspar.genereg.net';
const at = (year: number | null): MatrixTextContext => ({ baseUrl: base, year });

const matrix = (
  matrixId: string,
  name: string,
  pfm: Matrix['pfm'],
  annotations: readonly Annotation[] = [],
  uniprotIds: readonly string[] = [],
): Matrix => testMatrix(matrixId, name, pfm, { annotations, uniprotIds });

const ann = (tag: string, value: string): Annotation => ({ tag, value });

/** MA0004.1 with its JASPAR 2016 annotation rows, in dump order. */
const arnt = matrix(
  'MA0004.1',
  'Arnt',
  {
    A: [4, 19, 0, 0, 0, 0],
    C: [16, 0, 20, 0, 0, 0],
    G: [0, 1, 0, 20, 0, 20],
    T: [0, 0, 0, 0, 20, 0],
  },
  [
    ann('class', 'Basic helix-loop-helix factors (bHLH)'),
    ann('comment', '-'),
    ann('family', 'PAS domain factors'),
    ann('medline', '7592839'),
    ann('pazar_tf_id', 'TF0000003'),
    ann('tax_group', 'vertebrates'),
    ann('type', 'SELEX'),
    ann('tfe_id', '580'),
  ],
  ['P53762'],
);

const HEAD = (de: string): string =>
  `AC MA0004.1\nXX\nID Arnt\nXX\nDE MA0004.1 Arnt ; ${de}\nPO\tA\tC\tG\tT\n` +
  '01\t4.0\t16.0\t0.0\t0.0\n' +
  '02\t19.0\t0.0\t1.0\t0.0\n' +
  '03\t0.0\t20.0\t0.0\t0.0\n' +
  '04\t0.0\t0.0\t20.0\t0.0\n' +
  '05\t0.0\t0.0\t0.0\t20.0\n' +
  '06\t0.0\t0.0\t20.0\t0.0\n' +
  'XX\n';

const ARNT_2018 = `${HEAD('From JASPAR 2018')}//\n`;

const ARNT_2020 =
  HEAD('From JASPAR') +
  'CC tax_group:vertebrates; pubmed_ids:7592839; uniprot_ids:P53762; data_type:SELEX\n' +
  'XX\n//\n';

const ARNT_2022 =
  HEAD('From JASPAR') +
  'CC tax_group:vertebrates\n' +
  'CC tf_family:PAS domain factors\n' +
  'CC tf_class:Basic helix-loop-helix factors (bHLH)\n' +
  'CC pubmed_ids:7592839\n' +
  'CC uniprot_ids:P53762\n' +
  'CC data_type:SELEX\n' +
  'XX\n//\n';

const counts = { A: [1], C: [2], G: [3], T: [4] };

describe('transfac format', () => {
  it('renders the contract example in the ≤2018 layout byte for byte', () => {
    expect(renderMatrix(arnt, at(2018))).toBe(ARNT_2018);
    expect(renderMatrices([arnt], at(2018))).toBe(ARNT_2018);
    expect(renderMatrix(arnt, at(2016))).toBe(`${HEAD('From JASPAR 2016')}//\n`);
  });

  it('renders the 2020 layout: one CC line of four keys', () => {
    expect(renderMatrix(arnt, at(2020))).toBe(ARNT_2020);
  });

  it('renders the ≥2022 layout, also for an unknown year: six CC lines', () => {
    expect(renderMatrix(arnt, at(2022))).toBe(ARNT_2022);
    expect(renderMatrix(arnt, at(2024))).toBe(ARNT_2022);
    expect(renderMatrix(arnt, at(null))).toBe(ARNT_2022);
  });

  it('gives the years between releases the next release layout', () => {
    expect(renderMatrix(arnt, at(2019))).toBe(ARNT_2020);
    expect(renderMatrix(arnt, at(2021))).toBe(ARNT_2022);
  });

  it('keeps every row of a tag in dump order, repeats included, with the layout join', () => {
    const dimer = matrix(
      'MA0059.1',
      'MAX::MYC',
      counts,
      [
        ann('medline', '2'),
        ann('family', 'bHLH-ZIP'),
        ann('class', 'Zipper-Type'),
        ann('tax_group', 'vertebrates'),
        ann('family', 'bHLH-ZIP'),
        ann('medline', '1'),
        ann('class', 'Helix-Loop-Helix'),
      ],
      ['P61244', 'P01106'],
    );
    const cc = (year: number | null): string[] =>
      renderMatrix(dimer, at(year))
        .split('\n')
        .filter((l) => l.startsWith('CC '));
    expect(cc(2020)).toEqual(['CC tax_group:vertebrates; pubmed_ids:2,1; uniprot_ids:P61244,P01106; data_type:']);
    expect(cc(2022)).toEqual([
      'CC tax_group:vertebrates',
      'CC tf_family:bHLH-ZIP; bHLH-ZIP',
      'CC tf_class:Zipper-Type; Helix-Loop-Helix',
      'CC pubmed_ids:2; 1',
      'CC uniprot_ids:P61244; P01106',
      'CC data_type:',
    ]);
  });

  it('writes every key, empty, for a matrix without annotations', () => {
    const bare = matrix('MA0001.1', 'AGL3', counts);
    expect(renderMatrix(bare, at(2020))).toContain(
      'XX\nCC tax_group:; pubmed_ids:; uniprot_ids:; data_type:\nXX\n//\n',
    );
    expect(renderMatrix(bare, at(null))).toContain(
      'XX\nCC tax_group:\nCC tf_family:\nCC tf_class:\nCC pubmed_ids:\nCC uniprot_ids:\n' + 'CC data_type:\nXX\n//\n',
    );
  });

  it("prints values exactly as Python's str(float)", () => {
    const m = matrix('MA9000.1', 'x', {
      A: [61.75, 1e16, 1_000_000],
      C: [0.5, 1e-5, 12_345_678.5],
      G: [2.5, 0.1 + 0.2, 0],
      T: [1381, 123456789012345680, 0],
    });
    const rows = renderMatrix(m, at(2018)).split('\n').slice(6, 9);
    expect(rows).toEqual([
      '01\t61.75\t0.5\t2.5\t1381.0',
      '02\t1e+16\t1e-05\t0.30000000000000004\t1.2345678901234568e+17',
      '03\t1000000.0\t12345678.5\t0.0\t0.0',
    ]);
  });

  it('zero-pads positions to two digits and no further', () => {
    const n = 101;
    const m = matrix('MA9001.1', 'long', {
      A: Array.from({ length: n }, () => 1),
      C: Array.from({ length: n }, () => 0),
      G: Array.from({ length: n }, () => 0),
      T: Array.from({ length: n }, () => 0),
    });
    const positions = renderMatrix(m, at(2018))
      .split('\n')
      .slice(6, 6 + n)
      .map((l) => l.split('\t')[0]);
    expect(positions.slice(0, 2)).toEqual(['01', '02']);
    expect(positions.slice(8, 11)).toEqual(['09', '10', '11']);
    expect(positions.slice(98)).toEqual(['99', '100', '101']);
  });

  it('concatenates records, each closed by XX and //', () => {
    const other = matrix('MA0100.2', 'MZF1(var.2)', counts);
    expect(renderMatrices([arnt, other], at(2018))).toBe(ARNT_2018 + renderMatrix(other, at(2018)));
  });

  it('keeps names as they are: ::, (var.2), UTF-8, spaces', () => {
    for (const name of ['MAX::MYC', 'MZF1(var.2)', 'Krüppel', 'ETS class']) {
      const lines = renderMatrix(matrix('MA0100.2', name, counts), at(2018)).split('\n');
      expect(lines[2]).toBe(`ID ${name}`);
      expect(lines[4]).toBe(`DE MA0100.2 ${name} ; From JASPAR 2018`);
    }
  });

  it('renders a zero-column matrix without position rows', () => {
    const m = matrix('MA9002.1', 'empty', { A: [], C: [], G: [], T: [] });
    expect(renderMatrix(m, at(2018))).toBe(
      'AC MA9002.1\nXX\nID empty\nXX\nDE MA9002.1 empty ; From JASPAR 2018\n' + 'PO\tA\tC\tG\tT\nXX\n//\n',
    );
  });

  it('gives exactly "No PFM data available" for an empty list', () => {
    expect(renderMatrices([], at(2018))).toBe('No PFM data available');
    expect(renderMatrices([], at(null))).toBe('No PFM data available');
  });
});
