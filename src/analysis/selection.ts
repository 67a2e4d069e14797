/**
 * Download of a selection (contract §11, JASPAR 2018's `_download_matrix`): the picked
 * profiles' detail answers (contract §5, as the build wrote them) in `jaspar`, `meme`,
 * `transfac` or `pfm`, either combined into one text or one zip member per profile.
 * - combined: the answers one after another; for MEME the header once, from the first answer,
 *   then each answer without its header (everything before its first `MOTIF ` line);
 * - individual: a stored zip (stored-zip.ts) of `<matrix_id>.<format>` members, each a whole
 *   detail answer, MEME ones with their header, in the order picked.
 */
import { storedZip } from './stored-zip.js';

export type SelectionFormat = 'jaspar' | 'meme' | 'transfac' | 'pfm';

export interface DetailAnswer {
  readonly matrixId: string;
  /** The profile's detail answer in the chosen format. */
  readonly text: string;
}

/** Where a MEME answer's motifs start: its first line beginning `MOTIF ` (the text's length when none). */
function firstMotif(text: string): number {
  if (text.startsWith('MOTIF ')) return 0;
  const at = text.indexOf('\nMOTIF ');
  return at === -1 ? text.length : at + 1;
}

/** The combined `.txt` of a selection. */
export function combined(records: readonly DetailAnswer[], format: SelectionFormat): string {
  if (format !== 'meme') return records.map((r) => r.text).join('');
  const [first] = records;
  const header = first === undefined ? '' : first.text.slice(0, firstMotif(first.text));
  return header + records.map((r) => r.text.slice(firstMotif(r.text))).join('');
}

/** The individual `.zip` of a selection; a profile picked twice is an error (the cart is a set). */
export function individualZip(records: readonly DetailAnswer[], format: SelectionFormat): Uint8Array {
  const names = records.map((r) => `${r.matrixId}.${format}`);
  const seen = new Set<string>();
  for (const name of names) {
    if (seen.has(name)) throw new Error(`${name} is in the selection twice`);
    seen.add(name);
  }
  return storedZip(records.map((r, i) => ({ name: names[i]!, text: r.text })));
}
