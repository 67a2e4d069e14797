/**
 * Golden files: JASPAR's own 2018 downloads for the CORE fungi profiles, and small real files from
 * other tools (../shared/golden/fixtures). Our renderers must reproduce JASPAR's files byte for
 * byte.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { describeWith, sharedPath } from '../../test/support/requirements.js';
import { testMatrix } from '../../test/support/matrices.js';
import { BASES } from '../model/types.js';
import type { Base, Matrix } from '../model/types.js';
import * as jaspar from './jaspar.js';
import { MEME_HEADER } from '../api/formats.js';
import { pfmColumns } from './matrix-text.js';
import type { Column, MatrixTextContext } from './matrix-text.js';
import * as meme from './meme.js';
import * as transfac from './transfac.js';

const golden = sharedPath('golden');
/** Matrices of the fungi files whose columns differ in total (MEME divides each by its own). */
const UNEVEN_FUNGI = 153;
const columnTotal = ([a, c, g, t]: Column): number => a + c + g + t;
const ctx: MatrixTextContext = { baseUrl: 'http://jaspar.genereg.net', year: 2018 };
const read = (...parts: string[]): string => readFileSync(join(golden.path, ...parts), 'utf8');
const fungi = (format: string): string => read('JASPAR2018', `JASPAR2018_CORE_fungi_non-redundant_pfms_${format}.txt`);

/** Split text into chunks at every line `isStart` accepts; the text before the first is `head`. */
function chunks(text: string, isStart: (line: string) => boolean): { head: string; blocks: string[] } {
  const lines = text.split(/(?<=\n)/);
  let head = '';
  const blocks: string[] = [];
  for (const line of lines) {
    if (isStart(line)) blocks.push(line);
    else if (blocks.length === 0) head += line;
    else blocks[blocks.length - 1] += line;
  }
  return { head, blocks };
}

const makeMatrix = (key: number, matrixId: string, name: string, pfm: Matrix['pfm']): Matrix =>
  testMatrix(matrixId, name, pfm, { key });

/** Parse `>ID<ws>NAME` + four `L [ … ]` rows, whitespace-tolerant (JASPAR and bundle layouts). */
function parseJasparBlock(block: string, key: number): Matrix {
  const [header = '', ...rows] = block.split('\n').filter((l) => l.trim() !== '');
  const [matrixId = '', name = ''] = header.slice(1).split(/\s+/, 2);
  const pfm: Partial<Record<Base, number[]>> = {};
  rows.forEach((row, i) => {
    expect(row.trimStart().startsWith(BASES[i] ?? '?'), `${matrixId} row ${i}`).toBe(true);
    const inside = row.slice(row.indexOf('[') + 1, row.lastIndexOf(']')).trim();
    pfm[BASES[i] ?? 'A'] = inside === '' ? [] : inside.split(/\s+/).map(Number);
  });
  const { A = [], C = [], G = [], T = [] } = pfm;
  return makeMatrix(key, matrixId, name, { A, C, G, T });
}

/** Parse one TRANSFAC record (AC, ID and the PO rows). */
function parseTransfacRecord(record: string, key: number): Matrix {
  let matrixId = '';
  let name = '';
  const pfm: Record<Base, number[]> = { A: [], C: [], G: [], T: [] };
  for (const line of record.split('\n')) {
    if (line.startsWith('AC ')) matrixId = line.slice(3);
    else if (line.startsWith('ID ')) name = line.slice(3);
    else if (/^\d+\t/.test(line)) {
      const [, a = '', c = '', g = '', t = ''] = line.split('\t');
      pfm.A.push(Number(a));
      pfm.C.push(Number(c));
      pfm.G.push(Number(g));
      pfm.T.push(Number(t));
    }
  }
  return makeMatrix(key, matrixId, name, pfm);
}

