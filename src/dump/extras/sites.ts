/** Parsing binding-site files as JASPAR's download layout ships them. */
import { UserError } from '../../errors.js';

/** One binding site from a FASTA `.sites` file: the header, the sequence, the upper-case site. */
export interface FastaSite {
  readonly id: string;
  readonly sequence: string;
  readonly site: string;
}

/** One BED6 line. */
export interface BedRegion {
  readonly chrom: string;
  readonly start: number;
  readonly end: number;
  readonly name: string;
  readonly score: string;
  readonly strand: string;
}

/** The binding sites a release ships for one matrix (`sites/<id>.sites`, `bed/<id>.bed`). */
export interface MatrixSites {
  readonly fasta: readonly FastaSite[] | null;
  readonly bed: readonly BedRegion[] | null;
}

/** A FASTA `.sites` file: `>header` lines, each followed by one sequence whose site is upper case. */
export function parseSitesFasta(text: string, file: string): FastaSite[] {
  const out: FastaSite[] = [];
  let header: string | null = null;
  let line = 0;
  for (const raw of text.split('\n')) {
    line++;
    const l = raw.replace(/\r$/, '');
    if (l.trim() === '') continue;
    if (l.startsWith('>')) {
      if (header !== null)
        throw new UserError('FASTA record without a sequence', { file, line: line - 1, text: header });
      header = l.slice(1).trim();
      continue;
    }
    if (header === null) throw new UserError('sequence before any ">" header', { file, line, text: l });
    if (!/^[A-Za-z]+$/.test(l.trim()))
      throw new UserError('sequence has characters other than letters', { file, line, text: l });
    const sequence = l.trim();
    out.push({ id: header.replace(/\t/g, ' '), sequence, site: sequence.replace(/[a-z]+/g, '') });
    header = null;
  }
  if (header !== null) throw new UserError('FASTA record without a sequence', { file, line, text: header });
  return out;
}

/** A BED6 file (browser/track/# lines skipped). */
export function parseBed6(text: string, file: string): BedRegion[] {
  const out: BedRegion[] = [];
  let line = 0;
  for (const raw of text.split('\n')) {
    line++;
    const l = raw.replace(/\r$/, '');
    if (l.trim() === '' || /^(#|track|browser)/.test(l)) continue;
    const f = l.split('\t');
    if (f.length < 6)
      throw new UserError(`BED6 needs 6 tab-separated fields, found ${f.length}`, { file, line, text: l });
    const [chrom, start, end, name, score, strand] = f as [string, string, string, string, string, string];
    if (!/^\d+$/.test(start) || !/^\d+$/.test(end))
      throw new UserError('BED start and end must be whole numbers', { file, line, text: l });
    if (!['+', '-', '.'].includes(strand))
      throw new UserError(`BED strand "${strand}" is not +, - or .`, { file, line, text: l });
    out.push({ chrom, start: Number(start), end: Number(end), name, score, strand });
  }
  return out;
}
