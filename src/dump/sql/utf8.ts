/**
 * Locating invalid UTF-8 in a chunk, so a decoding failure can name its line and bytes. Decoding
 * itself is done by TextDecoder; this only runs after it has thrown.
 */
import { UserError } from '../../errors.js';

const isContinuation = (b: number | undefined): boolean => b !== undefined && b >= 0x80 && b <= 0xbf;

/** Length of the valid UTF-8 sequence at `i`, 0 if invalid, -1 if it is cut off by the chunk's end. */
function sequenceAt(bytes: Uint8Array, i: number): number {
  const b = bytes[i] ?? 0;
  if (b < 0x80) return 1;
  let length: number;
  let low = 0x80;
  let high = 0xbf; // allowed range of the second byte (excludes overlongs and surrogates)
  if (b >= 0xc2 && b <= 0xdf) length = 2;
  else if (b >= 0xe0 && b <= 0xef) {
    length = 3;
    if (b === 0xe0) low = 0xa0;
    if (b === 0xed) high = 0x9f;
  } else if (b >= 0xf0 && b <= 0xf4) {
    length = 4;
    if (b === 0xf0) low = 0x90;
    if (b === 0xf4) high = 0x8f;
  } else return 0;
  for (let k = 1; k < length; k++) {
    if (i + k >= bytes.length) return -1;
    const c = bytes[i + k] ?? 0;
    if (k === 1 ? c < low || c > high : !isContinuation(c)) return 0;
  }
  return length;
}

/**
 * Offset of the first invalid byte sequence in `bytes`, or -1. Up to three leading continuation
 * bytes are skipped: they may complete a character begun in the previous chunk.
 */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < 3 && isContinuation(bytes[i])) i++;
  while (i < bytes.length) {
    const length = sequenceAt(bytes, i);
    if (length === 0) return i;
    if (length < 0) return -1;
    i += length;
  }
  return -1;
}

/**
 * The error for a chunk TextDecoder rejected, whose first invalid sequence is at `bad` (-1 when
 * not found) on line `line`. The text shows what precedes the bad bytes on their line, then the
 * bytes in hex.
 */
export function utf8Error(bytes: Uint8Array, bad: number, line: number): UserError {
  if (bad < 0) return new UserError('text is not valid UTF-8', { line });
  let lineStart = 0;
  for (let k = bad - 1; k >= 0; k--) {
    if (bytes[k] === 0x0a) {
      lineStart = k + 1;
      break;
    }
  }
  const before = new TextDecoder('utf-8').decode(bytes.subarray(Math.max(lineStart, bad - 40), bad));
  let end = bad + 1;
  while (end < Math.min(bytes.length, bad + 4) && (bytes[end] ?? 0) >= 0x80) end++;
  const hex = Array.from(bytes.subarray(bad, end), (b) => `\\x${b.toString(16).toUpperCase().padStart(2, '0')}`).join(
    '',
  );
  return new UserError(`text is not valid UTF-8 (bytes ${hex})`, { line, text: `${before}${hex}` });
}
