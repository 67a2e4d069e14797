/**
 * A real release's flat-file tables cut to some of its matrices, for a test that needs real
 * data at a scale below the whole release (test/hosts/s3-upload.test.ts: several thousand
 * objects, not fourteen thousand). Every table keeps exactly the rows of the kept matrices'
 * internal ids, byte for byte (TAX.txt whole); the lines are JASPAR's own.
 */
import { readdir, readFile, writeFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';

/** Tables keyed by a matrix's internal id in their first column. */
const BY_MATRIX = /^MATRIX(_[A-Z]+)?\.txt$/;

/**
 * Copy the flat release in `from` to `to`, keeping the matrices whose internal id `keep` takes.
 * Returns how many matrices were kept.
 */
export async function flatReleaseSubset(from: string, to: string, keep: (id: number) => boolean): Promise<number> {
  await mkdir(to, { recursive: true });
  let kept = 0;
  for (const name of (await readdir(from)).sort()) {
    const text = await readFile(join(from, name), 'utf8');
    if (!BY_MATRIX.test(name)) {
      await writeFile(join(to, name), text);
      continue;
    }
    const lines = text.split('\n').filter((line, i) => {
      if (line === '') return false;
      const id = /^(\d+)\t/.exec(line)?.[1];
      // A record spread over lines (an escaped line break) would be cut: refuse, never drop it.
      if (id === undefined) throw new Error(`${join(from, name)}:${i + 1}: no matrix id first`);
      return keep(Number(id));
    });
    if (name === 'MATRIX.txt') kept = lines.length;
    await writeFile(join(to, name), lines.map((l) => `${l}\n`).join(''));
  }
  return kept;
}
