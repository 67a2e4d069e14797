/**
 * A problem with the user's input or options (bad dump, unknown option, unusable path).
 * Carries where it happened so the CLI can print one precise line; only the CLI entry
 * point prints it and sets the exit code.
 */
export interface Place {
  /** File the problem was found in (as given by the user, or relative to the dump). */
  file?: string;
  /** Table name, when the file holds one or several tables. */
  table?: string;
  /** 1-based line (flat files) or statement number (SQL dumps). */
  line?: number;
  /** The offending text, shortened for display. */
  text?: string;
}

export class UserError extends Error {
  readonly place: Place;
  constructor(message: string, place: Place = {}) {
    super(message);
    this.name = 'UserError';
    this.place = place;
  }

  /** `file:line: [table] message: "text"`, the one-line form the CLI prints. */
  format(): string {
    const { file, table, line, text } = this.place;
    const where = [file, line === undefined ? undefined : String(line)].filter((p) => p !== undefined).join(':');
    const parts: string[] = [];
    if (where) parts.push(`${where}:`);
    if (table && !(file ?? '').toUpperCase().includes(table.toUpperCase())) parts.push(`[${table}]`);
    parts.push(this.message);
    let out = parts.join(' ');
    // The offending text is printed once: not again when the message already quotes it.
    if (text !== undefined && !this.message.includes(`"${text}"`)) out += `: "${shorten(text)}"`;
    return out;
  }
}

/** How a character that would break the line (or drive a terminal) is shown: `\n`, `\x1b`, `\u2028`. */
function shown(c: string): string {
  if (c === '\r') return '\\r';
  if (c === '\n') return '\\n';
  if (c === '\t') return '\\t';
  const code = c.charCodeAt(0);
  return code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

/** Shorten long offending text so an error stays one readable line: control characters and line separators shown escaped. */
export function shorten(text: string, max = 80): string {
  const oneLine = text.replace(/[\x00-\x1f\x7f\x85\u2028\u2029]/g, shown);
  return oneLine.length > max ? `${oneLine.slice(0, max)}…` : oneLine;
}

/** A non-fatal finding reported in the build summary (e.g. a matrix without data). */
export interface Warning {
  message: string;
  place: Place;
}
