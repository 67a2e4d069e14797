/**
 * Biopython reads every list page of a release whose matrix names hold `::`, parentheses,
 * quotes, non-ASCII letters and HTML-like text (issue 37 item 6): every JASPAR, PFM, TRANSFAC
 * and MEME list page parses, with as many motifs as its JSON page lists, in the same order. The
 * release is the sample with its names replaced, generated here; one python3 reads every page.
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import type { FormatName } from '../src/api/formats.js';
import { build } from '../src/site/build.js';
import { listFiles } from './support/files.js';
import { run } from './support/process.js';
import { describeWith, pythonWith } from './support/requirements.js';
import { tempDir } from './support/scratch.js';
import { BASE, SAMPLE } from './support/site.js';

const python = pythonWith('Bio', 'python3-biopython');

/** Names a parser could trip on, given to the sample's first matrices. */
const NAMES = [
  'Ahr::Arnt',
  'NFE2L2::MAF(var.2)',
  `Zfp"281'`,
  'Sox10-β::Δ',
  'MAX("x")::O\'Neil',
  'TFAP2A(var.3)::<b>',
  'Ñrf1;É,x',
] as const;

/** The Bio.motifs reader of each text format's list pages (src/formats/biopython.test.ts). */
const READERS: Partial<Record<FormatName, string>> = {
  jaspar: 'jaspar',
  pfm: 'jaspar',
  transfac: 'transfac',
  meme: 'minimal',
};

const SCRIPT = `
import io, json, sys
from Bio import motifs
job = json.load(sys.stdin)
out = []
for page in job:
    try:
        # JASPAR's TRANSFAC puts one space after the key, which only the lenient reader takes (biopython.test.ts).
        extra = {'strict': False} if page['reader'] == 'transfac' else {}
        found = list(motifs.parse(io.StringIO(page['text']), page['reader'], **extra))
        out.append({'ids': [getattr(m, 'matrix_id', None) or getattr(m, 'name', None) or m.get('AC') for m in found]})
    except Exception as e:
        out.append({'error': type(e).__name__ + ': ' + str(e)})
json.dump(out, sys.stdout)
`;

type Read = { ids: (string | null)[] } | { error: string };

describeWith('Biopython reads every list page of a release with hostile names', [python], () => {
  let site = '';
  beforeAll(async () => {
    const root = await tempDir('bio-names');
    const dump = join(root, 'NAMES2024');
    cpSync(SAMPLE, dump, { recursive: true });
    const lines = readFileSync(join(dump, 'MATRIX.txt'), 'utf8').split('\n');
    NAMES.forEach((name, i) => {
      lines[i] = lines[i]!.replace(/[^\t]*$/, name);
    });
    writeFileSync(join(dump, 'MATRIX.txt'), lines.join('\n'));
    site = join(root, 'dist');
    const formats: FormatName[] = ['json', 'jaspar', 'pfm', 'transfac', 'meme'];
    await build({
      dump,
      out: site,
      baseUrl: BASE,
      formats,
      pageSizes: [],
      orderFields: ['name'],
      filterKeys: [],
      targets: [],
    });
  });

  it('every JASPAR, PFM, TRANSFAC and MEME list page parses, as many motifs as its JSON page in the same order', async () => {
    const pages: { path: string; json: string; reader: string; text: string }[] = [];
    for (const [format, reader] of Object.entries(READERS)) {
      for (const path of await listFiles(join(site, 'files', format))) {
        if (!path.includes('/_/')) continue;
        const json = join(site, 'files', 'json', path.replace(/\.[a-z]+$/, '.json'));
        pages.push({
          path: `${format}/${path}`,
          json,
          reader,
          text: readFileSync(join(site, 'files', format, path), 'utf8'),
        });
      }
    }
    // The names are on the pages (none was dropped or rewritten by the build).
    const all = pages.map((p) => p.text).join('\n');
    for (const name of NAMES) expect(all, name).toContain(name);
    expect(pages.length).toBeGreaterThan(20);
    const ran = await run(python.interpreter, ['-c', SCRIPT], {
      input: JSON.stringify(pages.map(({ reader, text }) => ({ reader, text }))),
    });
    expect(ran.code, ran.stderr).toBe(0);
    const reads = JSON.parse(ran.stdout) as Read[];
    expect(reads).toHaveLength(pages.length);
    for (const [i, page] of pages.entries()) {
      const read = reads[i]!;
      expect('error' in read ? read.error : null, page.path).toBeNull();
      const listed = (JSON.parse(readFileSync(page.json, 'utf8')) as { results: { matrix_id: string }[] }).results;
      const ids = 'ids' in read ? read.ids : [];
      expect(ids.length, page.path).toBe(listed.length);
      // The readers name a motif by its id (jaspar), or by a header starting with it (MEME, TRANSFAC's AC).
      ids.forEach((id, j) => expect(id ?? '', page.path).toContain(listed[j]!.matrix_id));
    }
  });
});
