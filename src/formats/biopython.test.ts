/**
 * Our text formats read back by a real parser: Biopython's Bio.motifs readers, one python3
 * process per format. Matrices are pseudo-random but deterministic: 1–30 columns, integer,
 * quarter (61.75), hundredth and ≥1,000,000 counts, columns with different totals.
 */
import { spawnSync } from 'node:child_process';
import { expect, it } from 'vitest';
import { describeWith, pythonWith } from '../../test/support/requirements.js';
import type { Requirement } from '../../test/support/requirements.js';
import { BASES } from '../model/types.js';
import type { Base, Matrix } from '../model/types.js';
import * as jaspar from './jaspar.js';
import type { MatrixTextContext, MatrixTextRenderer } from './matrix-text.js';
import * as meme from './meme.js';
import { pyFixed } from '../api/numbers.js';
import * as pfm from './pfm.js';
import * as transfac from './transfac.js';
import { mulberry32 } from '../analysis/random.js';

function biopython(): { interpreter: string; requirement: Requirement } {
  const requirement = pythonWith('Bio', 'python3-biopython');
  return { interpreter: requirement.interpreter, requirement };
}

/**
 * Reads every document with every reader, prints what each reader saw as JSON. Biopython's
 * `minimal` reader stores round(probability × nsites) as counts, which loses the probabilities;
 * the script makes that module's `round` the identity so they can be recovered as count / nsites.
 */
const SCRIPT = `
import io, json, sys
from Bio import motifs
from Bio.motifs import minimal
minimal.round = lambda x: x

def describe(m):
    out = {'counts': {b: [float(v) for v in m.counts[b]] for b in 'ACGT'}}
    for attr in ('matrix_id', 'name', 'id', 'num_occurrences', 'length'):
        value = getattr(m, attr, None)
        if isinstance(value, (str, int, float)):
            out[attr] = value
    if isinstance(m, dict):
        out['keys'] = {k: m.get(k) for k in ('AC', 'ID', 'DE')}
    return out

def read(reader, text):
    handle = io.StringIO(text)
    if reader == 'transfac-strict':
        return motifs.parse(handle, 'transfac', strict=True)
    if reader == 'transfac':
        return motifs.parse(handle, 'transfac', strict=False)
    return motifs.parse(handle, reader)

job = json.load(sys.stdin)
results = []
for reader in job['readers']:
    for doc in job['docs']:
        try:
            results.append({'motifs': [describe(m) for m in read(reader, doc)]})
        except Exception as e:
            results.append({'error': type(e).__name__ + ': ' + str(e)})
json.dump(results, sys.stdout)
`;

interface Parsed {
  readonly counts: Record<Base, number[]>;
  readonly matrix_id?: string;
  readonly name?: string;
  readonly id?: string;
  readonly num_occurrences?: number;
  readonly length?: number;
  readonly keys?: { AC: string | null; ID: string | null; DE: string | null };
}
type Result = { motifs: Parsed[] } | { error: string };

const NAMES = ['Arnt', 'MAX::MYC', 'MZF1(var.2)', 'Krüppel', 'ETS class', 'Ahr::Arnt', 'RUNX1'];

/** How a generated matrix draws its counts. */
const KINDS: readonly ((r: () => number) => number)[] = [
  (r) => Math.floor(r() * 101), // integers
  (r) => Math.floor(r() * 400) / 4, // quarters, like 61.75
  (r) => Math.floor(r() * 10_000) / 100, // hundredths
  (r) => 1_000_000 + Math.floor(r() * 50_000_000), // ≥ 1,000,000
  (r) => (r() < 0.3 ? 0 : Math.floor(r() * 2_000_000) / 4), // mixed sizes, many zeros
];

function generate(count: number): Matrix[] {
  const r = mulberry32(20_180_401);
  return Array.from({ length: count }, (_, i): Matrix => {
    const draw = KINDS[i % KINDS.length] ?? (() => 0);
    const width = 1 + Math.floor(r() * 30);
    const rows: Record<Base, number[]> = { A: [], C: [], G: [], T: [] };
    for (let col = 0; col < width; col++) {
      for (const b of BASES) rows[b].push(draw(r));
      // Keep every column total ≥ 1 so MEME's nsites and probabilities are defined.
      const total = BASES.reduce((sum, b) => sum + (rows[b][col] ?? 0), 0);
      if (total < 1) rows.A[col] = (rows.A[col] ?? 0) + 1;
    }
    const version = 1 + (i % 3);
    const baseId = `MA${9000 + i}`;
    return {
      key: i + 1,
      matrixId: `${baseId}.${version}`,
      baseId,
      version,
      collection: 'CORE',
      name: NAMES[i % NAMES.length] ?? 'x',
      pfm: rows,
      annotations: [],
      uniprotIds: [],
      species: [],
      sites: null,
    };
  });
}

