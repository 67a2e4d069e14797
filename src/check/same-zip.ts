/**
 * Two zips judged by what they hold (contract §9: the same member names and contents, in
 * order), not by their bytes: a host or a rebuild may compress or lay out a zip otherwise and
 * still serve the same files. The mirror's zip is untrusted: it is read within its own bounds,
 * and its members inflated no further than the reference's sizes (a member that inflates to
 * more is different), so a malformed or hostile zip is "not the same", never an exception.
 */
import { inflateRawSync } from 'node:zlib';

interface Entry {
  readonly name: string;
  readonly method: number;
  readonly size: number;
  readonly data: Buffer;
}

const END = Buffer.from([0x50, 0x4b, 0x05, 0x06]);

/** The central directory's entries, or null when the bytes are not a zip this can read. */
function entries(zip: Buffer): Entry[] | null {
  const end = zip.lastIndexOf(END);
  if (end < 0 || end + 22 > zip.length) return null;
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const out: Entry[] = [];
  for (let i = 0; i < count; i++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== 0x02014b50) return null;
    const nameLength = zip.readUInt16LE(at + 28);
    const local = zip.readUInt32LE(at + 42);
    if (at + 46 + nameLength > zip.length || local + 30 > zip.length) return null;
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const compressed = zip.readUInt32LE(at + 20);
    if (start + compressed > zip.length) return null;
    out.push({
      name: zip.toString('utf8', at + 46, at + 46 + nameLength),
      method: zip.readUInt16LE(at + 10),
      size: zip.readUInt32LE(at + 24),
      data: zip.subarray(start, start + compressed),
    });
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return out;
}

/** A member's content, read no further than `limit` bytes; null when it cannot be or is longer. */
function content(e: Entry, limit: number): Buffer | null {
  if (e.method === 0) return e.data;
  if (e.method !== 8) return null;
  try {
    return inflateRawSync(e.data, { maxOutputLength: Math.max(1, limit) });
  } catch {
    return null;
  }
}

/** Whether `got` holds the members of `expected` (the reference's zip): names and contents, in order. */
export function sameZipMembers(expected: Buffer, got: Buffer): boolean {
  const want = entries(expected);
  const have = entries(got);
  if (want === null || have === null || want.length !== have.length) return false;
  return want.every((w, i) => {
    const h = have[i]!;
    if (w.name !== h.name || w.size !== h.size) return false;
    const a = content(w, w.size);
    const b = content(h, w.size);
    return a !== null && b !== null && a.equals(b);
  });
}
