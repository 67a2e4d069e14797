/**
 * Real parsers read everything we write, on the real JASPAR2016 build: PyYAML dumps our JSON
 * to the same bytes as our YAML (every list page and detail), and Biopython reads every
 * jaspar, transfac, pfm and meme file back to the counts of the dump's MATRIX_DATA.
 * Each check is one Python process; what costs is PyYAML's pure emitter and Biopython's
 * parsers, so neither does the same work twice (the same text, the same matrix), and libyaml's
 * emitter, byte-identical to the pure one on this site, does the bulk of the YAML (YAML_CHECK).
 */
import { beforeAll, expect, it } from 'vitest';
import { runOk } from './support/process.js';
import { describeWith, pythonWith, sharedPath } from './support/requirements.js';
import { sharedSite } from './support/site.js';

const release = sharedPath('releases', 'JASPAR2016');
const pyyaml = pythonWith('yaml', 'python3-yaml');
const biopython = pythonWith('Bio', 'python3-biopython');

/**
 * Compare files/yaml/** with PyYAML's dump of the matching files/json/** (format= swapped in links).
 * The oracle is PyYAML's default safe_dump, the pure-Python emitter clients run (17 s here). Its
 * C twin (CSafeDumper: the same representer, libyaml's emitter) dumps all 13,662 JSON responses
 * of this build to the same bytes (compared over the whole site when it was brought in) in a
 * fifth of the time, so it checks every file, and the pure dumper runs (a) wherever C and ours
 * differ, deciding the verdict, and (b) on every record's full detail, every versions list (every
 * record inside a list), the index, and the first and last page of every list and order (every
 * form of count/next/previous): there C must equal pure (`diverged`), so a datum on which libyaml
 * parts from PyYAML fails the test instead of slipping through. A JSON text met before (a base
 * id's detail is its latest version's, page `last` is the last page) is dumped once.
 */
const YAML_CHECK = String.raw`
import hashlib, json, os, re, sys, yaml
site = sys.argv[1]
root = os.path.join(site, 'files', 'json')
OPTS = {'default_flow_style': False, 'allow_unicode': True}
FAST = getattr(yaml, 'CSafeDumper', None)
def pure(data):
    return yaml.safe_dump(data, **OPTS)
def fast(data):
    return yaml.dump(data, Dumper=FAST, **OPTS) if FAST else pure(data)
def with_pure(rel):
    parts = rel.split('/')
    if '_' not in parts:
        return not re.fullmatch(r'matrix/[A-Za-z]+[0-9]+\.json', rel)
    return parts[-1] in ('1.json', 'last.json')
checked, pure_checked, bad, diverged = 0, 0, [], []
dumped = {}
for dirpath, _, names in os.walk(root):
    for name in names:
        jpath = os.path.join(dirpath, name)
        rel = os.path.relpath(jpath, root)
        ypath = os.path.join(site, 'files', 'yaml', rel)[:-len('.json')] + '.yaml'
        with open(jpath, encoding='utf-8') as f:
            text = f.read().replace('format=json', 'format=yaml')
        with open(ypath, encoding='utf-8') as f:
            got = f.read()
        checked += 1
        key = hashlib.sha256(text.encode()).digest()
        want, is_pure = dumped.get(key) or (None, False)
        if want is None:
            want = fast(json.loads(text))
            is_pure = FAST is None
        if not is_pure and (with_pure(rel) or want != got):
            p = pure(json.loads(text))
            pure_checked += 1
            if p != want:
                diverged.append(rel)
            want, is_pure = p, True
        dumped[key] = (want, is_pure)
        if got != want:
            bad.append(ypath)
print(json.dumps({'checked': checked, 'distinct': len(dumped), 'pureChecked': pure_checked, 'libyaml': FAST is not None, 'bad': bad[:5], 'nbad': len(bad), 'diverged': diverged[:5], 'ndiverged': len(diverged)}))
`;

/**
 * Parse every matrix text file with Biopython and compare with MATRIX_DATA read here. A text met
 * before in the same format (a base id's detail is its latest version's, page `last` is the last
 * page, orders that agree give the same pages: 6,644 distinct texts of 13,615 jaspar files) is
 * parsed once, and what the dump says of a matrix is worked out once, not for each of the ~38
 * files that hold it.
 */
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
# Each matrix is in about 38 files (its details and every list page that holds it): what the
# dump says about it is worked out once, the parsed files are compared with that.
wanted = {}
def want(mid):
    w = wanted.get(mid)
    if w is None:
        c = cols[mid]; width = max(k[1] for k in c)
        counts = {b: [c[(b, j)] for j in range(1, width + 1)] for b in 'ACGT'}
        totals = [sum(counts[x][j] for x in 'ACGT') for j in range(width)]
        probs = {b: [v / t if t else 0.25 for v, t in zip(counts[b], totals)] for b in 'ACGT'}
        w = wanted[mid] = (counts, probs)
    return w
def close(got, exp, tol):
    return len(got) == len(exp) and (got == exp or all(abs(g - e) <= tol for g, e in zip(got, exp)))
def check(text, reader, tol):
    """The number of motifs the reader finds in text, and (matrix id, base) where one differs from the dump."""
    ms = motifs.parse(io.StringIO(text), reader, strict=False) if reader == 'transfac' else motifs.parse(io.StringIO(text), reader)
    n, wrong = 0, []
    for m in ms:
        n += 1
        if reader == 'transfac':
            mid = m.get('AC')
        elif reader == 'minimal':
            mid = m.name.split()[0] if ' ' in m.name else m.name
        else:
            mid = m.matrix_id
        counts, probs = want(mid)
        for b in 'ACGT':
            ok = close([x / m.num_occurrences for x in m.counts[b]], probs[b], tol) if reader == 'minimal' else close(list(m.counts[b]), counts[b], tol + 1e-9)
            if not ok:
                wrong.append((mid, b)); break
    return n, wrong
READERS = {'jaspar': ('jaspar', 0.5), 'transfac': ('transfac', 0.0), 'pfm': ('jaspar', 0.005), 'meme': ('minimal', 1e-6)}
stats = {}
problems = []
for fmt, (reader, tol) in READERS.items():
    n_files = n_motifs = 0
    seen = {}  # a text met before (a base id's detail is its latest version's; page 'last' is the last page) parses the same
    root = os.path.join(site, 'files', fmt)
    for dirpath, _, names in os.walk(root):
        for name in names:
            with open(os.path.join(dirpath, name), encoding='utf-8') as f:
                text = f.read()
            if text == 'No PFM data available':
                continue
            n_files += 1
            found = seen.get(text)
            if found is None:
                found = seen[text] = check(text, reader, tol)
            n_motifs += found[0]
            problems.extend((fmt, name, mid, b) for mid, b in found[1])
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
    const r = (await yamlCheck) as {
      checked: number;
      distinct: number;
      pureChecked: number;
      libyaml: boolean;
      bad: string[];
      nbad: number;
      diverged: string[];
      ndiverged: number;
    };
    console.log(
      `PyYAML: ${r.checked} responses compared (${r.distinct} distinct JSON texts, ${r.pureChecked} dumped by the pure emitter${r.libyaml ? ', the rest by libyaml' : ''}), ${r.nbad} differ`,
    );
    expect(r.bad).toEqual([]);
    expect(r.diverged, 'libyaml no longer dumps as PyYAML does: the C fast path cannot stand in for it').toEqual([]);
    expect(r.checked).toBeGreaterThan(2049 + 205 * 9);
    // every record's detail, and a page of every list
    expect(r.pureChecked).toBeGreaterThan(2049 + 471);
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