const ARNT: Matrix = {
  key: 0,
  matrixId: 'MA0004.1',
  baseId: 'MA0004',
  version: 1,
  collection: 'CORE',
  name: 'Arnt',
  pfm: {
    A: [4, 19, 0, 0, 61.75, 0],
    C: [16, 0, 20, 0, 0, 0],
    G: [0, 1, 0, 20, 0, 20],
    T: [0, 0, 0, 0, 20, 0],
  },
  annotations: [],
  uniprotIds: [],
  species: [],
  sites: null,
};
/** A matrix listed with no data. */
const EMPTY: Matrix = {
  ...ARNT,
  key: -1,
  matrixId: 'MA9999.1',
  name: 'empty',
  pfm: { A: [], C: [], G: [], T: [] },
};
const ctx: MatrixTextContext = { baseUrl: 'http://jaspar.genereg.net', year: 2018 };

/** Each matrix alone (a detail body), then all of them as one list body. */
function bodies(render: (ms: readonly Matrix[]) => string, ms: readonly Matrix[]): string[] {
  return [...ms.map((m) => render([m])), render(ms)];
}

/** Parse every document with every reader in one python3 process: results[reader][doc]. */
function parseDocs(interpreter: string, docs: readonly string[], readers: readonly string[]): Map<string, Result[]> {
  const run = spawnSync(interpreter, ['-c', SCRIPT], {
    input: JSON.stringify({ readers, docs }),
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
  const results = JSON.parse(run.stdout) as Result[];
  expect(results).toHaveLength(readers.length * docs.length);
  return new Map(readers.map((r, i) => [r, results.slice(i * docs.length, (i + 1) * docs.length)]));
}

/** The motifs a reader saw in the single bodies (one each) followed by those of the list body. */
function readBack(results: Map<string, Result[]>, reader: string, from = 0, n?: number): Parsed[] {
  const mine = (results.get(reader) ?? []).slice(from, n === undefined ? undefined : from + n + 1);
  const list = mine.pop();
  return [...mine.map((r) => motifsOf(r)[0]), ...motifsOf(list)].map((p) => {
    if (p === undefined) throw new Error(`${reader} read no motif from a detail body`);
    return p;
  });
}

const errorOf = (result: Result | undefined): string =>
  result !== undefined && 'error' in result ? result.error : '(no error)';

const columnTotal = (m: Matrix, col: number): number => BASES.reduce((sum, b) => sum + (m.pfm[b][col] ?? 0), 0);

function motifsOf(result: Result | undefined): Parsed[] {
  if (result === undefined) throw new Error('missing result');
  if ('error' in result) throw new Error(`Biopython failed: ${result.error}`);
  return result.motifs;
}

function countsAs(m: Matrix, round: (v: number) => number): Record<Base, number[]> {
  const { A, C, G, T } = m.pfm;
  return { A: A.map(round), C: C.map(round), G: G.map(round), T: T.map(round) };
}

/** Readers tried per format (one python3 process per format). */
const READERS = {
  jaspar: ['jaspar', 'pfm-four-rows'],
  pfm: ['jaspar', 'pfm-four-rows', 'pfm'],
  transfac: ['transfac', 'transfac-strict'],
  meme: ['minimal'],
} as const;

const { interpreter, requirement } = biopython();
const matrices = [ARNT, ...generate(40)];

describeWith('Biopython reads our text formats back', [requirement], () => {
  const withEmpty = [...matrices, EMPTY];
  const render =
    (r: MatrixTextRenderer, c: MatrixTextContext = ctx) =>
    (ms: readonly Matrix[]) =>
      r.renderMatrices(ms, c);

  it('jaspar: read by "jaspar" and "pfm-four-rows"; counts rounded to integers', () => {
    const results = parseDocs(interpreter, bodies(render(jaspar), withEmpty), READERS.jaspar);
    const expected = withEmpty.map((m) => countsAs(m, (v) => Number(pyFixed(v, 0))));
    for (const reader of READERS.jaspar) {
      const all = readBack(results, reader);
      expect(all.map((p) => p.counts)).toEqual([...expected, ...expected]);
      // "jaspar" takes the first word after the id as the name; "pfm-four-rows" the whole line.
      const names = all.map((p) => (reader === 'jaspar' ? [p.matrix_id, p.name] : p.name));
      const ours = withEmpty.map((m) =>
        reader === 'jaspar' ? [m.matrixId, m.name.split(' ')[0]] : `${m.matrixId}\t${m.name}`,
      );
      expect(names).toEqual([...ours, ...ours]);
    }
  });

  it('pfm: read by "jaspar" and "pfm-four-rows", not by "pfm" (no header); 2 decimals', () => {
    const docs = [...bodies(render(pfm), matrices), render(pfm)([EMPTY])];
    const results = parseDocs(interpreter, docs, READERS.pfm);
    const expected = matrices.map((m) => countsAs(m, (v) => Number(pyFixed(v, 2))));
    for (const reader of ['jaspar', 'pfm-four-rows']) {
      const all = readBack(results, reader, 0, matrices.length);
      expect(all.map((p) => p.counts)).toEqual([...expected, ...expected]);
      const names = all.map((p) => (reader === 'jaspar' ? [p.matrix_id, p.name] : p.name));
      const ours = matrices.map((m) =>
        reader === 'jaspar' ? [m.matrixId, m.name.split(' ')[0]] : `${m.matrixId} ${m.name}`,
      );
      expect(names).toEqual([...ours, ...ours]);
      // A zero-column block has no rows to read: both readers skip it.
      expect(motifsOf(results.get(reader)?.[docs.length - 1])).toEqual([]);
    }
    expect(errorOf(results.get('pfm')?.[0])).toMatch(/^ValueError/);
  });

  it('transfac: read by "transfac" with strict=False, counts exact; strict=True rejects', () => {
    const years = [2018, 2020, null] as const;
    const perYear = bodies(render(transfac), withEmpty).length;
    const docs = years.flatMap((year) => bodies(render(transfac, { ...ctx, year }), withEmpty));
    const results = parseDocs(interpreter, docs, READERS.transfac);
    const expected = withEmpty.map((m) => countsAs(m, (v) => v));
    years.forEach((year, y) => {
      const all = readBack(results, 'transfac', y * perYear, withEmpty.length);
      expect(all.map((p) => p.counts)).toEqual([...expected, ...expected]);
      const from = year === 2018 ? 'From JASPAR 2018' : 'From JASPAR';
      const keys = withEmpty.map((m) => ({
        AC: m.matrixId,
        ID: m.name,
        DE: `${m.matrixId} ${m.name} ; ${from}`,
      }));
      expect(all.map((p) => p.keys)).toEqual([...keys, ...keys]);
    });
    // Strict mode wants two spaces after every key; JASPAR's own files have one (and tabs).
    expect(errorOf(results.get('transfac-strict')?.[0])).toMatch(/2 spaces/);
  });

  it('meme: read by "minimal"; probabilities within 1e-6 of count / own column total', () => {
    const results = parseDocs(interpreter, bodies(render(meme), withEmpty), READERS.meme);
    const all = readBack(results, 'minimal');
    expect(all).toHaveLength(2 * withEmpty.length);
    all.forEach((p, i) => {
      const m = withEmpty[i % withEmpty.length];
      if (m === undefined) throw new Error('missing matrix');
      expect(p.id ?? p.name).toBe(m.matrixId);
      expect(p.length).toBe(m.pfm.A.length);
      expect(p.num_occurrences).toBe(Math.trunc(columnTotal(m, 0)));
      const nsites = p.num_occurrences ?? NaN;
      m.pfm.A.forEach((_, col) => {
        const total = columnTotal(m, col);
        for (const b of BASES) {
          const diff = (p.counts[b][col] ?? NaN) / nsites - (m.pfm[b][col] ?? NaN) / total;
          expect(Math.abs(diff), `${m.matrixId} ${b}${col + 1}`).toBeLessThanOrEqual(1e-6);
        }
      });
    });
    // The generated set really has columns with different totals.
    const totals = (m: Matrix): Set<number> => new Set(m.pfm.A.map((_, c) => columnTotal(m, c)));
    expect(matrices.filter((m) => totals(m).size > 1).length).toBeGreaterThan(30);
  });
});
