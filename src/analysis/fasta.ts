/**
 * FASTA text as Scan reads it (contract §11): JASPAR's 2018 `_scan_matrix` wrote the posted text
 * to a file and read it back with `Bio.SeqIO.parse(path, "fasta")` (Bio/SeqIO/FastaIO.py,
 * `SimpleFastaParser`). So, as there:
 * - lines end at `\n`, `\r\n` or a lone `\r` (a file read with universal newlines);
 * - everything before the first line that starts with `>` is skipped;
 * - a record's title is the rest of its `>` line without trailing whitespace, its id the title's
 *   first word (`title.split(None, 1)[0]`, or empty); whitespace is Python's (`str.isspace`);
 * - its sequence is its lines, each without trailing whitespace, joined, with every space
 *   removed (tabs and other whitespace inside a line stay, and later make a window unscored).
 *
 * Where Biopython fails or the copy is stricter, the answer is a typed error with a one-line
 * message (§11's bad input): nothing but whitespace, or no letter in any record (`empty`); no
 * line starting with `>`, or a sequence holding a character outside ASCII, which Biopython's
 * `Seq` refuses (`not-fasta`); more than {@link MAX_SEQUENCE} letters in all (`too-large`). A byte
 * order mark at the very start is dropped (a browser's file reader drops it too); Biopython
 * would skip the first line.
 */
import { shorten } from '../errors.js';

export interface FastaRecord {
  /** The title's first word (Biopython's `record.id`); empty when the title is. */
  readonly id: string;
  /** The title line without `>` and trailing whitespace (`record.description`). */
  readonly description: string;
  /** The sequence's letters as written (case kept). */
  readonly sequence: string;
}

export type FastaErrorKind = 'empty' | 'not-fasta' | 'too-large';

export interface FastaError {
  readonly kind: FastaErrorKind;
  /** One line, for the page. */
  readonly message: string;
}

export type FastaResult =
  | { readonly ok: true; readonly records: readonly FastaRecord[] }
  | { readonly ok: false; readonly error: FastaError };

/** The most sequence letters a scan takes, all records together (1 MB of one-byte letters). */
export const MAX_SEQUENCE = 1_000_000;

/** Python's `str.isspace()` characters, by code. */
const PY_SPACE: ReadonlySet<number> = new Set([
  0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x1c, 0x1d, 0x1e, 0x1f, 0x20, 0x85, 0xa0, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003,
  0x2004, 0x2005, 0x2006, 0x2007, 0x2008, 0x2009, 0x200a, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000,
]);
const isPySpace = (c: string): boolean => PY_SPACE.has(c.charCodeAt(0));

/** The first character of `s` outside ASCII, or null. */
function outsideAscii(s: string): string | null {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) > 0x7f) return String.fromCodePoint(s.codePointAt(i)!);
  return null;
}

/** Python's `s.rstrip()`. */
function rstrip(s: string): string {
  let end = s.length;
  while (end > 0 && isPySpace(s[end - 1]!)) end--;
  return s.slice(0, end);
}

/** Python's `title.split(None, 1)[0]`, or '' when the title is all whitespace. */
function firstWord(title: string): string {
  let start = 0;
  while (start < title.length && isPySpace(title[start]!)) start++;
  let end = start;
  while (end < title.length && !isPySpace(title[end]!)) end++;
  return title.slice(start, end);
}

const fail = (kind: FastaErrorKind, message: string): FastaResult => ({ ok: false, error: { kind, message } });

/** `SimpleFastaParser` with Bio.SeqIO's ids: the records, or why the text cannot be scanned. */
export function parseFasta(input: string): FastaResult {
  const text = input.startsWith('\ufeff') ? input.slice(1) : input;
  let blank = true;
  for (let i = 0; i < text.length && blank; i++) blank = isPySpace(text[i]!);
  if (blank) return fail('empty', 'No sequence was given: paste FASTA text or choose a FASTA file.');
  const lines = text.split(/\r\n|\r|\n/);
  const first = lines.findIndex((line) => line.startsWith('>'));
  if (first === -1)
    return fail(
      'not-fasta',
      'This is not FASTA: no line starts with ">" (each sequence needs a ">name" line above it).',
    );
  const records: FastaRecord[] = [];
  let title = rstrip(lines[first]!.slice(1));
  let parts: string[] = [];
  let letters = 0;
  const close = (): FastaResult | null => {
    const sequence = parts.join('').replaceAll(' ', '');
    const id = firstWord(title);
    const outside = outsideAscii(sequence);
    if (outside !== null)
      return fail(
        'not-fasta',
        `Sequence "${shorten(id, 40)}" holds "${shorten(outside)}", which is not a sequence letter (FASTA sequences are ASCII).`,
      );
    letters += sequence.length;
    if (letters > MAX_SEQUENCE)
      return fail(
        'too-large',
        `The sequences hold more than ${MAX_SEQUENCE.toLocaleString('en')} letters, the most a scan takes.`,
      );
    records.push({ id, description: title, sequence });
    return null;
  };
  for (let i = first + 1; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.startsWith('>')) {
      const failed = close();
      if (failed) return failed;
      title = rstrip(line.slice(1));
      parts = [];
    } else parts.push(rstrip(line));
  }
  const failed = close();
  if (failed) return failed;
  if (letters === 0) return fail('empty', 'The FASTA records hold no sequence letters.');
  return { ok: true, records };
}