describeWith('JASPAR 2018 CORE fungi download files', [golden], () => {
  const load = () => {
    const jasparText = fungi('jaspar');
    const jasparBlocks = chunks(jasparText, (l) => l.startsWith('>'));
    const matrices = jasparBlocks.blocks.map((b, i) => parseJasparBlock(b, i + 1));
    return { jasparText, jasparBlocks, matrices };
  };

  it('jaspar: every block and the whole file, byte for byte', () => {
    const { jasparText, jasparBlocks, matrices } = load();
    expect(jasparBlocks.head).toBe('');
    expect(matrices).toHaveLength(176);
    matrices.forEach((m, i) => {
      expect(jaspar.renderMatrix(m, ctx), m.matrixId).toBe(jasparBlocks.blocks[i]);
    });
    expect(jaspar.renderMatrices(matrices, ctx)).toBe(jasparText);
  });

  it('transfac: same counts as the jaspar file (as floats); every record byte for byte', () => {
    const { matrices } = load();
    const text = fungi('transfac');
    const { head, blocks } = chunks(text, (l) => l.startsWith('AC '));
    expect(head).toBe('');
    expect(blocks.map((b, i) => parseTransfacRecord(b, i + 1))).toEqual(matrices);
    matrices.forEach((m, i) => expect(transfac.renderMatrix(m, ctx), m.matrixId).toBe(blocks[i]));
    expect(transfac.renderMatrices(matrices, ctx)).toBe(text);
  });

  it('meme: the file is exactly header + motifs; every block and the file byte for byte', () => {
    const { matrices } = load();
    const text = fungi('meme');
    const { head, blocks } = chunks(text, (l) => l.startsWith('MOTIF '));
    expect(head).toBe(MEME_HEADER);
    expect(blocks).toHaveLength(matrices.length);
    matrices.forEach((m, i) => expect(meme.renderMatrix(m, ctx), m.matrixId).toBe(blocks[i]));
    expect(meme.renderMatrices(matrices, ctx)).toBe(text);
    // The point of per-column totals: the file has matrices whose columns differ in total.
    const uneven = matrices.filter((m) => new Set(pfmColumns(m.pfm).map(columnTotal)).size > 1);
    expect(uneven.length).toBe(UNEVEN_FUNGI);
  });
});

describeWith('golden fixtures from other tools', [golden], () => {
  it('MA0056.1.transfac (Biopython test file, JASPAR 2018 layout) renders byte for byte', () => {
    const text = read('fixtures', 'MA0056.1.transfac');
    const m = parseTransfacRecord(text, 1);
    expect(m.matrixId).toBe('MA0056.1');
    expect(m.name).toBe('MZF1');
    expect(transfac.renderMatrix(m, ctx)).toBe(text);
    expect(transfac.renderMatrices([m], ctx)).toBe(text);
  });

  /**
   * MA0001.1.pfm (despite its name) and TFBSTools' pfm_all_example.txt are the "JASPAR bundle"
   * layout of JASPAR's per-matrix `.jaspar` downloads (Biopython calls it "JASPAR 2010
   * matrix_only"): like our jaspar format, but every value is right-aligned to the widest value
   * of that matrix instead of %6.0f, and a bundle puts a blank line after every matrix. We do not
   * produce that layout; we check that it is what we say it is and that our jaspar output carries
   * the same header line and the same counts.
   */
  const bundleBlock = (m: Matrix): string => {
    const width = Math.max(...BASES.flatMap((b) => m.pfm[b].map((v) => String(v).length)));
    const row = (b: Base): string => m.pfm[b].map((v) => String(v).padStart(width)).join(' ');
    const rows = BASES.map((b) => `${b}  [${row(b)} ]\n`);
    return `>${m.matrixId}\t${m.name}\n${rows.join('')}`;
  };

  it.each([
    ['MA0001.1.pfm', ['MA0001.1'], ''],
    ['pfm_all_example.txt', ['MA0001.2', 'MA0002.2'], '\n'],
  ])('%s: JASPAR bundle layout; our jaspar output has its header and counts', (file, ids, sep) => {
    const text = read('fixtures', file);
    const { head, blocks } = chunks(text, (l) => l.startsWith('>'));
    expect(head).toBe('');
    const matrices = blocks.map((b, i) => parseJasparBlock(b, i + 1));
    expect(matrices.map((m) => m.matrixId)).toEqual(ids);
    expect(matrices.map((m) => bundleBlock(m) + sep).join('')).toBe(text);
    for (const [i, m] of matrices.entries()) {
      const ours = jaspar.renderMatrix(m, ctx);
      expect(ours.split('\n')[0]).toBe((blocks[i] ?? '').split('\n')[0]);
      expect(parseJasparBlock(ours, m.key)).toEqual(m);
    }
  });
});
