/**
 * Copies of the sample release with fewer matrices: {@link sampleVariant}, a release of a site of
 * several (only MATRIX rows dropped: the other tables' rows of a dropped matrix are read past),
 * and {@link trimmedSample}, a smaller site for the tests whose cost grows with its files (e.g.
 * test/hosts/s3-upload.test.ts): every table's rows of the kept matrices (by their internal id),
 * TAX whole, the TFFMs, BED and sites files of kept ids.
 */
import { cp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { tempDir } from './scratch.js';
import { SAMPLE } from './site.js';

/** The sample as release folder `name` in `dir`, keeping the MATRIX rows `keep` chooses (by position among `count`). */
export async function sampleVariant(
  dir: string,
  name: string,
  keep: (row: number, count: number) => boolean,
): Promise<{ dump: string; ids: string[] }> {
  const dump = join(dir, name);
  await cp(SAMPLE, dump, { recursive: true });
  const rows = (await readFile(join(dump, 'MATRIX.txt'), 'utf8')).split('\n').filter((l) => l !== '');
  await writeFile(join(dump, 'MATRIX.txt'), `${rows.filter((_, i) => keep(i, rows.length)).join('\n')}\n`);
  return { dump, ids: rows.map((l) => `${l.split('\t')[2]}.${l.split('\t')[3]}`) };
}

/** Tables whose first column is the matrix's internal id. */
const BY_MATRIX = [
  'MATRIX.txt',
  'MATRIX_DATA.txt',
  'MATRIX_ANNOTATION.txt',
  'MATRIX_PROTEIN.txt',
  'MATRIX_SPECIES.txt',
];

/** The sample with only the matrices whose `<base id>.<version>` is in `keep`; its folder. */
export async function trimmedSample(keep: readonly string[]): Promise<string> {
  const dump = join(await tempDir('trimmed-sample'), 'sample');
  await cp(SAMPLE, dump, { recursive: true });
  const lines = async (table: string) => (await readFile(join(dump, table), 'utf8')).split('\n').filter(Boolean);
  const ids = new Set<string>();
  const kept = new Set<string>();
  for (const line of await lines('MATRIX.txt')) {
    const [id, , base, version] = line.split('\t');
    if (keep.includes(`${base}.${version}`)) {
      ids.add(id!);
      kept.add(`${base}.${version}`);
    }
  }
  const missing = keep.filter((k) => !kept.has(k));
  if (missing.length) throw new Error(`trimmedSample: not in the sample: ${missing.join(', ')}`);
  for (const table of BY_MATRIX) {
    const rows = (await lines(table)).filter((l) => ids.has(l.split('\t')[0]!));
    await writeFile(join(dump, table), rows.map((r) => `${r}\n`).join(''));
  }
  const tffms = (await lines('TFFM.txt')).filter((l) => {
    const [, , , base, version] = l.split('\t');
    return kept.has(`${base}.${version}`);
  });
  await writeFile(join(dump, 'TFFM.txt'), tffms.map((r) => `${r}\n`).join(''));
  for (const folder of ['bed', 'sites'])
    for (const file of await readdir(join(dump, folder)))
      if (!kept.has(file.replace(/\.[a-z]+$/, ''))) await rm(join(dump, folder, file));
  return dump;
}
