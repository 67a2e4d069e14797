/**
 * Real parsers read everything we write, on the real JASPAR2016 build: PyYAML dumps our JSON
 * to the same bytes as our YAML (every list page and detail), and Biopython reads every
 * jaspar, transfac, pfm and meme file back to the counts of the dump's MATRIX_DATA.
 */
import { beforeAll, expect, it } from 'vitest';
import { runOk } from './support/process.js';
import { describeWith, pythonWith, sharedPath } from './support/requirements.js';
import { sharedSite } from './support/site.js';

const release = sharedPath('releases', 'JASPAR2016');
const pyyaml = pythonWith('yaml', 'python3-yaml');
const biopython = pythonWith('Bio', 'python3-biopython');

/** Compare files/yaml/** with PyYAML's dump of the matching files/json/** (format= swapped in links). */
const YAML_CHECK = `
import json, os, sys, yaml
site = sys.argv[1]
root = os.path.join(site, 'files', 'json')
checked, bad = 0, []
for dirpath, _, names in os.walk(root):
    for name in names:
        jpath = os.path.join(dirpath, name)
        ypath = os.path.join(site, 'files', 'yaml', os.path.relpath(jpath, root))[:-len('.json')] + '.yaml'
        with open(jpath, encoding='utf-8') as f:
            data = json.loads(f.read().replace('format=json', 'format=yaml'))
        want = yaml.safe_dump(data, default_flow_style=False, allow_unicode=True)
        with open(ypath, encoding='utf-8') as f:
            got = f.read()
        checked += 1
        if got != want:
            bad.append(ypath)
print(json.dumps({'checked': checked, 'bad': bad[:5], 'nbad': len(bad)}))
`;

/** Parse every matrix text file with Biopython and compare with MATRIX_DATA read here. */
const BIO_CHECK = String.raw`
import json, os, sys, io
from collections import defaultdict
from Bio import motifs
from Bio.motifs import minimal
minimal.round = lambda x: x
site, dump = sys.argv[1], sys.argv[2]
ids = {}
for line in open(os.path.join(dump, 'MATRIX.txt'), encoding='utf-8'):
    f = line.rstrip('\n').split('\t')
    ids[f[0]] = f[2] + '.' + f[3]
cols = defaultdict(dict)
for line in open(os.path.join(dump, 'MATRIX_DATA.txt'), encoding='utf-8'):
    i, row, col, val = line.rstrip('\n').split('\t')
    cols[ids[i]][(row, int(col))] = float(val)
def counts(mid):
    c = cols[mid]; w = max(k[1] for k in c)
    return {b: [c[(b, j)] for j in range(1, w + 1)] for b in 'ACGT'}
READERS = {'jaspar': ('jaspar', 0.5), 'transfac': ('transfac', 0.0), 'pfm': ('jaspar', 0.005), 'meme': ('minimal', 1e-6)}
stats = {}
problems = []
for fmt, (reader, tol) in READERS.items():
    n_files = n_motifs = 0
    root = os.path.join(site, 'files', fmt)
    for dirpath, _, names in os.walk(root):
        for name in names:
            text = open(os.path.join(dirpath, name), encoding='utf-8').read()
            if text == 'No PFM data available':
                continue
            n_files += 1
            ms = motifs.parse(io.StringIO(text), reader, strict=False) if reader == 'transfac' else motifs.parse(io.StringIO(text), reader)
            for m in ms:
                n_motifs += 1
                mid = (m.get('AC') if reader == 'transfac' else (m.name if reader == 'minimal' else m.matrix_id))
                if reader == 'minimal':
                    mid = m.name.split()[0] if ' ' in m.name else m.name
                want = counts(mid)
                if reader == 'minimal':
                    for b in 'ACGT':
                        for j, v in enumerate(want[b]):
                            tot = sum(want[x][j] for x in 'ACGT')
                            p = m.counts[b][j] / m.num_occurrences
                            if abs(p - (v / tot if tot else 0.25)) > tol:
                                problems.append((fmt, name, mid, b, j)); break
                else:
                    for b in 'ACGT':
                        got = list(m.counts[b])
                        if len(got) != len(want[b]) or any(abs(g - w) > tol + 1e-9 for g, w in zip(got, want[b])):
                            problems.append((fmt, name, mid, b)); break
    stats[fmt] = {'files': n_files, 'motifs': n_motifs}
print(json.dumps({'stats': stats, 'problems': problems[:5], 'nproblems': len(problems)}))
`;

/** Run a check script in a child process (never blocking the worker: each takes 20–60 s). */
async function runPython(interpreter: string, script: string, args: string[]): Promise<unknown> {
  return JSON.parse((await runOk(interpreter, ['-c', script, ...args])).stdout);
}

describeWith('real parsers on the JASPAR2016 build', [release, pyyaml, biopython], () => {
  let yamlCheck: Promise<unknown>;
  let bioCheck: Promise<unknown>;
  beforeAll(async () => {
    // Every format these parsers read, every list and detail; filters and page sizes only add
    // more pages of the same records, so they are left out to keep the run short.
    const site = await sharedSite(release.path, {
      formats: ['json', 'yaml', 'jaspar', 'transfac', 'pfm', 'meme'],
      filterKeys: [],
      pageSizes: [],
    });
    // Both checks run at once, one per core, while the tests wait for their results.
    yamlCheck = runPython(pyyaml.interpreter, YAML_CHECK, [site.dir]);
    bioCheck = runPython(biopython.interpreter, BIO_CHECK, [site.dir, release.path]);
    for (const p of [yamlCheck, bioCheck]) p.catch(() => {}); // awaited (and so reported) by the tests
  });

  it('PyYAML safe_dump of every JSON response equals our YAML byte for byte', async () => {
    const r = (await yamlCheck) as { checked: number; bad: string[]; nbad: number };
    console.log(`PyYAML: ${r.checked} responses compared, ${r.nbad} differ`);
    expect(r.bad).toEqual([]);
    expect(r.checked).toBeGreaterThan(2049 + 205 * 9);
  });

  it('Biopython reads every jaspar, transfac, pfm and meme response back to the dump counts', async () => {
    const r = (await bioCheck) as {
      stats: Record<string, { files: number; motifs: number }>;
      problems: unknown[];
      nproblems: number;
    };
    console.log(`Biopython: ${JSON.stringify(r.stats)}`);
    expect(r.problems).toEqual([]);
    for (const fmt of ['jaspar', 'transfac', 'pfm', 'meme']) {
      // every detail, every versions list and every page of every order
      expect(r.stats[fmt]?.motifs).toBeGreaterThan(2049 * 10);
    }
  });
});
