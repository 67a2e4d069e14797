/** Short words of a dump, each kept once while it repeats (see {@link WordTable.word}). */

/** The last short word of each first character (7 bits) and length, reused while it repeats. */
export class WordTable {
  private readonly words: (string | undefined)[] = new Array<string | undefined>(128 << 4).fill(undefined);

  /**
   * The word `s[i, j)`: the last one of its length and first character when it is the same
   * (INSERT, INTO, the table, VALUES and a matrix's ID on every row of a SQLite dump), else a
   * new string. Only short words are kept: a slice of 13 or more characters is a view of the
   * whole chunk, which this would keep alive.
   */
  word(s: string, i: number, j: number): string {
    const length = j - i;
    if (length >= 13) return s.slice(i, j);
    const slot = ((s.charCodeAt(i) & 127) << 4) | length;
    const last = this.words[slot];
    if (last !== undefined && s.startsWith(last, i)) return last;
    const text = s.slice(i, j);
    this.words[slot] = text;
    return text;
  }
}
